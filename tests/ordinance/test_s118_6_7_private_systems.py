"""§118-7 a private system where no public sewer is available; §118-12 connect and abandon once one is;
§118-6 a car wash may keep its private system solely for separately plumbed and metered wash water (I-44)."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from pydantic import ValidationError

from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.parameters import load_jurisdiction
from sewerworks.ordinance.s118_6_7_private_systems import PrivateSystemFacts, private_system

AS_OF = date(2026, 5, 1)
CAR_WASH: dict[str, Any] = {
    "public_sewer_available": True,
    "use": "car_wash",
    "private_system_receives": "vehicle_wash_only",
    "wash_water_separately_plumbed": True,
    "wash_water_separately_metered": True,
    "other_sewage_connected_to_public_sewer": True,
}


def _decide(**facts: Any) -> Decision:
    return private_system(PrivateSystemFacts.model_validate(facts), load_jurisdiction().at(AS_OF), AS_OF)


def test_where_no_public_sewer_is_available_a_county_approved_private_system_is_permitted() -> None:
    d = _decide(public_sewer_available=False)
    assert d.outcome == "permitted"
    assert d.finding("private-system-permitted").section == "118-7"
    permit = d.finding("county-permit")
    assert permit.severity == "discretion" and permit.decided_by == "Ulster County Department of Health"


def test_a_main_100_ft_away_is_available_and_101_ft_is_not() -> None:
    assert _decide(distance_to_public_sewer_ft=100).outcome == "must-connect-and-abandon"
    assert _decide(distance_to_public_sewer_ft="100.5").outcome == "permitted"
    d = _decide(distance_to_public_sewer_ft=101)
    assert d.finding("public-sewer-available").sentence == (
        "The nearest public sewer main is 101 ft from the parcel boundary, farther than the 100 ft at which a "
        "public sewer is treated as available."
    )
    assert "connection.sewer_available_distance" in {p.key for p in d.parameters}


def test_once_a_public_sewer_is_available_the_private_system_must_be_abandoned() -> None:
    d = _decide(public_sewer_available=True)
    assert d.outcome == "must-connect-and-abandon"
    finding = d.finding("connect-and-abandon")
    assert finding.section == "118-12" and finding.severity == "fails"
    assert "cleaned of sludge and liquid, abandoned and filled" in finding.sentence


def test_a_connected_property_with_no_private_system_in_use_complies() -> None:
    d = _decide(public_sewer_available=True, private_system_receives="none")
    assert d.outcome == "no-private-system" and not d.has_failures


def test_a_car_wash_meeting_every_condition_keeps_its_private_system_for_wash_water() -> None:
    d = _decide(**CAR_WASH)
    assert d.outcome == "car-wash-exception-applies"
    assert all(
        d.finding(r).severity == "complies"
        for r in ("wash-water-only", "separate-plumbing", "separate-meter", "other-sewage-connected")
    )
    adequate = d.finding("adequate-facilities")
    assert adequate.severity == "discretion" and adequate.decided_by == "Ulster County Department of Health"
    assert d.finding("wash-water-billing").interpretations == ["I-44"]
    assert "I-44" in d.interpretations


@pytest.mark.parametrize(
    ("missing", "sentence"),
    [
        (
            {"wash_water_separately_plumbed": False},
            "the vehicle-wash plumbing is not separated from the other plumbing",
        ),
        ({"wash_water_separately_metered": False}, "the water supplying the vehicle wash is not separately metered"),
        ({"other_sewage_connected_to_public_sewer": False}, "the other sewage is not connected to the public sewer"),
        ({"private_system_receives": "all_sewage"}, "the private system also receives other sewage"),
    ],
)
def test_a_car_wash_missing_any_one_condition_fails_and_the_summary_names_it(
    missing: dict[str, Any], sentence: str
) -> None:
    d = _decide(**{**CAR_WASH, **missing})
    assert d.outcome == "car-wash-exception-fails"
    assert d.summary.endswith(f"here {sentence}.")
    assert d.finding("connect-and-abandon").severity == "fails"
    assert "I-44" not in d.interpretations


def test_a_car_wash_missing_two_conditions_names_both() -> None:
    d = _decide(**{**CAR_WASH, "wash_water_separately_metered": False, "wash_water_separately_plumbed": False})
    assert d.summary.endswith(
        "here the vehicle-wash plumbing is not separated from the other plumbing; "
        "the water supplying the vehicle wash is not separately metered."
    )


def test_a_car_wash_without_a_public_sewer_nearby_is_simply_permitted() -> None:
    assert _decide(**{**CAR_WASH, "public_sewer_available": False}).outcome == "permitted"


def test_a_recorded_finding_that_the_distance_contradicts_goes_to_the_superintendent() -> None:
    d = _decide(public_sewer_available=False, distance_to_public_sewer_ft=40)
    assert d.outcome == "permitted"
    check = d.finding("availability-confirmed")
    assert check.severity == "discretion" and check.decided_by == "Superintendent"


def test_availability_must_be_recorded_or_measured() -> None:
    with pytest.raises(ValidationError, match="public_sewer_available or distance_to_public_sewer_ft"):
        PrivateSystemFacts()
