"""§ 118-36 Requirements for new development.

    No builder or developer shall be issued a building permit for a new dwelling or structure requiring
    sanitary facilities within the improvement boundaries unless a suitable and approved method of waste
    disposal is proposed. All new developments shall be provided with an approved system of sanitary
    sewers.

I-87: a method of waste disposal is "suitable and approved" when it is a connection to the public sewer
under a building sewer permit (approved by the Sewer Department), or a private sewage disposal system
under the Ulster County Health Department's permit where no public sewer is available (§118-7, §118-8,
I-46). Who approves each is ``permits.disposal_approvers``. sewerworks does not issue building permits:
the decision tells the Building Inspector whether one may issue.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Literal

from pydantic import ConfigDict, Field

from sewerworks.ordinance.decision import Decision, Finding
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide, num
from sewerworks.ordinance.s118_6_7_private_systems import available_by_distance

TOPIC_NAME = "new-development"
Method = Literal["public_sewer", "private_system", "none"]


class NewDevelopmentFacts(Facts):
    """A building permit asked for a new structure, and the method of waste disposal proposed for it."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "within_improvement": True,
                    "requires_sanitary_facilities": True,
                    "proposed_method": "public_sewer",
                    "method_approved": True,
                }
            ]
        },
    )

    within_improvement: bool = Field(description="The new structure lies within the improvement boundaries.")
    requires_sanitary_facilities: bool = Field(
        description="The new dwelling or structure requires sanitary facilities."
    )
    proposed_method: Method = Field(
        description="Method of waste disposal proposed: the public sewer, a private system, or none."
    )
    method_approved: bool = Field(
        default=False,
        description="The method is approved: a building sewer permit (public sewer) or the county's permit "
        "(private system).",
    )
    distance_to_public_sewer_ft: Decimal | None = Field(
        default=None, ge=0, description="Private system only: distance from the parcel to the nearest main, feet."
    )
    part_of_new_development: bool = Field(
        default=False, description="The structure is part of a new development (subdivision) of several lots."
    )
    development_sewers_approved: bool = Field(
        default=False, description="New development only: its system of sanitary sewers is approved."
    )


def disposal_method(facts: NewDevelopmentFacts, view: ParameterView) -> Finding:
    """A suitable and approved method of waste disposal must be proposed (I-87)."""
    approvers = view.table("permits.disposal_approvers")
    compared: dict[str, str | int | bool | None] = {
        "proposed_method": facts.proposed_method,
        "method_approved": facts.method_approved,
    }
    if facts.proposed_method == "none":
        return Finding(
            section="118-36",
            requirement="disposal-method",
            severity="fails",
            compared=compared,
            sentence="No method of waste disposal is proposed, so no building permit may issue (§118-36).",
            interpretations=["I-87"],
        )
    if facts.proposed_method == "private_system" and facts.distance_to_public_sewer_ft is not None:
        limit = view.number("connection.sewer_available_distance")
        distance = facts.distance_to_public_sewer_ft
        compared |= {"distance_to_public_sewer_ft": num(distance), "available_within_ft": num(limit)}
        if available_by_distance(distance, limit):
            return Finding(
                section="118-36",
                requirement="disposal-method",
                severity="fails",
                compared=compared,
                sentence=f"A public sewer main lies {num(distance)} ft away, within {num(limit)} ft: a private "
                "system is not a suitable method where a public sewer is available (§118-7); the structure must "
                "connect to the public sewer.",
                interpretations=["I-87", "I-46"],
            )
    approver = str(approvers[facts.proposed_method])
    method = "connection to the public sewer" if facts.proposed_method == "public_sewer" else "a private system"
    if facts.method_approved:
        return Finding(
            section="118-36",
            requirement="disposal-method",
            severity="complies",
            compared=compared,
            sentence=f"The proposed {method} is approved by the {approver}: a building permit may issue as far as "
            "§118-36 is concerned.",
            interpretations=["I-87"],
        )
    return Finding(
        section="118-36",
        requirement="disposal-method",
        severity="discretion",
        decided_by=approver,
        compared=compared,
        sentence=f"The proposed {method} is not yet approved; the {approver} decides, and no building permit may "
        "issue until it does (§118-36).",
        interpretations=["I-87"],
    )


def development_sewers(facts: NewDevelopmentFacts) -> Finding | None:
    """All new developments shall be provided with an approved system of sanitary sewers."""
    if not facts.part_of_new_development:
        return None
    ok = facts.development_sewers_approved
    return Finding(
        section="118-36",
        requirement="development-sewers",
        severity="complies" if ok else "fails",
        compared={"development_sewers_approved": ok},
        sentence="The new development has an approved system of sanitary sewers."
        if ok
        else "§118-36 requires every new development to be provided with an approved system of sanitary sewers; "
        "this one's is not approved.",
    )


def new_development(facts: NewDevelopmentFacts, view: ParameterView, as_of: date) -> Decision:
    """Whether §118-36 lets a building permit issue for a new structure."""
    method = disposal_method(facts, view)
    if not (facts.within_improvement and facts.requires_sanitary_facilities):
        where = "outside the improvement" if not facts.within_improvement else "needing no sanitary facilities"
        return decide(
            topic=TOPIC_NAME,
            as_of=as_of,
            view=view,
            outcome="not-applicable",
            findings=[],
            summary="§118-36 governs structures requiring sanitary facilities within the improvement; "
            f"this one is {where}.",
        )
    findings = [f for f in (method, development_sewers(facts)) if f is not None]
    if any(f.severity == "fails" for f in findings):
        outcome = "building-permit-withheld"
    elif any(f.severity == "discretion" for f in findings):
        outcome = "needs-review"
    else:
        outcome = "building-permit-may-issue"
    summary = " ".join(f.sentence for f in findings if f.severity != "complies") or method.sentence
    return decide(topic=TOPIC_NAME, as_of=as_of, view=view, outcome=outcome, summary=summary, findings=findings)


_HOUSE = {
    "within_improvement": True,
    "requires_sanitary_facilities": True,
    "proposed_method": "public_sewer",
    "method_approved": True,
}

TOPIC: Topic[NewDevelopmentFacts] = Topic(
    name=TOPIC_NAME,
    title="No building permit inside the improvement without an approved method of waste disposal (§118-36)",
    sections=("118-36",),
    facts_model=NewDevelopmentFacts,
    rule=new_development,
    interpretations=("I-87",),
    examples=(
        Example(
            "A new house with an approved building sewer permit may get its building permit",
            _HOUSE,
            "building-permit-may-issue",
        ),
        Example(
            "A new house proposing no disposal gets no building permit",
            {**_HOUSE, "proposed_method": "none"},
            "building-permit-withheld",
        ),
        Example(
            "A septic system 100 ft from a main is not suitable: the public sewer is available",
            {**_HOUSE, "proposed_method": "private_system", "distance_to_public_sewer_ft": 100},
            "building-permit-withheld",
        ),
        Example(
            "A county-approved septic system 101 ft from a main is suitable",
            {**_HOUSE, "proposed_method": "private_system", "distance_to_public_sewer_ft": 101},
            "building-permit-may-issue",
        ),
        Example(
            "A connection not yet approved is for the Sewer Department",
            {**_HOUSE, "method_approved": False},
            "needs-review",
        ),
        Example(
            "A subdivision whose sanitary sewers are not approved gets no building permit",
            {**_HOUSE, "part_of_new_development": True},
            "building-permit-withheld",
        ),
        Example(
            "A house outside the improvement is not a §118-36 case",
            {**_HOUSE, "within_improvement": False},
            "not-applicable",
        ),
    ),
)
