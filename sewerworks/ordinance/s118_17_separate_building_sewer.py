"""§ 118-17 Buildings to have separate building sewers; exceptions.

    A separate and independent building sewer shall be provided for every building; except where one
    building stands at the rear of another on an interior lot and no private sewer is available or can be
    constructed to the rear building through an adjoining alley, court, yard or driveway, the building
    sewer from the front building may be extended to the rear building and the whole considered as a
    separate building sewer.

I-85: the exception covers one rear building (``permits.rear_buildings_per_building_sewer``) standing
behind one front building on an interior lot, and only when no private sewer is available to the rear
building or can be constructed to it through an adjoining alley, court, yard or driveway. A sewer shared
by any other pair of buildings, or by more buildings, is not a separate building sewer.
"""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import ConfigDict, Field

from sewerworks.ordinance.decision import Decision, Finding
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide

TOPIC_NAME = "separate-building-sewer"
RearRoute = Literal["available", "can_be_constructed", "none"]


class SeparateBuildingSewerFacts(Facts):
    """How many buildings one building sewer serves, and where they stand on the lot."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"buildings_served": 1},
                {"buildings_served": 2, "rear_building_on_interior_lot": True, "private_sewer_to_rear": "none"},
            ]
        },
    )

    buildings_served: int = Field(
        ge=1, le=1000, description="Number of buildings the building sewer serves.", examples=[1]
    )
    rear_building_on_interior_lot: bool = Field(
        default=False,
        description="The other building stands at the rear of the front building on an interior lot.",
    )
    private_sewer_to_rear: RearRoute = Field(
        default="available",
        description="Whether a private sewer is available to the rear building, can be constructed to it "
        "through an adjoining alley, court, yard or driveway, or neither.",
    )


def separate_sewer(facts: SeparateBuildingSewerFacts) -> Finding | None:
    """A separate and independent building sewer shall be provided for every building."""
    if facts.buildings_served != 1:
        return None
    return Finding(
        section="118-17",
        requirement="separate-sewer",
        severity="complies",
        sentence="The building sewer serves one building, as §118-17 requires.",
        compared={"buildings_served": 1},
    )


def rear_building_exception(facts: SeparateBuildingSewerFacts, view: ParameterView) -> Finding | None:
    """The front building's sewer may be extended to one rear building on an interior lot (I-85)."""
    if facts.buildings_served == 1:
        return None
    rear_allowed = int(view.number("permits.rear_buildings_per_building_sewer"))
    compared: dict[str, str | int | bool | None] = {
        "buildings_served": facts.buildings_served,
        "rear_buildings_allowed": rear_allowed,
        "rear_building_on_interior_lot": facts.rear_building_on_interior_lot,
        "private_sewer_to_rear": facts.private_sewer_to_rear,
    }
    if facts.buildings_served - 1 > rear_allowed:
        severity, sentence = (
            "fails",
            (
                f"The building sewer serves {facts.buildings_served} buildings; §118-17 lets a front building's "
                f"sewer be extended to {rear_allowed} rear building only, so the others need their own."
            ),
        )
    elif not facts.rear_building_on_interior_lot:
        severity, sentence = (
            "fails",
            (
                "The second building does not stand at the rear of the first on an interior lot, so §118-17 "
                "requires a separate and independent building sewer for it."
            ),
        )
    elif facts.private_sewer_to_rear != "none":
        route = "is available" if facts.private_sewer_to_rear == "available" else "can be constructed"
        severity, sentence = (
            "fails",
            (
                f"A private sewer {route} to the rear building through an adjoining alley, court, yard or driveway, "
                "so §118-17 does not let the front building's sewer be extended to it."
            ),
        )
    else:
        severity, sentence = (
            "complies",
            (
                "The rear building stands behind the front building on an interior lot with no private sewer "
                "available or constructible to it, so the front building's sewer may be extended to it and the "
                "whole considered as a separate building sewer (§118-17)."
            ),
        )
    return Finding(
        section="118-17",
        requirement="rear-building-exception",
        severity="complies" if severity == "complies" else "fails",
        sentence=sentence,
        compared=compared,
        interpretations=["I-85"],
    )


def separate_building_sewer(facts: SeparateBuildingSewerFacts, view: ParameterView, as_of: date) -> Decision:
    """Whether one building sewer may serve the buildings it serves (§118-17)."""
    view.number("permits.rear_buildings_per_building_sewer")  # listed in every decision: the reading of I-85
    found = separate_sewer(facts) or rear_building_exception(facts, view)
    assert found is not None
    if found.requirement == "separate-sewer":
        outcome = "separate"
    else:
        outcome = "rear-extension-permitted" if found.severity == "complies" else "fails"
    return decide(topic=TOPIC_NAME, as_of=as_of, view=view, outcome=outcome, summary=found.sentence, findings=[found])


_REAR = {"buildings_served": 2, "rear_building_on_interior_lot": True, "private_sewer_to_rear": "none"}

TOPIC: Topic[SeparateBuildingSewerFacts] = Topic(
    name=TOPIC_NAME,
    title="A separate building sewer for every building; the rear-building exception (§118-17)",
    sections=("118-17",),
    facts_model=SeparateBuildingSewerFacts,
    rule=separate_building_sewer,
    interpretations=("I-85",),
    examples=(
        Example("A house with its own building sewer complies", {"buildings_served": 1}, "separate"),
        Example(
            "A rear cottage on an interior lot with no private sewer route may share the front house's sewer",
            _REAR,
            "rear-extension-permitted",
        ),
        Example(
            "A rear cottage reachable through the driveway needs its own sewer",
            {**_REAR, "private_sewer_to_rear": "can_be_constructed"},
            "fails",
        ),
        Example(
            "Two houses side by side cannot share a building sewer",
            {**_REAR, "rear_building_on_interior_lot": False},
            "fails",
        ),
        Example(
            "A front house and two rear buildings cannot share one sewer", {**_REAR, "buildings_served": 3}, "fails"
        ),
    ),
)
