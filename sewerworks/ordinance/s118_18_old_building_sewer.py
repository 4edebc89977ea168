"""§ 118-18 Old building sewers.

    Old building sewers may be used in connection with new buildings only when they are found, on
    examination and test by the Town Engineer, or other engineer approved by the town, to meet all
    requirements of this chapter.            [Amended 7-24-2000 by L.L. No. 2-2000]

Whether the old sewer meets the chapter is the engineer's finding, not sewerworks': until the Town
Engineer (or an engineer the town approved, ``permits.old_building_sewer_examiners``) has examined and
tested it and recorded a finding, the decision is a discretion naming him. Where the sewer as found is
described, it is also checked against §§118-19 to 118-21 (``building-sewer``): a failure there is stated
beside his finding, since the chapter's requirements include them.
"""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import ConfigDict, Field

from sewerworks.ordinance.decision import Decision, Finding, overall
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide
from sewerworks.ordinance.s118_19_21_building_sewer import BuildingSewerFacts, building_sewer

TOPIC_NAME = "old-building-sewer"
TOWN_ENGINEER = "Town Engineer"
Examiner = Literal["town_engineer", "engineer_approved_by_town", "other"]
EngineerFinding = Literal["meets_all_requirements", "does_not_meet"]


class OldBuildingSewerFacts(Facts):
    """An old building sewer proposed for a building, and the engineer's examination and test of it."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"new_building": True, "examined_by": "town_engineer", "engineer_finding": "meets_all_requirements"}
            ]
        },
    )

    new_building: bool = Field(description="The old building sewer is to serve a new building.", examples=[True])
    examined_by: Examiner | None = Field(
        default=None, description="Who examined and tested the old sewer (leave out if nobody has yet)."
    )
    engineer_finding: EngineerFinding | None = Field(
        default=None, description="The examining engineer's recorded finding, if any."
    )
    as_found: BuildingSewerFacts | None = Field(
        default=None, description="The old building sewer as found on examination (pipe, size, slope, placement)."
    )


def examination(facts: OldBuildingSewerFacts, view: ParameterView) -> Finding:
    """Only when found, on examination and test by the Town Engineer or approved engineer, to meet the chapter."""
    examiners = view.items("permits.old_building_sewer_examiners")
    compared: dict[str, str | int | bool | None] = {
        "examined_by": facts.examined_by,
        "engineer_finding": facts.engineer_finding,
    }
    if facts.examined_by is None or facts.engineer_finding is None:
        return Finding(
            section="118-18",
            requirement="examination-and-test",
            severity="discretion",
            decided_by=TOWN_ENGINEER,
            sentence="The old building sewer may serve the new building only when the Town Engineer (or an "
            "engineer the town approved) finds on examination and test that it meets all requirements of "
            "Chapter 118; no finding is recorded yet.",
            compared=compared,
        )
    if facts.examined_by not in examiners:
        return Finding(
            section="118-18",
            requirement="examination-and-test",
            severity="fails",
            sentence="The old building sewer was examined by someone other than the Town Engineer or an engineer "
            "the town approved; §118-18 accepts only their examination and test.",
            compared=compared,
        )
    meets = facts.engineer_finding == "meets_all_requirements"
    return Finding(
        section="118-18",
        requirement="examination-and-test",
        severity="complies" if meets else "fails",
        sentence="On examination and test the engineer found the old building sewer "
        + (
            "meets all requirements of Chapter 118: it may serve the new building."
            if meets
            else "does not meet the requirements of Chapter 118: it may not serve the new building."
        ),
        compared=compared,
    )


def old_building_sewer(facts: OldBuildingSewerFacts, view: ParameterView, as_of: date) -> Decision:
    """Whether an old building sewer may be used with a new building (§118-18)."""
    found = examination(facts, view)
    if not facts.new_building:
        return decide(
            topic=TOPIC_NAME,
            as_of=as_of,
            view=view,
            outcome="not-applicable",
            summary="§118-18 governs old building sewers used with new buildings; this building is not new.",
            findings=[],
        )
    findings = [found]
    if facts.as_found is not None:
        findings += building_sewer(facts.as_found, view, as_of).failed
    outcome = {"complies": "may-be-reused", "fails": "may-not-be-reused", "needs-review": "needs-review"}[
        overall(findings)
    ]
    summary = " ".join(f.sentence for f in findings if f.severity != "complies") or found.sentence
    return decide(topic=TOPIC_NAME, as_of=as_of, view=view, outcome=outcome, summary=summary, findings=findings)


_MEETS = {"new_building": True, "examined_by": "town_engineer", "engineer_finding": "meets_all_requirements"}

TOPIC: Topic[OldBuildingSewerFacts] = Topic(
    name=TOPIC_NAME,
    title="Old building sewers used with new buildings (§118-18)",
    sections=("118-18",),
    facts_model=OldBuildingSewerFacts,
    rule=old_building_sewer,
    examples=(
        Example("The Town Engineer found the old sewer meets the chapter: it may be reused", _MEETS, "may-be-reused"),
        Example(
            "Not yet examined: the Town Engineer decides",
            {"new_building": True},
            "needs-review",
        ),
        Example(
            "Examined by the owner's plumber: not accepted",
            {**_MEETS, "examined_by": "other"},
            "may-not-be-reused",
        ),
        Example(
            "A 3-inch old sewer fails §118-20 whatever the finding",
            {**_MEETS, "as_found": {"diameter_in": 3, "slope_in_per_ft": "0.25", "material": "pvc_sdr35"}},
            "may-not-be-reused",
        ),
        Example(
            "An existing building keeping its sewer is not a §118-18 case",
            {**_MEETS, "new_building": False},
            "not-applicable",
        ),
    ),
)
