"""§§ 118-19 to 118-28 What an inspector checks in the field: the checklist of a trench, a lateral or a
connection, made from the permit's design as reviewed.

    § 118-19: [...] Joints shall be gastight and watertight. Any part of the building sewer that is located
    within 10 feet of a water service pipe shall be constructed of ductile iron pipe. [...] Bedding material
    is to be placed in the trench so as to obtain equal support for all sections of pipe.
    § 118-20: [...] in no event shall the diameter be less than four inches. The slope of such four-inch pipe
    shall not be less than 1/8 inch per foot, nor more than 1/2 inch per foot, or as may be required.
    § 118-21: The depth shall be sufficient to afford protection from frost. No building sewer shall be laid
    parallel to or within three feet of any bearing wall [...]. The building sewer shall be laid at uniform
    grade and in straight alignment, insofar as possible. [...]
    § 118-24: The connection of the building sewer into an existing public sewer shall be at the property line.
    [...] The town or its designee shall approve and inspect all work [...].
    § 118-26: [...] such trenches shall be inspected [...] before the trenches are filled [...].
    § 118-27: All excavation for building sewer installation shall be adequately guarded with barricades and
    lights so as to protect the public from hazard. Streets, sidewalks, parkways and other public property
    disturbed in the course of the work shall be restored in a manner satisfactory to the town.
    § 118-28: Stormwater and all other unpolluted drainage shall be discharged to such sewers as are
    specifically designated as storm sewers or to a natural outlet approved by the Town Engineer.

Each item names its section, its kind (``measured``: a value the inspector measures against the design;
``yes_no``: seen or not; ``discretion``: the inspector's judgement, as I-45 leaves frost depth and uniform grade)
and the design value to compare. Items are ``discretion`` findings naming who judges them in the field: the
trench's official (I-130) or the Sewer Department. The restoration of disturbed public property follows the work
and has its own deadline, ``permits.restoration_days`` after the inspection that ends the work (I-131).
"""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import ConfigDict, Field

from sewerworks.ordinance.deadlines import due_after
from sewerworks.ordinance.decision import Deadline, Decision, Finding
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide, num
from sewerworks.ordinance.s118_19_21_building_sewer import BuildingSewerFacts, _material
from sewerworks.ordinance.s118_24_lateral_connection import LateralConnectionFacts

TOPIC_NAME = "inspection-checklist"
Kind = Literal["measured", "yes_no", "discretion"]
Compared = dict[str, str | int | bool | None]
DRAINS = (("roof", "roof drains"), ("sump", "sump pumps"), ("cellar", "cellar drains"), ("footing", "footing drains"))
SEWER_DEPARTMENT = "Sewer Department"


class ChecklistFacts(Facts):
    """The inspection and the permit's design, as the review stored it."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "inspection": "trench",
                    "building_sewer": {"diameter_in": 4, "slope_in_per_ft": "0.25", "material": "pvc_sdr35",
                                       "distance_to_bearing_wall_ft": 5},
                }
            ]
        },
    )  # fmt: skip

    inspection: Literal["trench", "lateral", "connection"] = Field(
        description="The inspection: the building sewer's trench (§118-26), the lateral to the property line "
        "(§118-24), or the connection (§118-25)."
    )
    permit_kind: Literal["building_sewer", "opening"] = Field(
        default="building_sewer",
        description="An opening permit's trench inspection ends its work: restoration follows it (§118-27).",
    )
    building_sewer: BuildingSewerFacts | None = Field(default=None, description="The design's building sewer.")
    lateral_connection: LateralConnectionFacts | None = Field(
        default=None, description="The design's lateral and connection (§118-24)."
    )
    public_property_disturbed: bool | None = Field(
        default=None,
        description="The work disturbs streets, sidewalks, parkways or other public property (§118-27); when not "
        "given: a lateral to build, a curb or rock cut, or an opening permit.",
    )
    on: date | None = Field(default=None, description="The day the inspection passed: dates the restoration.")


def _item(section: str, key: str, kind: Kind, text: str, who: str, design: str | bool | None = None,
          unit: str = "", **limits: str | None) -> Finding:  # fmt: skip
    compared: Compared = {"kind": kind, "design": design, "unit": unit or None}
    compared.update({k: v for k, v in limits.items() if v is not None})
    ids = ["I-45"] if section == "118-21" and key in ("frost-depth", "grade-alignment", "bearing-wall") else []
    return Finding(section=section, requirement=key, severity="discretion", sentence=text, compared=compared,
                   decided_by=who, interpretations=ids)  # fmt: skip


def pipe_items(sewer: BuildingSewerFacts | None, view: ParameterView, who: str) -> list[Finding]:
    """§§118-19..21 as laid: pipe, joints, bedding, diameter, slope, frost, grade, bearing walls, bends."""
    least = view.number("building_sewer.min_diameter")
    low, high = view.number("building_sewer.min_slope_4in"), view.number("building_sewer.max_slope_4in")
    clearance = view.number("building_sewer.bearing_wall_clearance")
    design = sewer or BuildingSewerFacts.model_construct(diameter_in=None, slope_in_per_ft=None, material=None)
    items = [
        _item("118-19", "material", "yes_no", "The pipe laid is the material the permit approved.", who,
              _material(design.material) if design.material else None),
        _item("118-19", "joints", "yes_no", "Joints are gastight and watertight.", who, True),
        _item("118-19", "bedding", "yes_no", "Bedding gives equal support to all sections of pipe.", who),
        _item("118-20", "diameter", "measured", f"The diameter is at least {num(least)} inches.", who,
              num(design.diameter_in) if design.diameter_in else None, "in", min=num(least)),
    ]  # fmt: skip
    four_inch = design.diameter_in is None or design.diameter_in == least
    slope = design.slope_in_per_ft
    items.append(
        _item("118-20", "slope", "measured",
              f"The slope is {num(low)} to {num(high)} in/ft for four-inch pipe (I-37)" if four_inch
              else "The slope is the one the Sewer Department approved for this pipe (I-37).", who,
              num(slope) if slope is not None else None, "in/ft",
              min=num(low) if four_inch else None, max=num(high) if four_inch else None)
    )  # fmt: skip
    if sewer is not None and sewer.distance_to_water_service_ft is not None:
        within = view.number("building_sewer.ductile_iron_near_water_service")
        if sewer.distance_to_water_service_ft <= within:
            items.append(_item("118-19", "water-service-separation", "yes_no",
                               f"Ductile iron pipe within {num(within)} ft of the water service pipe.", who,
                               num(sewer.distance_to_water_service_ft), "ft"))  # fmt: skip
    wall = getattr(design, "distance_to_bearing_wall_ft", None)
    items += [
        _item("118-21", "frost-depth", "discretion", "The depth affords protection from frost.", who),
        _item("118-21", "grade-alignment", "discretion",
              "Laid at uniform grade and in straight alignment, insofar as possible.", who),
        _item("118-21", "bearing-wall", "measured",
              f"No part within {num(clearance)} ft of a bearing wall, nor parallel to one where it might weaken it.",
              who, num(wall) if wall is not None else None, "ft", min=num(clearance)),
    ]  # fmt: skip
    threshold = view.number("building_sewer.bend_cleanout_threshold")
    for n, bend in enumerate(getattr(design, "bends", None) or [], start=1):
        if bend.angle_degrees > threshold:
            items.append(_item("118-21", f"bend-{n}-cleanout", "yes_no",
                               f"Bend {n} ({num(bend.angle_degrees)}°) has an approved cleanout.", who,
                               bend.has_cleanout))  # fmt: skip
    return items


def disturbed(facts: ChecklistFacts) -> bool:
    """§118-27: public property is disturbed by a lateral to build, a rock or curb cut, or an opening permit."""
    if facts.public_property_disturbed is not None:
        return facts.public_property_disturbed
    lateral = facts.lateral_connection
    if facts.permit_kind == "opening":
        return True
    return bool(lateral and (not lateral.lateral_exists or lateral.curb_cut_required or lateral.rock_cut_required))


def restoration(facts: ChecklistFacts, view: ParameterView) -> tuple[list[Finding], list[Deadline]]:
    """Disturbed public property restored in a manner satisfactory to the town, within its own limit (I-131)."""
    ends_work = facts.inspection == "connection" or facts.permit_kind == "opening"
    if not ends_work or not disturbed(facts):
        return [], []
    days = int(view.number("permits.restoration_days"))
    text = (f"Streets, sidewalks, parkways and other public property disturbed are restored in a manner "
            f"satisfactory to the town, within {days} days of this inspection's pass (I-131).")  # fmt: skip
    item = _item("118-27", "restoration", "discretion", text, SEWER_DEPARTMENT, None, "", follows="restore")
    if facts.on is None:
        return [item], []
    due = due_after(facts.on, days, shift=view.flag("deadlines.weekend_holiday_shift"))
    sentence = f"Restore the public property the work disturbed by the end of {due.isoformat()} (§118-27, I-131)."
    return [item], [Deadline(key="restore", name="restore the public property disturbed", due=due, section="118-27",
                             sentence=sentence, interpretations=["I-20", "I-131"])]  # fmt: skip


def checklist(facts: ChecklistFacts, view: ParameterView, as_of: date) -> Decision:
    """The items of one inspection, with the design values to compare, as issued to the inspector."""
    officials = view.table("permits.inspection_officials")
    guarded = _item("118-27", "barricades-lights", "yes_no",
                    "The excavation is guarded with barricades and lights.", SEWER_DEPARTMENT)  # fmt: skip
    items: list[Finding] = []
    lateral = facts.lateral_connection
    if facts.inspection == "trench":
        who = officials["pass_trench"]
        items.append(_item("118-26", "trench-open", "yes_no",
                           "The trench is open: it was not filled before this inspection.", who))  # fmt: skip
        if facts.permit_kind == "building_sewer":
            items += pipe_items(facts.building_sewer, view, who)
        items.append(guarded)
    elif facts.inspection == "lateral":
        items += [
            _item("118-26", "trench-open", "yes_no", "The lateral's trench is open for inspection.", SEWER_DEPARTMENT),
            _item("118-24", "lateral-builder", "yes_no",
                  "Built by the Sewer Department or a contractor it approved, to the property line.", SEWER_DEPARTMENT,
                  lateral.lateral_builder if lateral else None),
            _item("118-24", "connection-method", "yes_no",
                  "Joined to the public sewer by the method the Sewer Department approved.", SEWER_DEPARTMENT,
                  lateral.connection_method_approved if lateral else None),
            guarded,
        ]  # fmt: skip
        for cut in ("rock", "curb"):
            if lateral and getattr(lateral, f"{cut}_cut_required"):
                items.append(_item("118-24", f"{cut}-cut", "yes_no", f"The {cut} cut is made as approved; its fee "
                                   "is collected (I-133).", SEWER_DEPARTMENT, True))  # fmt: skip
    else:
        who = officials["supervise_connection"]
        at_line = lateral.connection_at_property_line if lateral else None
        items.append(_item("118-24", "property-line", "yes_no",
                           "The building sewer joins the lateral at the property line.", who, at_line))  # fmt: skip
        for key, what in DRAINS:
            items.append(_item("118-28", f"{key}-drains-off", "yes_no", f"No {what} are connected to the sanitary "
                               "sewer (§118-28, §118-37).", who))  # fmt: skip
        items.append(guarded)
    follows, deadlines = restoration(facts, view)
    items += follows
    summary = f"{len(items)} items for the {facts.inspection} inspection: " + "; ".join(
        f"§{i.section} {i.requirement}" for i in items
    )
    if deadlines:
        summary += f". {deadlines[0].sentence}"
    outcome = "restore-by" if deadlines else "issued"
    return decide(topic=TOPIC_NAME, as_of=as_of, view=view, outcome=outcome, summary=summary, findings=items,
                  deadlines=deadlines, interpretations=["I-130"])  # fmt: skip


_SEWER = {"diameter_in": 4, "slope_in_per_ft": "0.25", "material": "pvc_sdr35", "distance_to_bearing_wall_ft": 5}
_NEW_LATERAL = {"connection_at_property_line": True, "lateral_exists": False, "lateral_builder": "sewer_department",
                "connection_method_approved": True, "curb_cut_required": True}  # fmt: skip

TOPIC: Topic[ChecklistFacts] = Topic(
    name=TOPIC_NAME,
    title="The inspector's checklist for a trench, a lateral or a connection (§§118-19 to 118-28)",
    sections=("118-19", "118-20", "118-21", "118-24", "118-26", "118-27", "118-28"),
    facts_model=ChecklistFacts,
    rule=checklist,
    interpretations=("I-130",),
    examples=(
        Example("A 4-inch PVC trench: open, pipe, joints, bedding, 4 in, 1/8-1/2 in/ft, frost, grade, wall, guards",
                {"inspection": "trench", "building_sewer": _SEWER}, "issued"),
        Example("A connection with a new lateral and a curb cut: restore within 30 days, by 2026-05-14",
                {"inspection": "connection", "lateral_connection": _NEW_LATERAL, "on": "2026-04-14"}, "restore-by",
                deadlines={"restore": "2026-05-14"}),
        Example("A connection to an existing lateral with no cut disturbs nothing: no restoration",
                {"inspection": "connection", "lateral_connection": {**_NEW_LATERAL, "lateral_exists": True,
                 "curb_cut_required": False}, "on": "2026-04-14"}, "issued"),
        Example("Restoration due on Sunday 2026-05-17 moves to Monday 2026-05-18 (I-20)",
                {"inspection": "connection", "public_property_disturbed": True, "on": "2026-04-17"}, "restore-by",
                deadlines={"restore": "2026-05-18"}),
        Example("A lateral with a rock cut: built by whom, method, rock cut",
                {"inspection": "lateral", "lateral_connection": {**_NEW_LATERAL, "rock_cut_required": True}},
                "issued"),
    ),  # fmt: skip
)
