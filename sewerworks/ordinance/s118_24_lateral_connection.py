"""§ 118-24 Connection to existing public sewer; costs and expenses.

    The connection of the building sewer into an existing public sewer shall be at the property line. If
    a lateral connection has not previously been provided, the lateral will be constructed from the
    existing public sewer to the property line by the Sewer Department or a contractor approved by the
    Sewer Department upon submittal of a proper application by the property owner. The method of
    connection of the lateral to the public sewer will be dependent upon the type of sewer material used
    and, in all cases, shall be approved by the Sewer Department. The cost of constructing the lateral
    shall be paid by the property owner. The town or its designee shall approve and inspect all work and
    will collect a rock cut and/or curb cut fee if required.

I-12: the owner pays for the lateral through the §118-54 connection charge; there is no separate lateral
charge unless the Board's schedule says so. The rock-cut and curb-cut fees are separate
(``permits.rock_cut_fee``, ``permits.curb_cut_fee``).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Literal

from pydantic import ConfigDict, Field

from sewerworks.ordinance.decision import Amount, Decision, Finding, overall
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide

TOPIC_NAME = "lateral-connection"
SEWER_DEPARTMENT = "Sewer Department"
Builder = Literal["sewer_department", "approved_contractor", "other"]


class LateralConnectionFacts(Facts):
    """Where the building sewer meets the public sewer, the lateral, and the cuts the work needs."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "connection_at_property_line": True,
                    "lateral_exists": False,
                    "lateral_builder": "sewer_department",
                    "connection_method_approved": True,
                    "rock_cut_required": True,
                    "curb_cut_required": False,
                }
            ]
        },
    )

    connection_at_property_line: bool = Field(
        description="The building sewer connects to the public sewer's lateral at the property line.",
        examples=[True],
    )
    lateral_exists: bool = Field(
        description="A lateral connection from the public sewer to the property line was previously provided.",
        examples=[False],
    )
    lateral_builder: Builder | None = Field(
        default=None,
        description="Who will construct the missing lateral: the Sewer Department, a contractor it approved, "
        "or someone else.",
    )
    connection_method_approved: bool = Field(
        default=False,
        description="The Sewer Department has approved the method of connecting the lateral to the public sewer.",
    )
    rock_cut_required: bool = Field(default=False, description="The work requires a rock cut.")
    curb_cut_required: bool = Field(default=False, description="The work requires a curb cut.")


def at_property_line(facts: LateralConnectionFacts) -> Finding:
    """The connection of the building sewer into an existing public sewer shall be at the property line."""
    return Finding(
        section="118-24",
        requirement="property-line",
        severity="complies" if facts.connection_at_property_line else "fails",
        sentence="The building sewer connects at the property line, as §118-24 requires."
        if facts.connection_at_property_line
        else "§118-24 requires the building sewer to connect at the property line; this design connects elsewhere.",
        compared={"connection_at_property_line": facts.connection_at_property_line},
    )


def lateral(facts: LateralConnectionFacts) -> Finding:
    """A missing lateral is built by the Sewer Department or its approved contractor, at the owner's cost (I-12)."""
    compared: dict[str, str | int | bool | None] = {
        "lateral_exists": facts.lateral_exists,
        "lateral_builder": facts.lateral_builder,
    }
    if facts.lateral_exists:
        return Finding(
            section="118-24",
            requirement="lateral",
            severity="complies",
            sentence="A lateral to the property line already exists.",
            compared=compared,
        )
    if facts.lateral_builder == "other":
        return Finding(
            section="118-24",
            requirement="lateral",
            severity="fails",
            sentence="The missing lateral must be constructed by the Sewer Department or a contractor it approved "
            "(§118-24), not by the owner's own builder.",
            compared=compared,
        )
    return Finding(
        section="118-24",
        requirement="lateral",
        severity="complies",
        sentence="No lateral exists: the Sewer Department (or a contractor it approved) constructs it from the "
        "public sewer to the property line on the owner's application; the owner pays for it through the "
        "connection charge, with no separate lateral charge (I-12).",
        compared=compared,
        interpretations=["I-12"],
    )


def connection_method(facts: LateralConnectionFacts) -> Finding:
    """The method of connection depends on the sewer material and shall be approved by the Sewer Department."""
    if facts.connection_method_approved:
        return Finding(
            section="118-24",
            requirement="connection-method",
            severity="complies",
            sentence="The Sewer Department has approved the method of connecting the lateral to the public sewer.",
            compared={"connection_method_approved": True},
        )
    return Finding(
        section="118-24",
        requirement="connection-method",
        severity="discretion",
        decided_by=SEWER_DEPARTMENT,
        sentence="The method of connecting the lateral to the public sewer depends on the sewer's material and "
        "must be approved by the Sewer Department.",
        compared={"connection_method_approved": False},
    )


def cut_fees(facts: LateralConnectionFacts, view: ParameterView) -> list[Amount]:
    """The town collects a rock cut and/or curb cut fee if required (separate from the connection charge, I-12)."""
    rock, curb = view.number("permits.rock_cut_fee"), view.number("permits.curb_cut_fee")
    breakdown = []
    if facts.rock_cut_required:
        breakdown.append({"item": "rock cut fee", "amount": format(rock, "f")})
    if facts.curb_cut_required:
        breakdown.append({"item": "curb cut fee", "amount": format(curb, "f")})
    total = sum((Decimal(b["amount"]) for b in breakdown), Decimal("0.00"))
    return [
        Amount(key="cut_fees", name="Rock cut and curb cut fees", value=total, section="118-24", breakdown=breakdown)
    ]


def lateral_connection(facts: LateralConnectionFacts, view: ParameterView, as_of: date) -> Decision:
    """The connection point, the lateral and the fees of §118-24."""
    findings = [at_property_line(facts), lateral(facts), connection_method(facts)]
    amounts = cut_fees(facts, view)
    outcome = overall(findings)
    failed = [f.sentence for f in findings if f.severity == "fails"]
    fees = amounts[0].value
    summary = " ".join(failed) if failed else findings[1].sentence
    summary += f" Rock and curb cut fees: ${fees:,.2f}."
    return decide(
        topic=TOPIC_NAME, as_of=as_of, view=view, outcome=outcome, summary=summary, findings=findings, amounts=amounts
    )


_NEW = {
    "connection_at_property_line": True,
    "lateral_exists": False,
    "lateral_builder": "sewer_department",
    "connection_method_approved": True,
}

TOPIC: Topic[LateralConnectionFacts] = Topic(
    name=TOPIC_NAME,
    title="Connection to an existing public sewer: at the property line, the lateral, rock and curb cut fees (§118-24)",
    sections=("118-24",),
    facts_model=LateralConnectionFacts,
    rule=lateral_connection,
    interpretations=("I-12",),
    examples=(
        Example(
            "A new lateral by the Sewer Department with no cuts: no fees",
            _NEW,
            "complies",
            amounts={"cut_fees": "0.00"},
        ),
        Example(
            "A lateral needing a rock cut and a curb cut: both fees",
            {**_NEW, "rock_cut_required": True, "curb_cut_required": True},
            "complies",
            amounts={"cut_fees": "225.00"},
        ),
        Example(
            "A connection inside the street, not at the property line, fails",
            {**_NEW, "connection_at_property_line": False, "curb_cut_required": True},
            "fails",
            amounts={"cut_fees": "75.00"},
        ),
        Example(
            "A connection method not yet approved is for the Sewer Department",
            {**_NEW, "connection_method_approved": False},
            "needs-review",
            amounts={"cut_fees": "0.00"},
        ),
    ),
)
