"""§ 118-6, § 118-7 and § 118-12 When a private sewage system may stay in use (I-44).

    Where a public sanitary sewer is not available under the provisions of § 118-5 above, the building
    sewer shall be connected to a private sewage disposal system complying with the provisions
    established by the Ulster County Department of Health.                                (§ 118-7)

    At such time as a public sewer becomes available to a property served by a private sewage disposal
    system [...] a direct connection shall be made [...] and any septic tanks, cesspools [...] abandoned
    [...].                                                                                (§ 118-12)

    Owners of premises upon which a commercial car wash is operated [...] may, if the premises [...]
    have adequate and satisfactory sewerage facilities to dispose of the water used in the car wash,
    continue to use such sewerage facilities solely to dispose of the water used in actually washing
    vehicles, but must separate the plumbing facilities for that water from the plumbing facilities
    carrying all other forms of sewage and connect the latter plumbing facilities directly with the
    proper public sewer [...] and shall [...] connect the pipes supplying water to the actual
    vehicle-washing operation to a separate water meter [...].                            (§ 118-6)

"Available" is not defined by the chapter: where the Town has not recorded whether a public sewer is
available, sewerworks reads it from the distance to the nearest public sewer main and the parameter
``connection.sewer_available_distance`` (a main within 100 ft of the parcel boundary, I-46). I-44: the
separately metered wash water is excluded from the car wash's sewer usage; all other water is billed.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Literal

from pydantic import ConfigDict, Field, model_validator

from sewerworks.ordinance.decision import Decision, Finding
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide, num

TOPIC_NAME = "private-system"
COUNTY = "Ulster County Department of Health"
SUPERINTENDENT = "Superintendent"
Receives = Literal["vehicle_wash_only", "all_sewage", "none"]
CAR_WASH_CONDITIONS = {  # requirement: (sentence when met, sentence when not)
    "wash-water-only": (
        "The private system receives only the water used in actually washing vehicles",
        "The private system also receives other sewage",
    ),
    "separate-plumbing": (
        "The vehicle-wash plumbing is separate from all other plumbing and water lines",
        "The vehicle-wash plumbing is not separated from the other plumbing",
    ),
    "separate-meter": (
        "The water supplying the vehicle wash is separately metered",
        "The water supplying the vehicle wash is not separately metered",
    ),
    "other-sewage-connected": (
        "All other sewage goes directly to the public sewer",
        "The other sewage is not connected to the public sewer",
    ),
}


class PrivateSystemFacts(Facts):
    """A property, its private sewage disposal system (if any) and how near a public sewer is."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"public_sewer_available": False, "use": "other", "private_system_receives": "all_sewage"},
                {"distance_to_public_sewer_ft": 60, "use": "car_wash", "private_system_receives": "vehicle_wash_only"},
            ]
        },
    )

    public_sewer_available: bool | None = Field(
        default=None,
        description="Whether the Town has found a public sewer available to the property (leave out to decide "
        "by distance).",
        examples=[True],
    )
    distance_to_public_sewer_ft: Decimal | None = Field(
        default=None,
        ge=0,
        description="Distance from the parcel boundary to the nearest public sewer main, feet.",
        examples=[60],
    )
    use: Literal["car_wash", "other"] = Field(
        default="other", description="What the premises are used for: a commercial car wash, or anything else."
    )
    private_system_receives: Receives = Field(
        default="all_sewage",
        description="What the private sewage disposal system receives now: only the water used in actually "
        "washing vehicles, all sewage, or nothing (no private system in use).",
    )
    wash_water_separately_plumbed: bool = Field(
        default=False,
        description="Car wash only: the vehicle-wash plumbing is separate from the plumbing carrying all other "
        "sewage, and the pipes supplying the wash are separate from all other water lines.",
    )
    wash_water_separately_metered: bool = Field(
        default=False,
        description="Car wash only: the pipes supplying the vehicle-washing operation go through a separate "
        "water meter.",
    )
    other_sewage_connected_to_public_sewer: bool = Field(
        default=False,
        description="All sewage other than vehicle-wash water goes directly to the public sewer.",
    )

    @model_validator(mode="after")
    def _availability_known(self) -> PrivateSystemFacts:
        if self.public_sewer_available is None and self.distance_to_public_sewer_ft is None:
            raise ValueError("give public_sewer_available or distance_to_public_sewer_ft")
        return self


def available_by_distance(distance_ft: Decimal, limit_ft: Decimal) -> bool:
    """A public sewer is available when its nearest main lies at most ``limit_ft`` from the parcel boundary
    (``connection.sewer_available_distance``, I-46). The one statement of the rule: this decision and the
    registry's map-based judgement (``registry/availability.py``) both ask it."""
    return distance_ft <= limit_ft


def public_sewer_available(facts: PrivateSystemFacts, view: ParameterView) -> tuple[bool, list[Finding]]:
    """Whether a public sewer is "available under the provisions of §118-5" (the Town's finding, or distance)."""
    distance = facts.distance_to_public_sewer_ft
    stated = facts.public_sewer_available
    findings: list[Finding] = []
    by_distance: bool | None = None
    if distance is not None:
        limit = view.number("connection.sewer_available_distance")
        by_distance = available_by_distance(distance, limit)
        near = "within" if by_distance else "farther than"
        findings.append(
            Finding(
                section="118-5",
                requirement="public-sewer-available",
                severity="complies",
                sentence=f"The nearest public sewer main is {num(distance)} ft from the parcel boundary, {near} "
                f"the {num(limit)} ft at which a public sewer is treated as available.",
                compared={"distance_ft": num(distance), "available_within_ft": num(limit)},
            )
        )
    if stated is not None and by_distance is not None and stated != by_distance:
        recorded = "available" if stated else "not available"
        findings.append(
            Finding(
                section="118-5",
                requirement="availability-confirmed",
                severity="discretion",
                decided_by=SUPERINTENDENT,
                sentence=f"The Town has recorded a public sewer as {recorded}, which the distance does not bear "
                "out; the recorded finding is followed until the Superintendent confirms or corrects it.",
            )
        )
    available = stated if stated is not None else bool(by_distance)
    return available, findings


def private_system_permitted() -> list[Finding]:
    """Where no public sewer is available, a private system complying with the county's provisions."""
    return [
        Finding(
            section="118-7",
            requirement="private-system-permitted",
            severity="complies",
            sentence="No public sewer is available, so the building sewer may be connected to a private sewage "
            "disposal system.",
        ),
        Finding(
            section="118-8",
            requirement="county-permit",
            severity="discretion",
            decided_by=COUNTY,
            sentence="The private system must comply with the Ulster County Department of Health's provisions "
            "and needs its written permit before construction; the county decides whether it does.",
        ),
    ]


def connect_and_abandon(facts: PrivateSystemFacts) -> Finding:
    """Once a public sewer is available: connect directly and clean, abandon and fill private facilities."""
    if facts.private_system_receives == "none":
        sentence = "A public sewer is available and no private system is in use, as §118-12 requires."
    else:
        sentence = (
            "A public sewer is available, so the building must be connected directly to it and the septic tank, "
            "cesspool or similar private facility cleaned of sludge and liquid, abandoned and filled; the "
            "deadlines run from the official notice to connect (§118-5)."
        )
    return Finding(
        section="118-12",
        requirement="connect-and-abandon",
        severity="complies" if facts.private_system_receives == "none" else "fails",
        sentence=sentence,
    )


def car_wash_exception(facts: PrivateSystemFacts) -> list[Finding]:
    """§118-6: the private system may stay solely for vehicle-wash water, separately plumbed and metered."""
    met = {
        "wash-water-only": facts.private_system_receives == "vehicle_wash_only",
        "separate-plumbing": facts.wash_water_separately_plumbed,
        "separate-meter": facts.wash_water_separately_metered,
        "other-sewage-connected": facts.other_sewage_connected_to_public_sewer,
    }
    return [
        Finding(
            section="118-6",
            requirement=requirement,
            severity="complies" if met[requirement] else "fails",
            sentence=(yes if met[requirement] else no) + ".",
        )
        for requirement, (yes, no) in CAR_WASH_CONDITIONS.items()
    ]


def car_wash_approved(facts: PrivateSystemFacts) -> list[Finding]:
    """Adequacy of the car wash's own facilities is the county's judgement; its wash water is not billed (I-44)."""
    return [
        Finding(
            section="118-6",
            requirement="adequate-facilities",
            severity="discretion",
            decided_by=COUNTY,
            sentence="The car wash's private facilities must be adequate and satisfactory to dispose of the wash "
            "water; the Ulster County Department of Health decides whether they are.",
        ),
        Finding(
            section="118-6",
            requirement="wash-water-billing",
            severity="complies",
            sentence="The separately metered vehicle-wash water is left out of this account's sewer usage; all "
            "other water is billed.",
            interpretations=["I-44"],
        ),
    ]


def private_system(facts: PrivateSystemFacts, view: ParameterView, as_of: date) -> Decision:
    """Whether the property may keep (or use) a private sewage disposal system (§118-6, §118-7, §118-12)."""
    available, findings = public_sewer_available(facts, view)
    if not available:
        findings += private_system_permitted()
        outcome, summary = "permitted", findings[-2].sentence
    elif facts.private_system_receives == "none":
        findings.append(connect_and_abandon(facts))
        outcome, summary = "no-private-system", findings[-1].sentence
    elif facts.use == "car_wash":
        conditions = car_wash_exception(facts)
        findings += conditions
        missing = [f.sentence[0].lower() + f.sentence[1:-1] for f in conditions if f.severity == "fails"]
        if missing:
            findings.append(connect_and_abandon(facts))
            outcome = "car-wash-exception-fails"
            summary = (
                "A public sewer is available. A car wash may keep its private system only for vehicle-wash "
                "water that is separately plumbed and separately metered, with all other sewage connected to "
                "the public sewer; here " + "; ".join(missing) + "."
            )
        else:
            findings += car_wash_approved(facts)
            outcome = "car-wash-exception-applies"
            summary = (
                "A public sewer is available, but the car wash may keep its private system solely for the "
                "separately plumbed and metered vehicle-wash water (§118-6); all other sewage goes to the public sewer."
            )
    else:
        findings.append(connect_and_abandon(facts))
        outcome, summary = "must-connect-and-abandon", findings[-1].sentence
    return decide(
        topic=TOPIC_NAME,
        as_of=as_of,
        view=view,
        outcome=outcome,
        summary=summary,
        findings=findings,
        interpretations=["I-44"] if outcome == "car-wash-exception-applies" else [],
    )


_CAR_WASH = {
    "distance_to_public_sewer_ft": 40,
    "use": "car_wash",
    "private_system_receives": "vehicle_wash_only",
    "wash_water_separately_plumbed": True,
    "wash_water_separately_metered": True,
    "other_sewage_connected_to_public_sewer": True,
}

TOPIC: Topic[PrivateSystemFacts] = Topic(
    name=TOPIC_NAME,
    title="When a private sewage disposal system may stay in use (§118-6, §118-7, §118-12)",
    sections=("118-6", "118-7", "118-12"),
    facts_model=PrivateSystemFacts,
    rule=private_system,
    interpretations=(),  # I-44 is cited by the wash-water-billing finding, only when the exception applies
    examples=(
        Example(
            "A house 250 ft from the nearest main keeps its septic system",
            {"distance_to_public_sewer_ft": 250},
            "permitted",
        ),
        Example(
            "A house 60 ft from a main must connect and abandon its septic tank",
            {"distance_to_public_sewer_ft": 60},
            "must-connect-and-abandon",
        ),
        Example(
            "A car wash with separately plumbed and metered wash water keeps its private system for it",
            _CAR_WASH,
            "car-wash-exception-applies",
        ),
        Example(
            "A car wash without a separate meter must connect",
            {**_CAR_WASH, "wash_water_separately_metered": False},
            "car-wash-exception-fails",
        ),
    ),
)
