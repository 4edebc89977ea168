"""The vocabularies of the pretreatment program, in the ordinance's words."""

from __future__ import annotations

from django.db import models

from sewerworks.ordinance.s118_37_limits import PARAMETERS, RESULT_UNITS


class PointKind(models.TextChoices):
    CONTROL_MANHOLE = "control_manhole", "Control manhole required by the Town Engineer (§118-41)"
    PUBLIC_MANHOLE = "public_manhole", "Nearest downstream public manhole (§118-42, none required)"


class SampleKind(models.TextChoices):
    GRAB = "grab", "Grab"
    COMPOSITE = "composite", "24-hour composite"


class Qualifier(models.TextChoices):
    DETECTED = "", "Detected"
    BELOW = "<", "Below the detection limit (<)"


class Basis(models.TextChoices):
    DAY = "24_hour", "24-hour average"
    THIRTY = "30_day", "30-day average"
    INSTANT = "instantaneous", "Single reading"


class ReviewStatus(models.TextChoices):
    OPEN = "open", "Open"
    APPROVED = "approved", "Approved"
    PRELIMINARY_TREATMENT = "preliminary_treatment", "Preliminary treatment required (§118-40)"
    SURCHARGE = "surcharge", "Surcharge (§118-52)"


class Agency(models.TextChoices):
    """Who §118-45 lets enter, bearing proper credentials and identification."""

    TOWN_ENGINEER = "town_engineer", "Town Engineer"
    TOWN = "town", "Duly authorized employee of the town"
    USEPA = "usepa", "United States Environmental Protection Agency"
    NYSDEC = "nysdec", "New York State Department of Environmental Conservation"


PARAMETER_CHOICES = [(key, m.words) for key, m in PARAMETERS.items()]
UNIT_CHOICES = [(u, u) for u in RESULT_UNITS]

# The visit's checklist: the narrative prohibitions of §118-37 A and of §118-2 and §118-3, each observed or not.
CHECKLIST: dict[str, str] = {
    "118-2": "Excrement, garbage or other objectionable waste deposited in an unsanitary manner (§118-2)",
    "118-3": "Sewage or industrial waste discharged to a natural outlet without suitable treatment (§118-3)",
    "heat": "Liquid or vapor hotter than 150 °F (§118-37)",
    "solidifying_grease": "Grease or oil that solidifies or becomes viscous between 32 and 150 °F (§118-37)",
    "flammable": "Gasoline, benzine, naphtha, fuel oil, mineral oil or other flammable or explosive matter (§118-37)",
    "noxious_gas": "Noxious or malodorous gas: hydrogen sulfide, sulfur dioxide, nitrous oxide (§118-37)",
    "garbage": "Garbage not properly pulverized or ground to fine powder (§118-37)",
    "obstructing_solids": "Ashes, sand, metal, rags, tar, plastic, slops, cannery waste or other obstructing solids",
    "corrosive": "Acid or alkaline, corrosive wastes; free acids and alkalies not neutralized to pH 6.0-9.0",
    "radioactive": "Long half-life (over 100 days) toxic radioactive isotopes without special permit (§118-37)",
    "slug": "Slug loads or a continuous discharge above 1,000 gallons per minute (§118-37)",
    "clear_water": "Stormwater, roof, spring, cellar or footing drains, tank or privy contents, cooling effluent",
}


class Observed(models.TextChoices):
    NOT_SEEN = "not_seen", "Not seen"
    SEEN = "seen", "Seen"
    NOT_CHECKED = "not_checked", "Not checked"
