"""§ 118-34 Exfiltration test: the test plan of one run of sewer (I-140).

    The test length intervals for either type of test shall be as ordered approved, but in no event shall
    they exceed 100 feet. In the case of sewers laid on steep grades, the length of line to be tested by
    exfiltration at any one time may be limited by the maximum allowable internal pressure on the pipe and
    joints at the lower end of the line. [...] For purposes of determining the maximum allowable leakage,
    manholes shall be considered as sections of forty-eight-inch diameter pipe, five feet long.

I-140: a run of pipe between two manholes is tested in the fewest equal sections of at most
``exfiltration.max_section_length`` (100 ft), or of at most ``max_section_ft`` when the Town Engineer orders
shorter ones, which needs its reason (a steep grade). Each section is the run's length divided by their
number, rounded half up to 0.01 ft; the last section takes what remains, and where that would leave it
longer than the limit the run gets one section more. Sections are counted from the upstream manhole: the
upstream manhole is tested with the first section, the downstream one with the last, and each counts in
that section's leakage allowance (I-41). The outcome is ``one-section`` when the whole run is tested at once,
else ``sections``. A 250-ft run from MH-1 to MH-2 is three sections of 83.33,
83.33 and 83.34 ft.

A limit over the statute's 100 ft, or under it with no reason, is refused naming the field (the API's 422,
the command's exit 2), as facts that do not fit are.
"""

from __future__ import annotations

import math
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from pydantic import ConfigDict, Field

from sewerworks.ordinance.decision import Amount, Decision, Finding
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, FactsError, Topic
from sewerworks.ordinance.rulebook import decide, num

SECTION = "118-34"
TOPIC_NAME = "test-plan"
INTERPRETATIONS = ["I-140", "I-41"]
MAX_SECTIONS = 1000  # a plan longer than this is a run to split first
HUNDREDTH = Decimal("0.01")


class SectionPlanFacts(Facts):
    """One run of sewer between two manholes, to be tested by exfiltration."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"pipe_diameter_in": 8, "length_ft": 250, "upstream_manhole": "MH-1", "downstream_manhole": "MH-2"}
            ]
        },
    )

    pipe_diameter_in: Decimal = Field(gt=0, le=240, description="Nominal pipe diameter, inches.", examples=[8])
    length_ft: Decimal = Field(
        gt=0, le=100_000, decimal_places=2, description="Length of the run between the two manholes, feet.",
        examples=[250],
    )  # fmt: skip
    upstream_manhole: str = Field(min_length=1, max_length=100, description="The manhole the run starts at.")
    downstream_manhole: str = Field(min_length=1, max_length=100, description="The manhole the run ends at.")
    max_section_ft: Decimal | None = Field(
        default=None, ge=1, decimal_places=2,
        description="A shorter longest section the Town Engineer orders (feet, under 100); needs a reason.",
        examples=[None, 50],
    )  # fmt: skip
    reason: str = Field(default="", max_length=300, description="Why the sections are shorter (a steep grade).")


def _refuse(field: str, message: str) -> FactsError:
    return FactsError(TOPIC_NAME, [{"loc": [field], "msg": message, "type": "test_plan"}])


def section_limit(facts: SectionPlanFacts, view: ParameterView) -> tuple[Decimal, Finding]:
    """In no event shall [the test length intervals] exceed 100 feet; on steep grades they may be shorter."""
    statute = view.number("exfiltration.max_section_length")
    chosen = facts.max_section_ft
    if chosen is None or chosen == statute:
        return statute, Finding(
            section=SECTION, requirement="section-length-limit", severity="complies",
            sentence=f"Each section is at most {num(statute)} ft, the longest §118-34 allows (I-140).",
            compared={"max_section_ft": num(statute)}, interpretations=["I-140"],
        )  # fmt: skip
    if chosen > statute:
        raise _refuse("max_section_ft", f"{num(chosen)} ft is more than §118-34 allows: test lengths in no event "
                      f"exceed {num(statute)} ft.")  # fmt: skip
    reason = facts.reason.strip()
    if not reason:
        raise _refuse("reason", f"Sections shorter than {num(statute)} ft need their reason: §118-34 allows them "
                      "on steep grades, where the pressure at the lower end of the line limits the length tested.")
    return chosen, Finding(
        section=SECTION, requirement="section-length-limit", severity="complies",
        sentence=f"Each section is at most {num(chosen)} ft, shorter than the {num(statute)} ft §118-34 allows: "
        f"{reason} (I-140).",
        compared={"max_section_ft": num(chosen), "statute_max_ft": num(statute), "reason": reason},
        interpretations=["I-140"],
    )  # fmt: skip


def sections(length: Decimal, limit: Decimal) -> list[Decimal]:
    """The fewest equal sections of at most ``limit`` ft, each rounded half up to 0.01 ft, the last taking
    the remainder (one section more where the remainder would pass the limit)."""
    count = max(1, math.ceil(length / limit))
    while True:
        each = (length / count).quantize(HUNDREDTH, rounding=ROUND_HALF_UP)
        last = length - each * (count - 1)
        if 0 < last <= limit and each <= limit:
            return [each] * (count - 1) + [last]
        count += 1


def plan_sections(facts: SectionPlanFacts, view: ParameterView, as_of: date) -> Decision:
    """The run's sections, each an amount in feet with where it lies and the manholes it holds (I-140)."""
    limit, limit_finding = section_limit(facts, view)
    if math.ceil(facts.length_ft / limit) > MAX_SECTIONS:
        raise _refuse("length_ft", f"{num(facts.length_ft)} ft in sections of at most {num(limit)} ft is more than "
                      f"{MAX_SECTIONS:,} sections: plan the run in parts.")  # fmt: skip
    lengths = sections(facts.length_ft, limit)
    count, up, down = len(lengths), facts.upstream_manhole, facts.downstream_manhole
    amounts, start = [], Decimal("0.00")
    for number, length in enumerate(lengths, start=1):
        held = up if number == 1 else ""
        if number == count:
            held = f"{held},{down}" if held else down
        end = start + length  # every length is to the hundredth: so are the stations, written as such
        amounts.append(Amount(
            key=f"section_{number}", name=f"section {number}", value=length, unit="ft", section=SECTION,
            breakdown=[{"from_ft": format(start, "f"), "to_ft": format(end, "f"), "manholes": held}],
        ))  # fmt: skip
        start = end
    shown = ", ".join(num(x) for x in lengths[:-1][:5]) + (" ..." if count > 6 else "")
    said = f"{num(lengths[0])} ft" if count == 1 else f"{shown} and {num(lengths[-1])} ft"
    plan = Finding(
        section=SECTION, requirement="test-sections", severity="complies",
        sentence=f"The {num(facts.length_ft)}-ft run from {up} to {down} is tested in {count} section"
        f"{'' if count == 1 else 's'} of {said}; {up} is tested with the first, {down} with the last, each "
        "counted in that section's leakage allowance (I-140, I-41).",
        compared={"length_ft": num(facts.length_ft), "sections": count, "max_section_ft": num(limit)},
        interpretations=INTERPRETATIONS,
    )  # fmt: skip
    outcome = "one-section" if count == 1 else "sections"
    return decide(topic=TOPIC_NAME, as_of=as_of, view=view, outcome=outcome, summary=plan.sentence,
                  findings=[limit_finding, plan], amounts=amounts, interpretations=INTERPRETATIONS)  # fmt: skip


_RUN = {"pipe_diameter_in": 8, "length_ft": 250, "upstream_manhole": "MH-1", "downstream_manhole": "MH-2"}

TOPIC: Topic[SectionPlanFacts] = Topic(
    name=TOPIC_NAME,
    title="Exfiltration test plan of a run between two manholes: sections of at most 100 ft (§118-34)",
    sections=(SECTION,),
    facts_model=SectionPlanFacts,
    rule=plan_sections,
    interpretations=("I-140", "I-41"),
    examples=(
        Example("A 250-ft run from MH-1 to MH-2 is three sections of 83.33, 83.33 and 83.34 ft", _RUN, "sections",
                amounts={"section_1": "83.33", "section_2": "83.33", "section_3": "83.34"}),
        Example("A 100-ft run is one section of 100 ft", {**_RUN, "length_ft": 100}, "one-section",
                amounts={"section_1": "100"}),
        Example("A 100.01-ft run is two sections of 50.01 and 50.00 ft", {**_RUN, "length_ft": "100.01"}, "sections",
                amounts={"section_1": "50.01", "section_2": "50.00"}),
        Example("On a steep grade 50-ft sections: a 250-ft run is five of 50 ft",
                {**_RUN, "max_section_ft": 50, "reason": "8% grade: pressure at the lower end"}, "sections",
                amounts={"section_1": "50", "section_5": "50"}),
    ),
)  # fmt: skip
