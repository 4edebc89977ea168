"""§ 118-34 Exfiltration test (I-41).

    This test consists of filling the pipe with water to provide a head of at least five feet above
    the top of the pipe or five feet above groundwater, whichever is higher, at the highest point of
    the pipe line under test, and then measuring the loss of water from the line [...]. In this test,
    the line must remain filled with water for at least 24 hours prior to the taking of measurements.
    [...] The test length intervals [...] in no event shall they exceed 100 feet. [...] The test
    period, wherein the measurements are taken, shall not be less than two hours in either type of test.

    The total leakage of any section tested shall not exceed the rate of 100 gallons per mile of pipe
    per 24 hours per inch of nominal pipe diameter. For purposes of determining the maximum allowable
    leakage, manholes shall be considered as sections of forty-eight-inch diameter pipe, five feet
    long. The equivalent leakage allowance shall be 4.5 gallons per manhole per 24 hours for
    forty-eight-inch diameter manholes. If leakage exceeds the specified amount, the necessary repairs
    or replacements required shall be made [...] and the tests shall be repeated [...].

I-41: allowed leakage = (100 gal × pipe miles × nominal inches + Σ 4.5 gal × D/48 per manhole)
× test hours ÷ 24; a 10-inch pipe, 80-ft section, one 48-inch manhole, 3-hour test → 2.456 gal.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Annotated

from pydantic import ConfigDict, Field

from sewerworks.ordinance.decision import Amount, Decision, Finding
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.money import round_half_up
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide, num

SECTION = "118-34"
FEET_PER_MILE = Decimal(5280)
HOURS_PER_DAY = Decimal(24)
VALIDITY = ("max-section-length", "min-test-period", "min-fill-period", "min-head")

PositiveDecimal = Annotated[Decimal, Field(gt=0)]


class ExfiltrationFacts(Facts):
    """One exfiltration test of one section of sewer."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "pipe_diameter_in": 10,
                    "section_length_ft": 80,
                    "manholes": [48],
                    "test_hours": 3,
                    "filled_hours": 24,
                    "head_ft_above_crown": 5,
                    "measured_leakage_gal": "2.4",
                }
            ]
        },
    )

    pipe_diameter_in: Decimal = Field(gt=0, description="Nominal pipe diameter, inches.", examples=[10])
    section_length_ft: Decimal = Field(gt=0, description="Length of the section tested, feet.", examples=[80])
    manholes: list[PositiveDecimal] | Annotated[int, Field(ge=0)] = Field(
        default=0,
        description="Manholes in the section: their diameters in inches, or a count of 48-inch ones.",
        examples=[[48], 1],
    )
    test_hours: Decimal = Field(
        gt=0, description="Test period wherein the measurements are taken, hours.", examples=[3]
    )
    filled_hours: Decimal = Field(
        ge=0, description="Hours the line stood filled before measuring.", examples=[24]
    )
    head_ft_above_crown: Decimal = Field(
        description="Head of water above the top of the pipe at the highest point of the line, feet.",
        examples=[5],
    )
    groundwater_ft_above_crown: Decimal | None = Field(
        default=None,
        description="Groundwater above the top of the pipe at the highest point (negative if below), feet.",
        examples=[None, 1.5],
    )
    measured_leakage_gal: Decimal | None = Field(
        default=None,
        ge=0,
        description="Water added to keep the original level over the test period, gallons.",
        examples=[2.4],
    )


def manhole_diameters(facts: ExfiltrationFacts, view: ParameterView) -> list[Decimal]:
    """Each manhole's diameter; a bare count means that many 48-inch manholes (§118-33, I-41)."""
    if isinstance(facts.manholes, int):
        return [view.number("exfiltration.manhole_reference_diameter")] * facts.manholes
    return list(facts.manholes)


def allowed_leakage(facts: ExfiltrationFacts, view: ParameterView) -> tuple[Decimal, list[dict[str, str]]]:
    """The exact allowance over the test period (I-41), with its workings."""
    rate = view.number("exfiltration.leakage_rate")
    per_manhole = view.number("exfiltration.manhole_allowance")
    reference = view.number("exfiltration.manhole_reference_diameter")
    miles = facts.section_length_ft / FEET_PER_MILE
    pipe = rate * miles * facts.pipe_diameter_in
    breakdown = [
        {
            "item": "pipe",
            "working": f"{num(rate)} gal/(mi·in·day) × {num(facts.section_length_ft)} ft ÷ 5280 ft/mi"
            f" × {num(facts.pipe_diameter_in)} in",
            "gal_per_day": num(round_half_up(pipe, 3)),
        }
    ]
    daily = pipe
    for n, diameter in enumerate(manhole_diameters(facts, view), start=1):
        manhole = per_manhole * diameter / reference
        daily += manhole
        breakdown.append(
            {
                "item": f"manhole {n}",
                "working": f"{num(per_manhole)} gal/day × {num(diameter)} in ÷ {num(reference)} in",
                "gal_per_day": num(round_half_up(manhole, 3)),
            }
        )
    total = daily * facts.test_hours / HOURS_PER_DAY
    breakdown.append(
        {
            "item": "test period",
            "working": f"{num(round_half_up(daily, 3))} gal/day × {num(facts.test_hours)} h ÷ 24 h",
            "gal": num(total),
        }
    )
    return total, breakdown


def _finding(
    requirement: str, ok: bool, sentence: str, compared: dict[str, str | int | bool | None]
) -> Finding:
    return Finding(
        section=SECTION,
        requirement=requirement,
        severity="complies" if ok else "fails",
        sentence=sentence,
        compared=compared,
        interpretations=["I-41"],
    )


def section_length_within_limit(facts: ExfiltrationFacts, view: ParameterView) -> Finding:
    """The test length intervals [...] in no event shall they exceed 100 feet."""
    limit = view.number("exfiltration.max_section_length")
    length = facts.section_length_ft
    return _finding(
        "max-section-length",
        length <= limit,
        f"The section tested is {num(length)} ft; §118-34 allows at most {num(limit)} ft per test.",
        {"section_length_ft": num(length), "max_section_length_ft": num(limit)},
    )


def measurement_period_long_enough(facts: ExfiltrationFacts, view: ParameterView) -> Finding:
    """The test period, wherein the measurements are taken, shall not be less than two hours."""
    least = view.number("exfiltration.min_test_period")
    return _finding(
        "min-test-period",
        facts.test_hours >= least,
        f"The test period was {num(facts.test_hours)} h; "
        f"§118-34 requires at least {num(least)} h of measurement.",
        {"test_hours": num(facts.test_hours), "min_test_hours": num(least)},
    )


def line_filled_long_enough(facts: ExfiltrationFacts, view: ParameterView) -> Finding:
    """The line must remain filled with water for at least 24 hours prior to the taking of measurements."""
    least = view.number("exfiltration.min_fill_period")
    return _finding(
        "min-fill-period",
        facts.filled_hours >= least,
        f"The line stood filled {num(facts.filled_hours)} h before measuring; §118-34 requires at least "
        f"{num(least)} h.",
        {"filled_hours": num(facts.filled_hours), "min_filled_hours": num(least)},
    )


def head_high_enough(facts: ExfiltrationFacts, view: ParameterView) -> Finding:
    """A head of at least five feet above the top of the pipe or above groundwater, whichever is higher."""
    least = view.number("exfiltration.min_head")
    groundwater = facts.groundwater_ft_above_crown
    base = max(Decimal(0), groundwater) if groundwater is not None else Decimal(0)
    head = facts.head_ft_above_crown - base
    if base > 0:
        where = (
            f"The head was {num(facts.head_ft_above_crown)} ft above the top of the pipe and groundwater "
            f"stood {num(base)} ft above it, so the head was {num(head)} ft above groundwater"
        )
    else:
        where = f"The head was {num(head)} ft above the top of the pipe (groundwater is not higher)"
    return _finding(
        "min-head",
        head >= least,
        f"{where}; §118-34 requires at least {num(least)} ft above the higher of the two.",
        {
            "head_ft_above_crown": num(facts.head_ft_above_crown),
            "groundwater_ft_above_crown": None if groundwater is None else num(groundwater),
            "head_above_higher_ft": num(head),
            "min_head_ft": num(least),
        },
    )


def leakage_within_allowance(measured: Decimal, allowance: Decimal) -> Finding:
    """The total leakage of any section tested shall not exceed the allowance (equal to it passes)."""
    shown = num(round_half_up(allowance, 3))
    if measured <= allowance:
        sentence = (
            f"Measured leakage {num(measured)} gal is within the allowance of {shown} gal for this test."
        )
    else:
        sentence = (
            f"Measured leakage {num(measured)} gal exceeds the allowance of {shown} gal; §118-34 "
            "requires repairs and a repeated test until the leakage is within the limit."
        )
    return _finding(
        "leakage",
        measured <= allowance,
        sentence,
        {"measured_leakage_gal": num(measured), "allowed_leakage_gal": num(allowance)},
    )


def exfiltration_test(facts: ExfiltrationFacts, view: ParameterView, as_of: date) -> Decision:
    """Whether the test was valid and, if measured, whether the section passed (I-41)."""
    validity = [
        section_length_within_limit(facts, view),
        measurement_period_long_enough(facts, view),
        line_filled_long_enough(facts, view),
        head_high_enough(facts, view),
    ]
    allowance, breakdown = allowed_leakage(facts, view)
    amount = Amount(
        key="allowed_leakage",
        name="allowed leakage",
        value=round_half_up(allowance, 3),
        unit="gal",
        section=SECTION,
        breakdown=breakdown,
    )
    findings = list(validity)
    shown = num(round_half_up(allowance, 3))
    invalid = [f for f in validity if f.severity == "fails"]
    if invalid:
        outcome = "invalid"
        summary = "The test is not valid under §118-34: " + " ".join(f.sentence for f in invalid)
    elif facts.measured_leakage_gal is None:
        outcome = "allowance"
        summary = f"The section may lose at most {shown} gal over the {num(facts.test_hours)}-hour test."
    else:
        leakage = leakage_within_allowance(facts.measured_leakage_gal, allowance)
        findings.append(leakage)
        outcome = "pass" if leakage.severity == "complies" else "fail"
        summary = leakage.sentence
    return decide(
        topic=TOPIC_NAME,
        as_of=as_of,
        view=view,
        outcome=outcome,
        summary=summary,
        findings=findings,
        amounts=[amount],
        interpretations=["I-41"],
    )


TOPIC_NAME = "exfiltration-test"

_WORKED = {
    "pipe_diameter_in": 10,
    "section_length_ft": 80,
    "manholes": [48],
    "test_hours": 3,
    "filled_hours": 24,
    "head_ft_above_crown": 5,
}

TOPIC: Topic[ExfiltrationFacts] = Topic(
    name=TOPIC_NAME,
    title="Exfiltration test of a sewer section (§118-34)",
    sections=(SECTION, "118-31"),
    facts_model=ExfiltrationFacts,
    rule=exfiltration_test,
    interpretations=("I-41",),
    examples=(
        Example(
            "A 10-inch 80-ft section with one 48-inch manhole over 3 hours may lose 2.456 gallons",
            _WORKED,
            "allowance",
            amounts={"allowed_leakage": "2.456"},
        ),
        Example(
            "The same section losing 2.4 gallons passes", {**_WORKED, "measured_leakage_gal": "2.4"}, "pass",
            amounts={"allowed_leakage": "2.456"},
        ),
        Example(
            "The same section losing 2.5 gallons fails", {**_WORKED, "measured_leakage_gal": "2.5"}, "fail",
            amounts={"allowed_leakage": "2.456"},
        ),
        Example(
            "A 120-ft section is too long to test at once", {**_WORKED, "section_length_ft": 120}, "invalid",
            amounts={"allowed_leakage": "3.403"},
        ),
        Example(
            "Groundwater 1 ft above the crown needs 6 ft of head; 5 ft is not enough",
            {**_WORKED, "groundwater_ft_above_crown": 1},
            "invalid",
            amounts={"allowed_leakage": "2.456"},
        ),
    ),
)
