"""The design form turns what staff type into the review's facts: bends, the lateral, a lift, a rear building."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from sewerworks.permits.forms import DesignForm
from sewerworks.permits.review import review_design

pytestmark = pytest.mark.django_db  # the review reads the parameters with recorded resolutions

BASE = {
    "d-diameter_in": "4",
    "d-slope_in_per_ft": "0.25",
    "d-material": "pvc_sdr35",
    "d-buildings_served": "1",
    "d-joints_gastight_watertight": "on",
    "d-connection_at_property_line": "on",
}


def _design(**more: str) -> dict[str, Any]:
    form = DesignForm({**BASE, **{f"d-{k}": v for k, v in more.items()}}, prefix="d")
    assert form.is_valid(), form.errors
    return form.design()


def test_bends_are_read_as_degrees_with_or_without_a_cleanout() -> None:
    bends = _design(bends="45 cleanout, 22.5\n11.25")["building-sewer"]["bends"]
    assert bends == [
        {"angle_degrees": "45", "has_cleanout": True},
        {"angle_degrees": "22.5", "has_cleanout": False},
        {"angle_degrees": "11.25", "has_cleanout": False},
    ]
    form = DesignForm({**BASE, "d-bends": "a sharp one"}, prefix="d")
    assert not form.is_valid() and "Bend 1" in form.errors["bends"][0]


def test_a_new_lateral_a_low_drain_and_a_rear_building_join_the_review() -> None:
    design = _design(
        lateral_exists="no",
        rock_cut_required="on",
        drain_too_low_for_gravity="on",
        drain_in_place_on="1990-06-15",
        public_sewer_installed_on="1990-06-15",
        buildings_served="2",
        rear_building_on_interior_lot="on",
    )
    review = review_design("building_sewer", design, dt.date(2026, 5, 1))
    outcomes = {d["topic"]: d["outcome"] for d in review.decisions}
    assert outcomes == {
        "building-sewer": "complies",
        "separate-building-sewer": "rear-extension-permitted",
        "lateral-connection": "needs-review",
        "building-drain-lift": "improvement-furnishes",
    }
    assert review.outcome == "needs-review"  # the Sewer Department approves the method (§118-24) and the lift (§118-22)


@pytest.mark.parametrize("design", [{"building-sewer": {}}, {"septic-tank": {}}, {"building-sewer": "4 inch"}])
def test_facts_that_do_not_fit_make_the_review_incomplete_naming_them(design: dict[str, Any]) -> None:
    review = review_design("building_sewer", design, dt.date(2026, 5, 1))
    assert review.outcome == "incomplete" and review.errors


def test_a_design_filed_before_the_law_it_needs_is_incomplete_not_a_crash() -> None:
    review = review_design(
        "building_sewer",
        {"lateral-connection": {"connection_at_property_line": True, "lateral_exists": True}},
        dt.date(1999, 1, 4),
    )
    assert review.outcome == "incomplete"
    assert review.errors["lateral-connection"][0]["type"] == "not_in_force"
