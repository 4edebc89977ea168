"""§118-29.1 Contract use by bordering property owners, against the definition of a contract user (I-10).

    A property that borders the boundaries of a Sewer Improvement Area on at least one side and has a
    sewer discharge or a proposed sewer discharge which is located within 200 feet of the sewer
    improvement area. The owner of said properties may petition the Town Board to become a contract user
    of the sanitary sewer system.                          [Added 4-22-1996 by L.L. No. 5-1996] (§ 118-1)

    When a property is outside the boundaries of the Sewer Improvement Area but adjoins said boundary on
    at least one side, the owner of said property may, by contract approved by the Town Board, become a
    contract user of the Sewer Improvement Area, provided that the proposed user's sewer discharge is
    within 400 feet of the Sewer Improvement Area boundary line.                          (§ 118-29.1)

I-10: the two texts conflict; 400 ft (§118-29.1) governs, and a discharge beyond 200 ft but within 400 ft
is eligible under §118-29.1 only, outside the §118-1 definition, for the Town Board to confirm. A parcel
adjoins the boundary when it lies outside the area and its polygon comes within 1 ft of the boundary line.
I-83: the 400 ft is in force from 2000-07-24 (L.L. No. 2-2000); from 1996-04-22 until then only the 200 ft
of §118-1 applied, and before 1996-04-22 the chapter had no contract users (the law was not in force).
I-84: "within" includes the distance itself; distances are planar, in EPSG:2260 feet, to the nearer area.
I-82: with no discharge point recorded or proposed the distance test cannot be made.

Worked examples (2026): a gap of 0.8 ft adjoins, 1.6 ft does not; a discharge at 200 ft is eligible, at
200.01 ft eligible under §118-29.1 only; at 400 ft still so, at 400.01 ft too far. As of 2000-07-23 a
300-ft discharge is too far.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from pydantic import ConfigDict, Field, model_validator

from sewerworks.ordinance.decision import Decision, Finding
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide, num

SECTION = "118-29.1"
TOPIC_NAME = "contract-user-eligibility"
TOWN_BOARD = "Town Board"


class ContractUserFacts(Facts):
    """A parcel measured against the Sewer Improvement Area boundaries (EPSG:2260, feet)."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [{"inside_area": False, "boundary_gap_ft": "0.8", "discharge_distance_ft": 150}]
        },
    )

    inside_area: bool = Field(description="The parcel lies inside a Sewer Improvement Area.")
    boundary_gap_ft: Decimal | None = Field(
        default=None,
        ge=0,
        description="Shortest distance from the parcel polygon to the nearer area's boundary line, feet (EPSG:2260).",
    )
    discharge_distance_ft: Decimal | None = Field(
        default=None,
        ge=0,
        description="Distance from the recorded or proposed discharge point to the nearer area's boundary line, "
        "feet (EPSG:2260); null when no discharge point is on record (I-82).",
    )

    @model_validator(mode="after")
    def _measured(self) -> ContractUserFacts:
        if not self.inside_area and self.boundary_gap_ft is None:
            raise ValueError("a parcel outside the areas needs boundary_gap_ft, its distance to the boundary")
        return self


def _finding(
    requirement: str, severity: str, sentence: str, compared: dict[str, str | int | bool | None], ids: list[str]
) -> Finding:
    return Finding.model_validate(
        {
            "section": SECTION,
            "requirement": requirement,
            "severity": severity,
            "sentence": sentence,
            "compared": compared,
            "interpretations": ids,
            "decided_by": TOWN_BOARD if severity == "discretion" else None,
        }
    )


def outside_the_area(facts: ContractUserFacts) -> Finding:
    """When a property is outside the boundaries of the Sewer Improvement Area [...]."""
    if facts.inside_area:
        sentence = "The parcel lies inside a Sewer Improvement Area: it is served as a user inside the area."
    else:
        sentence = "The parcel lies outside both Sewer Improvement Areas."
    return _finding(
        "outside-area", "fails" if facts.inside_area else "complies", sentence, {"inside_area": facts.inside_area}, []
    )


def adjoins_the_boundary(gap: Decimal, view: ParameterView) -> Finding:
    """[...] but adjoins said boundary on at least one side (I-10: within the tolerance, inclusive, I-84)."""
    tolerance = view.number("contract_users.adjoining_tolerance")
    adjoins = gap <= tolerance
    relation = "within" if adjoins else "more than"
    verdict = "adjoins" if adjoins else "does not adjoin"
    sentence = (
        f"The parcel comes {num(gap)} ft from the area boundary, {relation} {num(tolerance)} ft: it {verdict} it."
    )
    compared: dict[str, str | int | bool | None] = {
        "boundary_gap_ft": num(gap),
        "adjoining_tolerance_ft": num(tolerance),
    }
    return _finding("adjoins", "complies" if adjoins else "fails", sentence, compared, ["I-10", "I-84"])


def discharge_within_reach(distance: Decimal | None, view: ParameterView) -> Finding:
    """Provided that the proposed user's sewer discharge is within 400 feet of the Sewer Improvement Area
    boundary line (§118-29.1), where §118-1 says 200 feet (I-10, I-83, I-84)."""
    limit = view.number("contract_users.max_distance")
    defined = view.number("contract_users.definition_distance")
    limits = f"{num(defined)} ft in the §118-1 definition" + (
        f", {num(limit)} ft under §118-29.1" if limit > defined else ", the only distance then in force"
    )
    if distance is None:
        sentence = (
            f"No discharge point is on record, so the distance cannot be measured; the limits in force are {limits} "
            "(I-10). The owner may propose a discharge point."
        )
        return _finding("discharge-distance", "discretion", sentence, {"discharge_distance_ft": None}, ["I-10", "I-82"])
    compared: dict[str, str | int | bool | None] = {
        "discharge_distance_ft": num(distance),
        "definition_distance_ft": num(defined),
        "discharge_distance_limit_ft": num(limit),
    }
    if distance <= defined:
        sentence = (
            f"The discharge is {num(distance)} ft from the boundary, within {num(defined)} ft: "
            "eligible under both texts."
        )
        return _finding("discharge-distance", "complies", sentence, compared, ["I-10", "I-84"])
    if distance <= limit:
        sentence = (
            f"The discharge is {num(distance)} ft from the boundary: within the {num(limit)} ft of §118-29.1 but "
            f"beyond the {num(defined)} ft of the §118-1 definition, for the Town Board to confirm (I-10)."
        )
        return _finding("discharge-distance", "discretion", sentence, compared, ["I-10", "I-84"])
    sentence = f"The discharge is {num(distance)} ft from the boundary, beyond {limits}: too far."
    return _finding("discharge-distance", "fails", sentence, compared, ["I-10", "I-83", "I-84"])


def contract_user_eligibility(facts: ContractUserFacts, view: ParameterView, as_of: date) -> Decision:
    """Whether the owner may become a contract user, by the texts in force on the day (I-10, I-82 to I-84)."""
    view.number("contract_users.definition_distance")  # before 1996-04-22 there were no contract users (I-83)
    findings = [outside_the_area(facts)]
    if facts.inside_area:
        outcome = "inside-area"
    else:
        assert facts.boundary_gap_ft is not None
        adjoins = adjoins_the_boundary(facts.boundary_gap_ft, view)
        findings.append(adjoins)
        if adjoins.severity == "fails":
            outcome = "not-adjoining"
        else:
            reach = discharge_within_reach(facts.discharge_distance_ft, view)
            findings.append(reach)
            if facts.discharge_distance_ft is None:
                outcome = "cannot-judge"
            else:
                outcome = {"complies": "eligible", "discretion": "eligible-under-118-29.1", "fails": "too-far"}[
                    reach.severity
                ]
    return decide(
        topic=TOPIC_NAME,
        as_of=as_of,
        view=view,
        outcome=outcome,
        summary=" ".join(f.sentence for f in findings[1:]) or findings[0].sentence,
        findings=findings,
        interpretations=["I-10"],
    )


_ADJOINING = {"inside_area": False, "boundary_gap_ft": "0.8"}

TOPIC: Topic[ContractUserFacts] = Topic(
    name=TOPIC_NAME,
    title="Contract user eligibility of a bordering property (§118-29.1, §118-1)",
    sections=(SECTION,),
    facts_model=ContractUserFacts,
    rule=contract_user_eligibility,
    interpretations=("I-10",),
    examples=(
        Example(
            "Adjoining at 0.8 ft, discharge at 200 ft: eligible",
            {**_ADJOINING, "discharge_distance_ft": 200},
            "eligible",
        ),
        Example(
            "Discharge at 200.01 ft: eligible under §118-29.1 only, for the Town Board",
            {**_ADJOINING, "discharge_distance_ft": "200.01"},
            "eligible-under-118-29.1",
        ),
        Example("Discharge at 400.01 ft: too far", {**_ADJOINING, "discharge_distance_ft": "400.01"}, "too-far"),
        Example(
            "A gap of 1.6 ft does not adjoin",
            {**_ADJOINING, "boundary_gap_ft": "1.6", "discharge_distance_ft": 50},
            "not-adjoining",
        ),
        Example("Adjoining with no discharge point: cannot judge", _ADJOINING, "cannot-judge"),
        Example("A parcel inside an area", {"inside_area": True}, "inside-area"),
    ),
)  # fmt: skip
