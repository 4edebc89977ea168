"""§§118-19 to 118-21 building sewer, on both sides of every threshold."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.parameters import load_jurisdiction
from sewerworks.ordinance.s118_19_21_building_sewer import BuildingSewerFacts, building_sewer

AS_OF = date(2026, 5, 1)
PVC: dict[str, Any] = {"diameter_in": 4, "slope_in_per_ft": "0.25", "material": "pvc_sdr35"}


def _decide(**changes: Any) -> Decision:
    facts = BuildingSewerFacts.model_validate({**PVC, **changes})
    return building_sewer(facts, load_jurisdiction().at(AS_OF), AS_OF)


def test_a_plain_four_inch_pvc_sewer_complies() -> None:
    d = _decide()
    assert d.outcome == "complies"
    assert d.sections == ["118-19", "118-20"]


def test_a_four_inch_sewer_complies_and_a_3_9_inch_one_fails() -> None:
    assert _decide(diameter_in=4).finding("min-diameter").severity == "complies"
    d = _decide(diameter_in="3.9")
    assert d.outcome == "fails"
    assert d.finding("min-diameter").sentence == (
        "The building sewer is 3.9 in in diameter; §118-20 requires at least 4 in."
    )


@pytest.mark.parametrize(
    ("slope", "severity"),
    [("0.124", "fails"), ("0.125", "complies"), ("0.5", "complies"), ("0.501", "fails")],
)
def test_a_four_inch_sewer_falls_one_eighth_to_one_half_inch_per_foot_inclusive(
    slope: str, severity: str
) -> None:
    finding = _decide(slope_in_per_ft=slope).finding("slope")
    assert finding.severity == severity
    assert finding.interpretations == ["I-37"]


def test_the_slope_of_a_six_inch_sewer_is_for_the_sewer_department() -> None:
    d = _decide(diameter_in=6, slope_in_per_ft="0.05")
    assert d.outcome == "needs-review"
    assert d.finding("slope").decided_by == "Sewer Department"


def test_ductile_iron_and_approved_materials_comply_another_material_needs_the_town_engineer() -> None:
    assert _decide(material="ductile_iron_c151_class2").finding("material").severity == "complies"
    assert _decide(material="other_approved_by_town_engineer").finding("material").severity == "complies"
    other = _decide(material="other").finding("material")
    assert other.severity == "discretion" and other.decided_by == "Town Engineer"


def test_joints_must_be_gastight_and_watertight() -> None:
    assert _decide(joints_gastight_watertight=True).finding("joints").severity == "complies"
    assert _decide(joints_gastight_watertight=False).outcome == "fails"


@pytest.mark.parametrize(
    ("distance", "material", "severity"),
    [
        ("10", "pvc_sdr35", "fails"),
        ("10", "ductile_iron_c151_class2", "complies"),
        ("10.1", "pvc_sdr35", "complies"),
        ("0", "pvc_sdr35", "fails"),
    ],
)
def test_within_ten_feet_of_a_water_service_pipe_the_sewer_must_be_ductile_iron(
    distance: str, material: str, severity: str
) -> None:
    finding = _decide(distance_to_water_service_ft=distance, material=material).finding(
        "water-service-separation"
    )
    assert finding.severity == severity


def test_pvc_eight_feet_from_a_water_service_pipe_is_told_in_plain_words() -> None:
    sentence = _decide(distance_to_water_service_ft=8).finding("water-service-separation").sentence
    assert sentence == (
        "Part of the sewer is 8 ft from a water service pipe, within 10 ft, so §118-19 requires ductile iron "
        "pipe there; the pipe is PVC SDR 35."
    )


def test_tree_roots_let_the_town_engineer_require_ductile_iron() -> None:
    with pytest.raises(KeyError):
        _decide().finding("tree-roots")
    assert _decide(tree_roots_exposure=True).finding("tree-roots").decided_by == "Town Engineer"
    ductile = _decide(tree_roots_exposure=True, material="ductile_iron_c151_class2")
    assert ductile.finding("tree-roots").severity == "complies"


def test_in_filled_ground_pvc_needs_a_concrete_cradle_approved_by_the_sewer_department() -> None:
    assert _decide(ground="filled_or_unstable").finding("filled-ground").severity == "fails"
    cradle = _decide(ground="filled_or_unstable", concrete_cradle=True).finding("filled-ground")
    assert cradle.severity == "discretion" and cradle.decided_by == "Sewer Department"
    di = _decide(ground="filled_or_unstable", material="ductile_iron_c151_class2")
    assert di.finding("filled-ground").severity == "complies"


@pytest.mark.parametrize(
    ("distance", "parallel", "severity"),
    [("3", False, "fails"), ("3", True, "fails"), ("3.1", False, "complies"), ("3.1", True, "discretion")],
)
def test_no_building_sewer_within_three_feet_of_a_bearing_wall_or_parallel_to_one(
    distance: str, parallel: bool, severity: str
) -> None:
    finding = _decide(distance_to_bearing_wall_ft=distance, parallel_to_bearing_wall=parallel).finding(
        "bearing-wall"
    )
    assert finding.severity == severity
    assert finding.interpretations == ["I-45"]
    if severity == "discretion":
        assert finding.decided_by == "Sewer Department inspector"


@pytest.mark.parametrize(
    ("angle", "cleanout", "severity"),
    [
        ("11.25", False, "complies"),
        ("11.26", False, "fails"),
        ("11.26", True, "complies"),
        ("90", False, "fails"),
    ],
)
def test_a_horizontal_bend_of_more_than_11_and_a_quarter_degrees_needs_a_cleanout(
    angle: str, cleanout: bool, severity: str
) -> None:
    d = _decide(bends=[{"angle_degrees": angle, "has_cleanout": cleanout}])
    assert d.finding("bend-1-cleanout").severity == severity
    assert d.finding("bend-1-cleanout").interpretations == ["I-38"]


def test_each_bend_is_judged_on_its_own() -> None:
    d = _decide(bends=[{"angle_degrees": 45, "has_cleanout": True}, {"angle_degrees": "22.5"}])
    assert [d.finding(f"bend-{n}-cleanout").severity for n in (1, 2)] == ["complies", "fails"]
    assert d.outcome == "fails"
    assert "Bend 2 turns 22.5°, more than 11.25°, so §118-21 requires a cleanout; it has none." in d.summary


def test_a_failure_outranks_a_matter_for_review() -> None:
    assert _decide(diameter_in=6, joints_gastight_watertight=False).outcome == "fails"
