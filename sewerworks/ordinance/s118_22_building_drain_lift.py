"""§ 118-22 Building drains: who pays for lifting sewage from a drain too low for gravity flow.

    In all buildings in which any building drain is too low to permit gravity flow to the public sewer,
    sanitary sewage carried by such drain shall be lifted by approved artificial means and discharged to
    the building sewer, and the cost of furnishing such artificial means shall be paid by the improvement
    where the aforesaid building drain was in place and in existence as of the time that the public sewer
    is installed. The cost of installation, repairs, replacing, maintenance and utilities shall be paid by
    the owner.

    The cost of installation, maintenance, repair and replacement of any artificial means of lifting
    sanitary sewage [...] which artificial means are made necessary by the construction and installation
    of the building drains subsequent to the installation of the public sewer, shall be paid by the owner
    of the premises on which any such building drain is located.

The dates are compared by the day. A drain in place on the very day the main was installed is read as
"in place and in existence as of the time that the public sewer is installed" (I-86,
``permits.drain_in_place_on_main_day``): the improvement furnishes the lift. Which artificial means are
"approved" is the Sewer Department's call.
"""

from __future__ import annotations

from datetime import date

from pydantic import ConfigDict, Field

from sewerworks.ordinance.decision import Decision, Finding
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide

TOPIC_NAME = "building-drain-lift"
SEWER_DEPARTMENT = "Sewer Department"
SUPERINTENDENT = "Superintendent of Sewers"
OWNER_ALWAYS = "installation, repairs, replacement, maintenance and utilities"


class BuildingDrainLiftFacts(Facts):
    """A building drain, whether gravity can carry it to the public sewer, and when drain and main went in."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "drain_too_low_for_gravity": True,
                    "drain_in_place_on": "1988-04-01",
                    "public_sewer_installed_on": "1990-06-15",
                }
            ]
        },
    )

    drain_too_low_for_gravity: bool = Field(
        description="Some building drain is too low to permit gravity flow to the public sewer.", examples=[True]
    )
    drain_in_place_on: date | None = Field(
        default=None,
        description="Date the low building drain was in place (leave out if unknown).",
        examples=["1988-04-01"],
    )
    public_sewer_installed_on: date | None = Field(
        default=None,
        description="Date the public sewer serving the building was installed.",
        examples=["1990-06-15"],
    )


def lift_required(facts: BuildingDrainLiftFacts) -> Finding:
    """Sewage from a drain too low for gravity flow shall be lifted by approved artificial means."""
    if not facts.drain_too_low_for_gravity:
        return Finding(
            section="118-22",
            requirement="lift-required",
            severity="complies",
            sentence="The building drains can flow by gravity to the public sewer; no lift is required.",
            compared={"drain_too_low_for_gravity": False},
        )
    return Finding(
        section="118-22",
        requirement="lift-required",
        severity="discretion",
        decided_by=SEWER_DEPARTMENT,
        sentence="A building drain is too low for gravity flow: its sewage must be lifted by artificial means "
        "the Sewer Department approves and discharged to the building sewer.",
        compared={"drain_too_low_for_gravity": True},
    )


def who_furnishes(facts: BuildingDrainLiftFacts, view: ParameterView) -> tuple[str, Finding]:
    """The improvement pays for furnishing the lift where the drain was in place when the main was installed."""
    drain, main = facts.drain_in_place_on, facts.public_sewer_installed_on
    same_day_counts = view.flag("permits.drain_in_place_on_main_day")
    compared: dict[str, str | int | bool | None] = {
        "drain_in_place_on": drain.isoformat() if drain else None,
        "public_sewer_installed_on": main.isoformat() if main else None,
    }
    if drain is None or main is None:
        missing = "the drain's date" if drain is None else "the main's installation date"
        return "needs-review", Finding(
            section="118-22",
            requirement="furnishing-cost",
            severity="discretion",
            decided_by=SUPERINTENDENT,
            sentence=f"Without {missing} nobody can say whether the drain was in place when the public sewer "
            "was installed; the Superintendent decides from the records who pays for furnishing the lift.",
            compared=compared,
        )
    owner_costs = f"the owner pays its {OWNER_ALWAYS}"
    if drain < main or (drain == main and same_day_counts):
        when = "the same day as" if drain == main else "before"
        return "improvement-furnishes", Finding(
            section="118-22",
            requirement="furnishing-cost",
            severity="complies",
            sentence=f"The drain was in place on {drain.isoformat()}, {when} the public sewer was installed on "
            f"{main.isoformat()}: the improvement pays for furnishing the lift; {owner_costs}.",
            compared=compared,
            interpretations=["I-86"] if drain == main else [],
        )
    when = "the same day as" if drain == main else "after"
    return "owner-pays", Finding(
        section="118-22",
        requirement="furnishing-cost",
        severity="complies",
        sentence=f"The drain was built on {drain.isoformat()}, {when} the public sewer was installed on "
        f"{main.isoformat()}: the owner pays for furnishing the lift and for its {OWNER_ALWAYS}.",
        compared=compared,
        interpretations=["I-86"] if drain == main else [],
    )


def building_drain_lift(facts: BuildingDrainLiftFacts, view: ParameterView, as_of: date) -> Decision:
    """Whether a lift is needed and who pays for furnishing it (§118-22)."""
    needed = lift_required(facts)
    if not facts.drain_too_low_for_gravity:
        view.flag("permits.drain_in_place_on_main_day")
        return decide(
            topic=TOPIC_NAME, as_of=as_of, view=view, outcome="no-lift", summary=needed.sentence, findings=[needed]
        )
    outcome, cost = who_furnishes(facts, view)
    return decide(
        topic=TOPIC_NAME,
        as_of=as_of,
        view=view,
        outcome=outcome,
        summary=cost.sentence,
        findings=[needed, cost],
    )


def _drain(day: str) -> dict[str, object]:
    return {"drain_too_low_for_gravity": True, "drain_in_place_on": day, "public_sewer_installed_on": "1990-06-15"}


TOPIC: Topic[BuildingDrainLiftFacts] = Topic(
    name=TOPIC_NAME,
    title="Lifting sewage from a building drain too low for gravity flow: who pays (§118-22)",
    sections=("118-22",),
    facts_model=BuildingDrainLiftFacts,
    rule=building_drain_lift,
    examples=(
        Example(
            "A drain in place the day before the main was installed: the improvement furnishes the lift",
            _drain("1990-06-14"),
            "improvement-furnishes",
        ),
        Example(
            "A drain in place the day the main was installed counts as in place (I-86)",
            _drain("1990-06-15"),
            "improvement-furnishes",
        ),
        Example(
            "A drain built the day after the main: the owner pays for the lift", _drain("1990-06-16"), "owner-pays"
        ),
        Example("A drain that flows by gravity needs no lift", {"drain_too_low_for_gravity": False}, "no-lift"),
        Example(
            "A low drain of unknown date is for the Superintendent",
            {"drain_too_low_for_gravity": True, "public_sewer_installed_on": "1990-06-15"},
            "needs-review",
        ),
    ),
)
