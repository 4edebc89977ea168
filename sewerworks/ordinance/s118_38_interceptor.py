"""§118-38 Grease, sand and oil interceptors: which interceptor a food service facility must have.

    When required. Grease and oil traps and interceptors shall be installed at all premises of commercial
    kitchens and restaurants engaged in the preparation or service of food [...]. Interceptors shall not
    be required for private living quarters or dwelling units.

    Existing installations. When in the opinion of the Building Inspector an existing installation is
    incapable of handling liquid waste, the owner shall install a one-thousand-gallon precast exterior
    grease interceptor if there is available space on the premises. [...] When adequate space is not
    available on the premises, a one-hundred-pound grease trap shall be installed inside the building, at
    a maximum distance from hot water discharges, as acceptable to the Building Inspector. [...] The
    manufacturer's specification and the installation plan from the owner must be reviewed and approved
    by the Superintendent prior to installation. All installations shall comply with [NYSDEC], Ulster
    County Health Department and local laws governing this type of construction.

    New construction. All food service facilities hereafter established shall be fitted with separate
    grease traps of precast concrete having a minimum one-thousand-gallon capacity exterior to the
    structure, [...] except that any food service facility with a seating capacity in excess of 150 seats
    shall be provided with a grease trap with a minimum capacity of 2,000 gallons.

    Preexisting nonconforming uses. All food service facilities which do not have grease and oil traps
    and interceptors at the premises shall install such interceptors in accordance with the requirements
    of this section within 30 days of connecting to the public sewer.
                                                  [Amended 7-24-2000 by L.L. No. 2-2000]  (§ 118-38)

I-35: "in excess of 150 seats" is 151 or more; "hereafter established" is established after 2000-07-24.
A 150-seat restaurant established 2005-03-01 needs 1,000 gallons; a 151-seat one needs 2,000 gallons.
I-66: a preexisting facility without an interceptor installs the exterior interceptor sized as for new
construction, or the 100-pound interior trap where the Building Inspector finds no space; its 30 days end
as I-20 counts them (connected 2026-05-01 → 2026-05-31 is a Sunday → install by 2026-06-01). The
``interceptor-deadline`` topic of the duty registry counts the same days from the same parameters.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Literal

from pydantic import ConfigDict, Field, model_validator

from sewerworks.ordinance.deadlines import due_after
from sewerworks.ordinance.decision import Amount, Deadline, Decision, Finding, Severity
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide, num
from sewerworks.ordinance.s118_38_preexisting import installation_due

SECTION = "118-38"
TOPIC_NAME = "grease-interceptor-requirement"
BUILDING_INSPECTOR = "Building Inspector"

Premises = Literal["restaurant", "commercial_kitchen", "private_living_quarters", "dwelling_unit"]


class FoodServiceFacts(Facts):
    """A premises where food may be prepared or served, and the interceptor it has."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"premises": "restaurant", "seats": 151, "established_on": "2005-03-01"}]},
    )

    premises: Premises = Field(
        description="restaurant or commercial_kitchen (§118-1: food or service paid for, or part of a work "
        "facility); private_living_quarters and dwelling_unit need no interceptor."
    )
    seats: int = Field(ge=0, le=100_000, description="Seating capacity.")
    established_on: date = Field(description="When the food service use was established (I-35).")
    connected_on: date | None = Field(default=None, description="When it was connected to the public sewer.")
    interceptor: Literal["none", "exterior", "interior"] = Field(
        default="none",
        description="The interceptor at the premises: none, an exterior precast interceptor, or an interior trap.",
    )
    interceptor_gallons: Decimal | None = Field(
        default=None, gt=0, description="Rated capacity of the exterior interceptor, gallons."
    )
    interceptor_pounds: Decimal | None = Field(
        default=None, gt=0, description="Rated capacity of the interior trap, pounds of grease."
    )
    found_incapable: bool | None = Field(
        default=None,
        description="The Building Inspector's opinion that the existing installation is incapable of handling "
        "liquid waste (null: not yet given).",
    )
    exterior_space_available: bool | None = Field(
        default=None,
        description="Space on the premises for a 1,000-gallon exterior interceptor (null: not yet known).",
    )

    @model_validator(mode="after")
    def _rated(self) -> FoodServiceFacts:
        if self.interceptor == "exterior" and self.interceptor_gallons is None:
            raise ValueError("an exterior interceptor needs interceptor_gallons, its rated capacity")
        if self.interceptor == "interior" and self.interceptor_pounds is None:
            raise ValueError("an interior trap needs interceptor_pounds, its rated capacity")
        return self


def _finding(
    requirement: str,
    severity: Severity,
    sentence: str,
    compared: dict[str, str | int | bool | None] | None = None,
    *,
    decided_by: str | None = None,
    interpretations: list[str] | None = None,
) -> Finding:
    return Finding(
        section=SECTION,
        requirement=requirement,
        severity=severity,
        sentence=sentence,
        compared=compared or {},
        decided_by=decided_by,
        interpretations=interpretations or [],
    )


def required_at_food_service(facts: FoodServiceFacts) -> Finding:
    """Interceptors shall be installed at all premises of commercial kitchens and restaurants [...].
    Interceptors shall not be required for private living quarters or dwelling units."""
    if facts.premises in ("private_living_quarters", "dwelling_unit"):
        kind = facts.premises.replace("_", " ")
        return _finding("when-required", "complies", f"Interceptors are not required for {kind}.")
    kind = facts.premises.replace("_", " ")
    return _finding("when-required", "complies", f"A {kind} must have a grease and oil interceptor.")


def is_new_construction(facts: FoodServiceFacts, view: ParameterView) -> bool:
    """Food service facilities hereafter established: established after 2000-07-24 (I-35)."""
    return facts.established_on > view.day("grease.new_construction_after")


def new_construction_capacity(facts: FoodServiceFacts, view: ParameterView) -> Decimal:
    """A minimum one-thousand-gallon capacity [...] except that any food service facility with a seating
    capacity in excess of 150 seats shall be provided with [...] a minimum capacity of 2,000 gallons."""
    if facts.seats > view.number("grease.large_facility_seats"):
        return view.number("grease.large_facility_min_capacity")
    return view.number("grease.min_capacity")


def new_construction(facts: FoodServiceFacts, view: ParameterView) -> tuple[str, Finding, Decimal]:
    """New construction: separate grease traps of precast concrete [...] exterior to the structure."""
    gallons = new_construction_capacity(facts, view)
    large = view.number("grease.large_facility_seats")
    size = f"{facts.seats} seats ({'more than' if facts.seats > large else 'not more than'} {num(large)})"
    needed = f"an exterior precast concrete grease interceptor of at least {num(gallons)} gallons"
    established = f"Established {facts.established_on.isoformat()}, after {view.day('grease.new_construction_after')}"
    compared: dict[str, str | int | bool | None] = {"seats": facts.seats, "required_gallons": num(gallons)}
    if facts.interceptor == "exterior" and facts.interceptor_gallons is not None:
        compared["interceptor_gallons"] = num(facts.interceptor_gallons)
        ok = facts.interceptor_gallons >= gallons
        verdict = "meets" if ok else "falls short of"
        sentence = (
            f"{established} with {size}, it needs {needed}; its {num(facts.interceptor_gallons)}-gallon "
            f"interceptor {verdict} that."
        )
        return (
            ("complies" if ok else "install"),
            _finding("new-construction", "complies" if ok else "fails", sentence, compared, interpretations=["I-35"]),
            gallons,
        )
    has = "an interior trap, which is not exterior precast" if facts.interceptor == "interior" else "none"
    sentence = f"{established} with {size}: it must be fitted with {needed}; it has {has}."
    return "install", _finding("new-construction", "fails", sentence, compared, interpretations=["I-35"]), gallons


def space_decides_the_interceptor(
    facts: FoodServiceFacts, view: ParameterView, gallons: Decimal
) -> tuple[str, Finding, Amount | None]:
    """A [...] precast exterior grease interceptor if there is available space on the premises. When
    adequate space is not available [...], a one-hundred-pound grease trap shall be installed inside the
    building, at a maximum distance from hot water discharges, as acceptable to the Building Inspector."""
    pounds = view.number("grease.interior_trap_capacity")
    exterior = f"a {num(gallons)}-gallon precast exterior grease interceptor"
    interior = f"a {num(pounds)}-pound grease trap inside the building, as far as possible from hot water discharges"
    space = facts.exterior_space_available
    amount: Amount | None = None
    severity: Severity
    if space is None:
        outcome, severity = "needs-review", "discretion"
        sentence = f"Install {exterior} if there is space on the premises, otherwise {interior}; whether there is "
        sentence += "space is not yet known."
    elif space:
        outcome, severity = "install", "complies"
        sentence = f"There is space on the premises: install {exterior}."
        amount = Amount(
            key="interceptor_capacity", name="interceptor capacity", value=gallons, unit="gal", section=SECTION
        )
    else:
        outcome, severity = "install", "discretion"
        sentence = f"There is no space on the premises for an exterior interceptor: install {interior}, "
        sentence += "as acceptable to the Building Inspector."
        amount = Amount(
            key="interceptor_capacity", name="interceptor capacity", value=pounds, unit="lb", section=SECTION
        )
    decided_by = BUILDING_INSPECTOR if severity == "discretion" else None
    compared: dict[str, str | int | bool | None] = {"exterior_space_available": space}
    return outcome, _finding("space", severity, sentence, compared, decided_by=decided_by), amount


def existing_installation(facts: FoodServiceFacts, view: ParameterView) -> tuple[str, list[Finding], Amount | None]:
    """When in the opinion of the Building Inspector an existing installation is incapable of handling
    liquid waste, the owner shall install [a new interceptor]."""
    have = (
        f"{num(facts.interceptor_gallons)}-gallon exterior interceptor"
        if facts.interceptor == "exterior" and facts.interceptor_gallons is not None
        else f"{num(facts.interceptor_pounds or 0)}-pound interior trap"
    )
    opinion = facts.found_incapable
    compared: dict[str, str | int | bool | None] = {"found_incapable": opinion}
    if opinion is None:
        sentence = (
            f"An existing installation (a {have}): whether it is capable of handling the liquid waste is the "
            "Building Inspector's opinion, not yet given."
        )
        return (
            "needs-review",
            [_finding("existing-installation", "discretion", sentence, compared, decided_by=BUILDING_INSPECTOR)],
            None,
        )
    if not opinion:
        sentence = f"The Building Inspector finds the existing {have} capable of handling the liquid waste."
        return "complies", [_finding("existing-installation", "complies", sentence, compared)], None
    sentence = f"The Building Inspector finds the existing {have} incapable of handling the liquid waste."
    gallons = view.number("grease.existing_exterior_capacity")
    outcome, space, amount = space_decides_the_interceptor(facts, view, gallons)
    return outcome, [_finding("existing-installation", "fails", sentence, compared), space], amount


def preexisting_without_interceptor(
    facts: FoodServiceFacts, view: ParameterView
) -> tuple[str, list[Finding], Amount | None, Deadline | None]:
    """All food service facilities which do not have grease and oil traps and interceptors at the premises
    shall install such interceptors in accordance with the requirements of this section within 30 days of
    connecting to the public sewer (I-20, I-66)."""
    gallons = new_construction_capacity(facts, view)
    outcome, space, amount = space_decides_the_interceptor(facts, view, gallons)
    space = space.model_copy(update={"interpretations": ["I-66"]})
    days = int(view.number("grease.preexisting_install_days"))
    if facts.connected_on is None:
        sentence = (
            f"A preexisting food service facility without an interceptor: it must install one within {days} days "
            "of connecting to the public sewer."
        )
        return outcome, [_finding("preexisting", "fails", sentence, interpretations=["I-66"]), space], amount, None
    days, due = installation_due(facts.connected_on, view)
    moved = " (moved to the next business day, I-20)" if due != due_after(facts.connected_on, days, shift=False) else ""
    sentence = (
        f"A preexisting food service facility without an interceptor, connected on "
        f"{facts.connected_on.isoformat()}: install it within {days} days, by the end of {due.isoformat()}{moved}."
    )
    ids = ["I-20", "I-66"]
    deadline = Deadline(key="install_interceptor", name="install the grease interceptor", due=due, section=SECTION,
                        sentence=sentence, interpretations=ids)  # fmt: skip
    compared: dict[str, str | int | bool | None] = {"connected_on": facts.connected_on.isoformat(), "days": days,
                                                    "due": due.isoformat()}  # fmt: skip
    finding = _finding("preexisting", "fails", sentence, compared, interpretations=ids)
    return ("install-by" if outcome == "install" else outcome), [finding, space], amount, deadline


def approvals_and_other_laws() -> Finding:
    """The manufacturer's specification and the installation plan [...] reviewed and approved by the
    Building Inspector [and] the Superintendent prior to installation. All installations shall comply
    with NYSDEC, Ulster County Health Department and local laws governing this type of construction."""
    return _finding(
        "approvals",
        "discretion",
        "Before installing, the manufacturer's specification and the installation plan must be approved by the "
        "Building Inspector and the Superintendent; the installation must also comply with NYSDEC, Ulster County "
        "Health Department and local laws, which sewerworks does not check.",
        decided_by="Building Inspector and Superintendent",
    )


def interceptor_requirement(facts: FoodServiceFacts, view: ParameterView, as_of: date) -> Decision:
    """Which interceptor the premises must have, and by when (I-35, I-66)."""
    when = required_at_food_service(facts)
    findings = [when]
    amounts: list[Amount] = []
    deadlines: list[Deadline] = []
    new = is_new_construction(facts, view)
    if facts.premises in ("private_living_quarters", "dwelling_unit"):
        outcome = "exempt"
    elif new:
        outcome, finding, gallons = new_construction(facts, view)
        findings.append(finding)
        amounts.append(
            Amount(key="interceptor_capacity", name="interceptor capacity", value=gallons, unit="gal", section=SECTION)
        )
    elif facts.interceptor != "none":
        outcome, more, amount = existing_installation(facts, view)
        findings.extend(more)
        amounts.extend([amount] if amount else [])
    else:
        outcome, more, amount, deadline = preexisting_without_interceptor(facts, view)
        findings.extend(more)
        amounts.extend([amount] if amount else [])
        deadlines.extend([deadline] if deadline else [])
    if outcome in ("install", "install-by"):
        findings.append(approvals_and_other_laws())
    summary = " ".join(f.sentence for f in findings[1:] if f.requirement != "approvals") or when.sentence
    return decide(
        topic=TOPIC_NAME,
        as_of=as_of,
        view=view,
        outcome=outcome,
        summary=summary,
        findings=findings,
        deadlines=deadlines,
        amounts=amounts,
        interpretations=["I-35"],
    )


_RESTAURANT = {"premises": "restaurant", "established_on": "2005-03-01"}
_OLD = {"premises": "restaurant", "seats": 60, "established_on": "1988-05-01"}

TOPIC: Topic[FoodServiceFacts] = Topic(
    name=TOPIC_NAME,
    title="Grease interceptor a food service facility must have (§118-38)",
    sections=(SECTION,),
    facts_model=FoodServiceFacts,
    rule=interceptor_requirement,
    interpretations=("I-35",),
    examples=(
        Example(
            "A new 151-seat restaurant needs a 2,000-gallon exterior interceptor",
            {**_RESTAURANT, "seats": 151},
            "install",
        ),
        Example("A new 150-seat restaurant needs 1,000 gallons", {**_RESTAURANT, "seats": 150}, "install"),
        Example(
            "A new 150-seat restaurant with a 1,000-gallon exterior interceptor complies",
            {**_RESTAURANT, "seats": 150, "interceptor": "exterior", "interceptor_gallons": 1000},
            "complies",
        ),
        Example(
            "Private living quarters need no interceptor",
            {**_RESTAURANT, "premises": "private_living_quarters", "seats": 0},
            "exempt",
        ),
        Example(
            "An existing interior trap awaits the Building Inspector's opinion",
            {**_OLD, "interceptor": "interior", "interceptor_pounds": 50},
            "needs-review",
        ),
        Example(
            "An existing trap found incapable, with no space outside: a 100-pound interior trap",
            {**_OLD, "interceptor": "interior", "interceptor_pounds": 50, "found_incapable": True,
             "exterior_space_available": False},
            "install",
        ),
        Example(
            "A preexisting restaurant without one, connected 2026-05-01, with space: install by 2026-06-01",
            {**_OLD, "connected_on": "2026-05-01", "exterior_space_available": True},
            "install-by",
            deadlines={"install_interceptor": "2026-06-01"},
        ),
    ),
)  # fmt: skip
