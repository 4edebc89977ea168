"""What the permits program claims in the ordinance browser, each through the workflow a user runs: the
review of a building sewer design cites the section a design breaks, and a private system's permit prints the
State's specifications and the owner's duty."""

from __future__ import annotations

import io
from typing import Any

import pytest
from pypdf import PdfReader

from sewerworks.permits.actions import do_file_application, do_update_design
from sewerworks.permits.tests.conftest import FILED, GOOD_SEWER

pytestmark = pytest.mark.django_db


def _findings(permit: Any, topic: str) -> list[dict[str, Any]]:
    decision = next(d for d in permit.review["decisions"] if d["topic"] == topic)
    return list(decision["findings"])


def _failing(permit: Any, topic: str) -> set[tuple[str, str]]:
    return {(f["section"], f["requirement"]) for f in _findings(permit, topic) if f["severity"] == "fails"}


def _file(house_lot: Any, staff: Any, design: dict[str, Any]) -> Any:
    return do_file_application(
        kind="building_sewer",
        permit_class="class_1",
        parcel=house_lot,
        applicant="Ana Rivera",
        filed_on=FILED,
        design=design,
        acting_user=staff.clerk,
    )


def test_pvc_8_ft_from_the_water_service_fails_118_19_and_ductile_iron_there_complies(
    house_lot: Any, staff: Any
) -> None:
    near = _file(house_lot, staff, {"building-sewer": {**GOOD_SEWER, "distance_to_water_service_ft": 8}})
    assert near.review_outcome == "fails" and {s for s, _ in _failing(near, "building-sewer")} == {"118-19"}
    iron = {**GOOD_SEWER, "distance_to_water_service_ft": 8, "material": "ductile_iron_c151_class2"}
    assert do_update_design(near, design={"building-sewer": iron}, acting_user=staff.clerk).review_outcome == "complies"


def test_a_3_inch_sewer_fails_118_20_and_a_4_inch_at_one_eighth_inch_per_foot_complies(
    house_lot: Any, staff: Any
) -> None:
    small = _file(house_lot, staff, {"building-sewer": {**GOOD_SEWER, "diameter_in": 3}})
    assert ("118-20", "min-diameter") in _failing(small, "building-sewer")
    flat_enough = {**GOOD_SEWER, "slope_in_per_ft": "0.125"}
    assert do_update_design(small, design={"building-sewer": flat_enough}, acting_user=staff.clerk).review_outcome == (
        "complies"
    )


def test_a_45_degree_bend_needs_a_cleanout_under_118_21_and_11_and_a_quarter_does_not(
    house_lot: Any, staff: Any
) -> None:
    bent = _file(house_lot, staff, {"building-sewer": {**GOOD_SEWER, "bends": [{"angle_degrees": 45}]}})
    assert {s for s, _ in _failing(bent, "building-sewer")} == {"118-21"}
    gentle = {**GOOD_SEWER, "bends": [{"angle_degrees": "11.25", "has_cleanout": False}]}
    assert do_update_design(bent, design={"building-sewer": gentle}, acting_user=staff.clerk).review_outcome == (
        "complies"
    )


def test_a_rear_cottage_shares_the_front_sewer_only_without_a_private_route_118_17(
    house_lot: Any, staff: Any
) -> None:
    shared = {"buildings_served": 2, "rear_building_on_interior_lot": True, "private_sewer_to_rear": "none"}
    permit = _file(house_lot, staff, {"building-sewer": GOOD_SEWER, "separate-building-sewer": shared})
    assert permit.review_outcome == "complies"
    routed = {**shared, "private_sewer_to_rear": "can_be_constructed"}
    permit = do_update_design(
        permit, design={"building-sewer": GOOD_SEWER, "separate-building-sewer": routed}, acting_user=staff.clerk
    )
    assert {s for s, _ in _failing(permit, "separate-building-sewer")} == {"118-17"}


def test_who_pays_for_the_lift_turns_on_the_day_the_drain_was_in_place_118_22(house_lot: Any, staff: Any) -> None:
    lift = {"drain_too_low_for_gravity": True, "public_sewer_installed_on": "1990-06-15"}

    def outcome(permit: Any) -> str:
        return str(next(d for d in permit.review["decisions"] if d["topic"] == "building-drain-lift")["outcome"])

    same_day = {"building-sewer": GOOD_SEWER, "building-drain-lift": {**lift, "drain_in_place_on": "1990-06-15"}}
    permit = _file(house_lot, staff, same_day)
    assert outcome(permit) == "improvement-furnishes"
    day_after = {"building-sewer": GOOD_SEWER, "building-drain-lift": {**lift, "drain_in_place_on": "1990-06-16"}}
    assert outcome(do_update_design(permit, design=day_after, acting_user=staff.clerk)) == "owner-pays"


def test_a_connection_inside_the_street_fails_118_24_and_rock_and_curb_cut_fees_are_computed(
    house_lot: Any, staff: Any
) -> None:
    lateral = {"connection_at_property_line": False, "lateral_exists": False, "lateral_builder": "sewer_department",
               "connection_method_approved": True, "rock_cut_required": True, "curb_cut_required": True}  # fmt: skip
    permit = _file(house_lot, staff, {"building-sewer": GOOD_SEWER, "lateral-connection": lateral})
    assert ("118-24", "property-line") in _failing(permit, "lateral-connection")
    at_line = do_update_design(
        permit,
        design={"building-sewer": GOOD_SEWER, "lateral-connection": {**lateral, "connection_at_property_line": True}},
        acting_user=staff.clerk,
    )
    decision = next(d for d in at_line.review["decisions"] if d["topic"] == "lateral-connection")
    (fees,) = decision["amounts"]
    assert decision["outcome"] == "complies" and (fees["section"], fees["value"]) == ("118-24", "225.00")


def test_a_new_house_proposing_no_disposal_gets_no_building_permit_118_36(house_lot: Any, staff: Any) -> None:
    proposal = {"within_improvement": True, "requires_sanitary_facilities": True, "method_approved": True}
    permit = _file(house_lot, staff, {"building-sewer": GOOD_SEWER,
                                      "new-development": {**proposal, "proposed_method": "none"}})  # fmt: skip
    outcome = next(d for d in permit.review["decisions"] if d["topic"] == "new-development")["outcome"]
    assert outcome == "building-permit-withheld" and permit.review_outcome == "fails"
    sewered = {"building-sewer": GOOD_SEWER, "new-development": {**proposal, "proposed_method": "public_sewer"}}
    assert do_update_design(permit, design=sewered, acting_user=staff.clerk).review_outcome == "complies"


def test_a_private_systems_permit_prints_the_states_specifications_and_the_owners_duty(
    client_as: Any, rural_lot: Any
) -> None:
    client = client_as("clerk")
    form = {"tax_map_number": rural_lot.tax_map_number, "applicant": "Tom Ortiz", "filed_on": "2026-03-02"}
    client.post("/permits/private-systems/new/", form)
    from sewerworks.permits.models import Permit

    permit = Permit.objects.get(kind="private_system")
    response = client.get(f"/permits/{permit.pk}/permit.pdf")
    data = b"".join(response.streaming_content) if response.streaming else response.content
    text = " ".join(" ".join((p.extract_text() or "").split()) for p in PdfReader(io.BytesIO(data)).pages)
    assert "Department of Health of the State of New York" in text and "(§118-10)" in text
    assert "operate and maintain" in text and "(§118-11)" in text
