"""§§ 118-19 to 118-21 Building sewer: pipe, size and slope, placement and changes in direction.

§ 118-19: The building sewer shall be ductile iron soil pipe, AWWA C151, thickness Class 2 or equal, or
PVC SDR 35 or other suitable material approved by the Town Engineer. Joints shall be gastight and
watertight. Any part of the building sewer that is located within 10 feet of a water service pipe shall
be constructed of ductile iron pipe. Ductile iron pipe may be required by the Town Engineer where the
building sewer is exposed to damage by tree roots. If installed in filled or unstable ground, the
building sewer shall be of ductile iron soil pipe, except that nonmetallic material may be accepted if
laid on a suitable concrete bed or cradle as approved by the Sewer Department.

§ 118-20: [...] in no event shall the diameter be less than four inches. The slope of such four-inch
pipe shall not be less than 1/8 inch per foot, nor more than 1/2 inch per foot, or as may be required.

§ 118-21: No building sewer shall be laid parallel to or within three feet of any bearing wall, which
might thereby be weakened. [...] Where horizontal bends of more than 11 1/4º are required, cleanouts of
a type approved by the Sewer Department are to be installed.

I-37 (slope, inclusive; larger pipe is the Sewer Department's call), I-45 (bearing walls), I-38 (bends).
"Within 10 feet" and "within three feet" include the distance itself.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Literal

from pydantic import ConfigDict, Field

from sewerworks.ordinance.decision import Decision, Finding, Severity, overall
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide, num

TOPIC_NAME = "building-sewer"
TOWN_ENGINEER = "Town Engineer"
SEWER_DEPARTMENT = "Sewer Department"
INSPECTOR = "Sewer Department inspector"
DUCTILE_IRON = "ductile_iron_c151_class2"
Material = Literal["ductile_iron_c151_class2", "pvc_sdr35", "other_approved_by_town_engineer", "other"]
Compared = dict[str, str | int | bool | None]


class Bend(Facts):
    """A horizontal change of direction in the building sewer."""

    model_config = ConfigDict(extra="forbid")

    angle_degrees: Decimal = Field(
        gt=0, le=180, description="Horizontal bend angle, degrees.", examples=[22.5]
    )
    has_cleanout: bool = Field(default=False, description="A cleanout of an approved type is installed.")


class BuildingSewerFacts(Facts):
    """A building sewer as designed or as found at inspection."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "diameter_in": 4,
                    "slope_in_per_ft": 0.25,
                    "material": "pvc_sdr35",
                    "joints_gastight_watertight": True,
                    "distance_to_water_service_ft": 12,
                    "distance_to_bearing_wall_ft": 5,
                    "bends": [{"angle_degrees": 45, "has_cleanout": True}],
                }
            ]
        },
    )

    diameter_in: Decimal = Field(
        gt=0, description="Inside diameter of the building sewer, inches.", examples=[4]
    )
    slope_in_per_ft: Decimal = Field(ge=0, description="Slope, inches of fall per foot.", examples=[0.25])
    material: Material = Field(description="Pipe material.", examples=["pvc_sdr35"])
    joints_gastight_watertight: bool = Field(default=True, description="Joints are gastight and watertight.")
    distance_to_water_service_ft: Decimal | None = Field(
        default=None,
        ge=0,
        description="Least distance from any part of the sewer to a water service pipe, feet.",
        examples=[12],
    )
    ground: Literal["normal", "filled_or_unstable"] = Field(
        default="normal", description="Ground the sewer is laid in."
    )
    concrete_cradle: bool = Field(default=False, description="The pipe is laid on a concrete bed or cradle.")
    tree_roots_exposure: bool = Field(
        default=False, description="The sewer is exposed to damage by tree roots."
    )
    distance_to_bearing_wall_ft: Decimal | None = Field(
        default=None,
        ge=0,
        description="Least distance from any part of the sewer to a bearing wall, feet.",
        examples=[5],
    )
    parallel_to_bearing_wall: bool = Field(
        default=False, description="The sewer runs parallel to a bearing wall."
    )
    bends: list[Bend] = Field(default_factory=list, description="Horizontal bends in the sewer.")


def _finding(
    section: str,
    requirement: str,
    severity: Severity,
    sentence: str,
    compared: Compared,
    decided_by: str | None = None,
    interpretations: tuple[str, ...] = (),
) -> Finding:
    return Finding(
        section=section,
        requirement=requirement,
        severity=severity,
        sentence=sentence,
        compared=compared,
        decided_by=decided_by,
        interpretations=list(interpretations),
    )


def _ok(condition: bool) -> Severity:
    return "complies" if condition else "fails"


def minimum_diameter(facts: BuildingSewerFacts, view: ParameterView) -> Finding:
    """In no event shall the diameter be less than four inches (§118-20)."""
    least = view.number("building_sewer.min_diameter")
    return _finding(
        "118-20",
        "min-diameter",
        _ok(facts.diameter_in >= least),
        f"The building sewer is {num(facts.diameter_in)} in in diameter; "
        f"§118-20 requires at least {num(least)} in.",
        {"diameter_in": num(facts.diameter_in), "min_diameter_in": num(least)},
    )


def slope(facts: BuildingSewerFacts, view: ParameterView) -> Finding | None:
    """Four-inch pipe: 1/8 to 1/2 inch per foot inclusive; larger pipe is for the Sewer Department (I-37)."""
    least = view.number("building_sewer.min_diameter")
    if facts.diameter_in < least:
        return None  # the diameter already fails; §118-20 gives slopes only for four-inch pipe and up
    given = num(facts.slope_in_per_ft)
    if facts.diameter_in > least:
        return _finding(
            "118-20",
            "slope",
            "discretion",
            f"§118-20 sets no slope for {num(facts.diameter_in)}-inch pipe; a slope of {given} in/ft is "
            "subject "
            "to the approval of the Sewer Department.",
            {"diameter_in": num(facts.diameter_in), "slope_in_per_ft": given},
            SEWER_DEPARTMENT,
            ("I-37",),
        )
    low, high = view.number("building_sewer.min_slope_4in"), view.number("building_sewer.max_slope_4in")
    return _finding(
        "118-20",
        "slope",
        _ok(low <= facts.slope_in_per_ft <= high),
        f"The four-inch building sewer falls {given} in/ft; "
        f"§118-20 requires {num(low)} to {num(high)} in/ft.",
        {"slope_in_per_ft": given, "min_slope_in_per_ft": num(low), "max_slope_in_per_ft": num(high)},
        interpretations=("I-37",),
    )


def pipe_material(facts: BuildingSewerFacts, view: ParameterView) -> Finding:
    """Ductile iron AWWA C151 Class 2, PVC SDR 35, or other suitable material the Town Engineer approves."""
    named = view.items("building_sewer.approved_materials")
    compared: Compared = {"material": facts.material}
    if facts.material in named:
        return _finding(
            "118-19", "material", "complies", f"{_material(facts.material)} is named in §118-19.", compared
        )
    if facts.material == "other_approved_by_town_engineer":
        return _finding(
            "118-19",
            "material",
            "complies",
            "The pipe is a material the Town Engineer has approved as suitable (§118-19).",
            compared,
        )
    return _finding(
        "118-19",
        "material",
        "discretion",
        "The pipe is neither ductile iron AWWA C151 Class 2 nor PVC SDR 35; another material needs the Town "
        "Engineer's approval as suitable (§118-19).",
        compared,
        TOWN_ENGINEER,
    )


def joints(facts: BuildingSewerFacts) -> Finding:
    """Joints shall be gastight and watertight."""
    state = "are" if facts.joints_gastight_watertight else "are not"
    return _finding(
        "118-19",
        "joints",
        _ok(facts.joints_gastight_watertight),
        f"The joints {state} gastight and watertight; §118-19 requires both.",
        {"joints_gastight_watertight": facts.joints_gastight_watertight},
    )


def ductile_iron_near_water_service(facts: BuildingSewerFacts, view: ParameterView) -> Finding | None:
    """Any part within 10 feet of a water service pipe shall be ductile iron."""
    if facts.distance_to_water_service_ft is None:
        return None
    limit = view.number("building_sewer.ductile_iron_near_water_service")
    distance = facts.distance_to_water_service_ft
    compared: Compared = {
        "distance_to_water_service_ft": num(distance),
        "ductile_iron_within_ft": num(limit),
        "material": facts.material,
    }
    if distance > limit:
        return _finding(
            "118-19",
            "water-service-separation",
            "complies",
            f"The sewer comes no closer than {num(distance)} ft to a water service pipe; ductile iron "
            f"is required only within {num(limit)} ft (§118-19).",
            compared,
        )
    is_di = facts.material == DUCTILE_IRON
    return _finding(
        "118-19",
        "water-service-separation",
        _ok(is_di),
        f"Part of the sewer is {num(distance)} ft from a water service pipe, within {num(limit)} ft, "
        "so §118-19 "
        f"requires ductile iron pipe there; the pipe is {_material(facts.material)}.",
        compared,
    )


def tree_roots(facts: BuildingSewerFacts) -> Finding | None:
    """Ductile iron pipe may be required by the Town Engineer where exposed to damage by tree roots."""
    if not facts.tree_roots_exposure:
        return None
    compared: Compared = {"tree_roots_exposure": True, "material": facts.material}
    if facts.material == DUCTILE_IRON:
        return _finding(
            "118-19",
            "tree-roots",
            "complies",
            "The sewer is exposed to tree roots and is already ductile iron (§118-19).",
            compared,
        )
    return _finding(
        "118-19",
        "tree-roots",
        "discretion",
        "The sewer is exposed to damage by tree roots; the Town Engineer may require ductile iron "
        "pipe (§118-19).",
        compared,
        TOWN_ENGINEER,
    )


def filled_ground(facts: BuildingSewerFacts) -> Finding | None:
    """Filled or unstable ground: ductile iron, or nonmetallic pipe on a concrete cradle (approved)."""
    if facts.ground != "filled_or_unstable":
        return None
    compared: Compared = {
        "ground": facts.ground,
        "material": facts.material,
        "concrete_cradle": facts.concrete_cradle,
    }
    if facts.material == DUCTILE_IRON:
        return _finding(
            "118-19",
            "filled-ground",
            "complies",
            "In filled or unstable ground the sewer is ductile iron soil pipe, as §118-19 requires.",
            compared,
        )
    if facts.concrete_cradle:
        return _finding(
            "118-19",
            "filled-ground",
            "discretion",
            "In filled or unstable ground a pipe other than ductile iron may be accepted on a suitable "
            "concrete bed or cradle as approved by the Sewer Department (§118-19).",
            compared,
            SEWER_DEPARTMENT,
        )
    return _finding(
        "118-19",
        "filled-ground",
        "fails",
        "In filled or unstable ground §118-19 requires ductile iron soil pipe, or nonmetallic pipe on "
        "a concrete bed or cradle; the pipe is neither.",
        compared,
    )


def bearing_wall(facts: BuildingSewerFacts, view: ParameterView) -> Finding | None:
    """No building sewer shall be laid parallel to or within three feet of any bearing wall (I-45)."""
    if facts.distance_to_bearing_wall_ft is None:
        return None
    clearance = view.number("building_sewer.bearing_wall_clearance")
    distance = facts.distance_to_bearing_wall_ft
    compared: Compared = {
        "distance_to_bearing_wall_ft": num(distance),
        "min_clearance_ft": num(clearance),
        "parallel_to_bearing_wall": facts.parallel_to_bearing_wall,
    }
    if distance <= clearance:
        return _finding(
            "118-21",
            "bearing-wall",
            "fails",
            f"Part of the sewer is {num(distance)} ft from a bearing wall; §118-21 forbids laying it "
            f"within {num(clearance)} ft.",
            compared,
            interpretations=("I-45",),
        )
    if facts.parallel_to_bearing_wall:
        return _finding(
            "118-21",
            "bearing-wall",
            "discretion",
            f"The sewer runs parallel to a bearing wall {num(distance)} ft away; the inspector judges "
            "whether the wall might thereby be weakened (§118-21).",
            compared,
            INSPECTOR,
            ("I-45",),
        )
    return _finding(
        "118-21",
        "bearing-wall",
        "complies",
        f"The sewer stays {num(distance)} ft from any bearing wall, beyond the {num(clearance)} ft "
        "§118-21 forbids.",
        compared,
        interpretations=("I-45",),
    )


def bend_cleanouts(facts: BuildingSewerFacts, view: ParameterView) -> list[Finding]:
    """Where horizontal bends of more than 11 1/4 degrees are required, cleanouts are installed (I-38)."""
    threshold = view.number("building_sewer.bend_cleanout_threshold")
    findings = []
    for n, bend in enumerate(facts.bends, start=1):
        angle = num(bend.angle_degrees)
        compared: Compared = {
            "angle_degrees": angle,
            "cleanout_over_degrees": num(threshold),
            "has_cleanout": bend.has_cleanout,
        }
        if bend.angle_degrees <= threshold:
            severity: Severity = "complies"
            sentence = f"Bend {n} turns {angle}°, not more than {num(threshold)}°; no cleanout is required."
        else:
            severity = _ok(bend.has_cleanout)
            has = "has one" if bend.has_cleanout else "has none"
            sentence = (
                f"Bend {n} turns {angle}°, more than {num(threshold)}°, so §118-21 requires a cleanout; "
            )
            sentence += f"it {has}."
        findings.append(
            _finding("118-21", f"bend-{n}-cleanout", severity, sentence, compared, interpretations=("I-38",))
        )
    return findings


def _material(material: str) -> str:
    return {
        "ductile_iron_c151_class2": "ductile iron soil pipe AWWA C151 Class 2",
        "pvc_sdr35": "PVC SDR 35",
        "other_approved_by_town_engineer": "a material approved by the Town Engineer",
    }.get(material, "another material")


def building_sewer(facts: BuildingSewerFacts, view: ParameterView, as_of: date) -> Decision:
    """A building sewer against §§118-19 to 118-21: complies, fails, or needs an official's review."""
    candidates = [
        minimum_diameter(facts, view),
        slope(facts, view),
        pipe_material(facts, view),
        joints(facts),
        ductile_iron_near_water_service(facts, view),
        tree_roots(facts),
        filled_ground(facts),
        bearing_wall(facts, view),
        *bend_cleanouts(facts, view),
    ]
    findings = [f for f in candidates if f is not None]
    outcome = overall(findings)
    failed = [f.sentence for f in findings if f.severity == "fails"]
    review = [f"{f.decided_by}: {f.sentence}" for f in findings if f.severity == "discretion"]
    if failed:
        summary = "The building sewer does not comply: " + " ".join(failed)
    elif review:
        summary = "Nothing fails; for review: " + " ".join(review)
    else:
        summary = "The building sewer complies with §§118-19 to 118-21."
    return decide(
        topic=TOPIC_NAME, as_of=as_of, view=view, outcome=outcome, summary=summary, findings=findings
    )


_PVC = {
    "diameter_in": 4,
    "slope_in_per_ft": "0.25",
    "material": "pvc_sdr35",
    "joints_gastight_watertight": True,
}

TOPIC: Topic[BuildingSewerFacts] = Topic(
    name=TOPIC_NAME,
    title="Building sewer pipe, size, slope and placement (§§118-19 to 118-21)",
    sections=("118-19", "118-20", "118-21"),
    facts_model=BuildingSewerFacts,
    rule=building_sewer,
    interpretations=(),
    examples=(
        Example("A 4-inch PVC SDR 35 sewer at 1/4 inch per foot complies", _PVC, "complies"),
        Example("A 3-inch sewer is too small", {**_PVC, "diameter_in": 3}, "fails"),
        Example(
            "A 4-inch sewer at 1/16 inch per foot is too flat", {**_PVC, "slope_in_per_ft": "0.0625"}, "fails"
        ),
        Example(
            "The slope of a 6-inch sewer is for the Sewer Department",
            {**_PVC, "diameter_in": 6},
            "needs-review",
        ),
        Example(
            "PVC 8 ft from a water service pipe fails", {**_PVC, "distance_to_water_service_ft": 8}, "fails"
        ),
        Example(
            "A 45-degree bend without a cleanout fails",
            {**_PVC, "bends": [{"angle_degrees": 45, "has_cleanout": False}]},
            "fails",
        ),
        Example(
            "An 11 1/4-degree bend needs no cleanout",
            {**_PVC, "bends": [{"angle_degrees": "11.25", "has_cleanout": False}]},
            "complies",
        ),
    ),
)
