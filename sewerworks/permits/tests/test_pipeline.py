"""The building sewer permit's pipeline: the fee gate (I-88), the review gate (I-90), who moves, and history."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from sewerworks.permits.actions import do_move_permit, do_record_discretion, do_update_design
from sewerworks.permits.actions.moves import blockers
from sewerworks.permits.pipelines import PIPELINES
from sewerworks.permits.tests.conftest import GOOD_SEWER

pytestmark = pytest.mark.django_db


def test_the_building_sewer_pipeline_is_the_issues_sequence() -> None:
    moves = PIPELINES["building_sewer"].transitions
    path = ["submitted", "under_review", "approved", "in_construction", "inspected", "ready_for_connection",
            "connected", "closed"]  # fmt: skip
    assert all(b in moves[a] for a, b in zip(path, path[1:], strict=False))
    assert "denied" in moves["under_review"] and moves["denied"] == {}


def test_without_the_fee_the_application_cannot_leave_submitted(application: Any, staff: Any) -> None:
    with pytest.raises(ValidationError, match="§118-15 fee"):
        do_move_permit(application, to="under_review", acting_user=staff.superintendent)
    assert do_move_permit(application, to="withdrawn", acting_user=staff.clerk).status == "withdrawn"


def test_with_the_fee_review_begins_and_the_move_is_written_with_who_and_why(paid: Any, staff: Any) -> None:
    moved = do_move_permit(paid, to="under_review", acting_user=staff.engineer, why="Plans complete")
    assert moved.status == "under_review"
    last = moved.history.first()
    assert last.history_user == staff.engineer and last.history_change_reason == "Plans complete"


def test_a_failing_design_cannot_be_approved_and_the_refusal_lists_what_must_change(paid: Any, staff: Any) -> None:
    do_move_permit(paid, to="under_review", acting_user=staff.superintendent)
    with pytest.raises(ValidationError) as refused:
        do_move_permit(paid, to="approved", acting_user=staff.superintendent)
    assert any("§118-20" in m for m in refused.value.message_dict["status"])
    do_update_design(paid, design={"building-sewer": GOOD_SEWER}, acting_user=staff.clerk)
    assert do_move_permit(paid, to="approved", acting_user=staff.superintendent).status == "approved"


def test_a_discretion_finding_waits_for_the_official_it_names(paid: Any, staff: Any) -> None:
    other = {**GOOD_SEWER, "material": "other"}  # §118-19: the Town Engineer's approval of another material
    permit = do_update_design(paid, design={"building-sewer": other}, acting_user=staff.clerk)
    do_move_permit(permit, to="under_review", acting_user=staff.superintendent)
    assert any("Town Engineer, not yet decided" in b for b in blockers(permit))
    with pytest.raises(PermissionDenied, match="Town Engineer"):
        do_record_discretion(
            permit,
            topic="building-sewer",
            requirement="material",
            verdict="accepted",
            reason="HDPE accepted",
            acting_user=staff.superintendent,
        )
    do_record_discretion(
        permit,
        topic="building-sewer",
        requirement="material",
        verdict="refused",
        reason="Not on this slope",
        acting_user=staff.engineer,
    )
    assert any("refused" in b for b in blockers(permit))
    do_record_discretion(
        permit,
        topic="building-sewer",
        requirement="material",
        verdict="accepted",
        reason="SDR 26 HDPE accepted as suitable",
        acting_user=staff.engineer,
    )
    assert blockers(permit) == []
    assert do_move_permit(permit, to="approved", acting_user=staff.engineer).status == "approved"


def test_a_decision_holds_only_for_the_values_decided_on(paid: Any, staff: Any) -> None:
    six_inch = {**GOOD_SEWER, "diameter_in": 6}
    permit = do_update_design(paid, design={"building-sewer": six_inch}, acting_user=staff.clerk)
    do_record_discretion(
        permit,
        topic="building-sewer",
        requirement="slope",
        verdict="accepted",
        reason="1/4 in/ft fine for 6-inch",
        acting_user=staff.superintendent,
    )
    assert blockers(permit) == []
    steeper = do_update_design(
        permit, design={"building-sewer": {**six_inch, "slope_in_per_ft": "0.75"}}, acting_user=staff.clerk
    )
    assert any("Sewer Department, not yet decided" in b for b in blockers(steeper))


def test_construction_moves_are_the_inspectors_and_an_undeclared_move_names_the_allowed(paid: Any, staff: Any) -> None:
    do_update_design(paid, design={"building-sewer": GOOD_SEWER}, acting_user=staff.clerk)
    do_move_permit(paid, to="under_review", acting_user=staff.superintendent)
    do_move_permit(paid, to="approved", acting_user=staff.superintendent)
    with pytest.raises(PermissionDenied):
        do_move_permit(paid, to="in_construction", acting_user=staff.clerk)
    with pytest.raises(ValidationError, match="allowed: In construction"):
        do_move_permit(paid, to="closed", acting_user=staff.inspector)
    do_move_permit(paid, to="in_construction", acting_user=staff.inspector)
    by_inspection = (("inspected", "trench"), ("ready_for_connection", "connection"), ("connected", "connection"))
    for step, inspection in by_inspection:
        with pytest.raises(ValidationError, match=f"Record the {inspection} inspection"):  # only by its inspection
            do_move_permit(paid, to=step, acting_user=staff.superintendent)
    paid.refresh_from_db()
    assert paid.status == "in_construction"
