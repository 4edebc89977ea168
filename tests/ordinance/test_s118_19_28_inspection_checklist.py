"""The inspector's checklist (§§118-19..28, I-45, I-130, I-131): made from the design as reviewed, each item with
its section, its kind and the design value; restoration with its own deadline."""

from __future__ import annotations

from datetime import date
from typing import Any

from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.topics import determine

AS_OF = date(2026, 5, 1)
SEWER: dict[str, Any] = {
    "diameter_in": 4,
    "slope_in_per_ft": "0.25",
    "material": "pvc_sdr35",
    "distance_to_bearing_wall_ft": 5,
}
LATERAL: dict[str, Any] = {
    "connection_at_property_line": True,
    "lateral_exists": False,
    "lateral_builder": "sewer_department",
    "connection_method_approved": True,
}


def _issue(**facts: Any) -> Decision:
    return determine("inspection-checklist", facts, as_of=AS_OF)


def _items(d: Decision) -> dict[str, Any]:
    return {f.requirement: f for f in d.findings}


def test_a_trench_checklist_compares_the_pipe_as_laid_with_the_design() -> None:
    items = _items(_issue(inspection="trench", building_sewer=SEWER))
    assert list(items)[0] == "trench-open" and items["trench-open"].section == "118-26"
    assert items["diameter"].compared == {"kind": "measured", "design": "4", "unit": "in", "min": "4"}
    assert items["slope"].compared == {
        "kind": "measured",
        "design": "0.25",
        "unit": "in/ft",
        "min": "0.125",
        "max": "0.5",
    }
    assert items["material"].compared["design"] == "PVC SDR 35"
    assert items["bearing-wall"].compared["design"] == "5" and items["bearing-wall"].interpretations == ["I-45"]
    assert items["frost-depth"].compared["kind"] == "discretion"  # I-45: not computed, judged in the field
    assert {"joints", "bedding", "grade-alignment", "barricades-lights"} <= set(items)


def test_the_trench_is_judged_by_the_town_engineers_representative_i_130() -> None:
    item = _items(_issue(inspection="trench", building_sewer=SEWER))["trench-open"]
    assert item.severity == "discretion" and "deputy or representative" in (item.decided_by or "")


def test_larger_pipe_has_the_slope_the_sewer_department_approved_no_range() -> None:
    slope = _items(_issue(inspection="trench", building_sewer={**SEWER, "diameter_in": 6}))["slope"]
    assert "min" not in slope.compared and "approved" in slope.sentence


def test_ductile_iron_is_checked_only_within_10_ft_of_the_water_service() -> None:
    near = _items(_issue(inspection="trench", building_sewer={**SEWER, "distance_to_water_service_ft": 10}))
    far = _items(_issue(inspection="trench", building_sewer={**SEWER, "distance_to_water_service_ft": "10.5"}))
    assert "water-service-separation" in near and "water-service-separation" not in far


def test_a_bend_over_11_quarter_degrees_needs_its_cleanout_checked_and_one_of_exactly_that_does_not() -> None:
    bends = [{"angle_degrees": "11.25"}, {"angle_degrees": 45, "has_cleanout": True}]
    items = _items(_issue(inspection="trench", building_sewer={**SEWER, "bends": bends}))
    assert "bend-1-cleanout" not in items and items["bend-2-cleanout"].compared["design"] is True


def test_a_connection_checks_the_property_line_and_keeps_every_drain_off_the_sanitary_sewer() -> None:
    items = _items(_issue(inspection="connection", lateral_connection=LATERAL))
    for drain in ("roof", "sump", "cellar", "footing"):
        assert items[f"{drain}-drains-off"].section == "118-28"
    assert items["property-line"].section == "118-24" and items["property-line"].compared["design"] is True


def test_restoration_follows_the_connection_within_30_days_when_public_property_is_disturbed() -> None:
    d = _issue(inspection="connection", lateral_connection=LATERAL, on="2026-04-14")
    assert d.outcome == "restore-by" and d.deadline_for("restore").due == date(2026, 5, 14)
    assert _items(d)["restoration"].compared["follows"] == "restore"
    quiet = _issue(inspection="connection", lateral_connection={**LATERAL, "lateral_exists": True}, on="2026-04-14")
    assert quiet.outcome == "issued" and "restoration" not in _items(quiet) and not quiet.deadlines


def test_a_curb_cut_alone_disturbs_public_property() -> None:
    d = _issue(
        inspection="connection",
        on="2026-04-14",
        lateral_connection={**LATERAL, "lateral_exists": True, "curb_cut_required": True},
    )
    assert d.outcome == "restore-by"


def test_an_opening_permits_trench_is_its_last_inspection_restoration_follows_it() -> None:
    d = _issue(inspection="trench", permit_kind="opening", on="2026-04-14")
    assert "restoration" in _items(d) and "diameter" not in _items(d)
    assert d.deadline_for("restore").due == date(2026, 5, 14)


def test_a_lateral_checklist_names_the_builder_the_method_and_each_cut() -> None:
    items = _items(_issue(inspection="lateral", lateral_connection={**LATERAL, "rock_cut_required": True}))
    assert items["lateral-builder"].compared["design"] == "sewer_department"
    assert "rock-cut" in items and "curb-cut" not in items and "restoration" not in items
