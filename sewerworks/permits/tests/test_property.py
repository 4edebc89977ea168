"""Property: whatever sequence of actions staff attempt, no permit passes "submitted" without its §118-15 fee
(I-88), nor "approved" without a clean review or every discretion accepted by the official it names (I-90)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from sewerworks.permits.actions import (
    do_file_application,
    do_move_permit,
    do_record_discretion,
    do_record_fee,
    do_update_design,
)
from sewerworks.permits.actions.moves import blockers
from sewerworks.permits.pipelines import PAST_APPROVAL
from sewerworks.permits.tests.conftest import FILED, GOOD_SEWER

pytestmark = pytest.mark.django_db

DESIGNS = {
    "complies": GOOD_SEWER,
    "fails": {**GOOD_SEWER, "slope_in_per_ft": "0.0625"},
    "discretion": {**GOOD_SEWER, "material": "other"},
    "incomplete": {},
}
STATUSES = ["under_review", "approved", "denied", "withdrawn", "in_construction", "inspected", "connected", "closed"]
STEPS = st.one_of(
    st.tuples(
        st.just("move"),
        st.sampled_from(STATUSES),
        st.sampled_from(["superintendent", "engineer", "inspector", "clerk"]),
    ),
    st.tuples(st.just("fee"), st.sampled_from(["100.00", "250.00"]), st.just("clerk")),
    st.tuples(st.just("design"), st.sampled_from(sorted(DESIGNS)), st.just("clerk")),
    st.tuples(
        st.just("decide"), st.sampled_from(["accepted", "refused"]), st.sampled_from(["engineer", "superintendent"])
    ),
)


def _attempt(permit: Any, step: tuple[str, str, str], staff: Any, n: int) -> None:
    kind, value, who = step
    user = getattr(staff, who)
    try:
        with transaction.atomic():
            if kind == "move":
                do_move_permit(permit, to=value, acting_user=user)
            elif kind == "fee":
                do_record_fee(
                    permit,
                    amount=Decimal(value),
                    receipt_number=f"R-{n}",
                    method="cash",
                    paid_on=FILED,
                    acting_user=user,
                )
            elif kind == "design":
                facts = DESIGNS[value]
                do_update_design(permit, design={"building-sewer": facts} if facts else {}, acting_user=user)
            else:
                do_record_discretion(
                    permit,
                    topic="building-sewer",
                    requirement="material",
                    verdict=value,
                    reason="decided",
                    acting_user=user,
                )
    except (ValidationError, PermissionDenied):
        pass


def _run(house_lot: Any, staff: Any, steps: list[tuple[str, str, str]]) -> set[str]:
    """Apply ``steps`` to a new Class 1 application, checking the invariants after each; the statuses reached."""
    with transaction.atomic():
        permit = do_file_application(
            kind="building_sewer",
            permit_class="class_1",
            parcel=house_lot,
            applicant="A",
            filed_on=FILED,
            design={"building-sewer": DESIGNS["fails"]},
            acting_user=staff.clerk,
        )
        statuses = {"submitted"}
        for n, step in enumerate(steps):
            _attempt(permit, step, staff, n)
            permit.refresh_from_db()
            statuses = set(permit.history.values_list("status", flat=True))
            if statuses - {"submitted", "withdrawn"}:
                assert hasattr(permit, "fee"), f"left submitted without the fee after {steps[: n + 1]}"
            if permit.status == "approved":
                assert blockers(permit) == [], f"approved with {blockers(permit)} after {steps[: n + 1]}"
            if statuses & PAST_APPROVAL:
                assert "approved" in statuses
        transaction.set_rollback(True)
    return statuses


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(STEPS, max_size=12))
@example(
    steps=[
        ("move", "under_review", "superintendent"),
        ("fee", "100.00", "clerk"),
        ("move", "under_review", "superintendent"),
        ("move", "approved", "engineer"),
        ("design", "complies", "clerk"),
        ("move", "approved", "engineer"),
        ("move", "in_construction", "inspector"),
    ]
)
@example(
    steps=[
        ("fee", "100.00", "clerk"),
        ("design", "discretion", "clerk"),
        ("move", "under_review", "engineer"),
        ("decide", "accepted", "superintendent"),
        ("move", "approved", "engineer"),
        ("decide", "accepted", "engineer"),
        ("design", "fails", "clerk"),
        ("move", "approved", "engineer"),
        ("design", "discretion", "clerk"),
        ("move", "approved", "superintendent"),
    ]
)
def test_no_sequence_passes_submitted_without_the_fee_or_approved_without_a_clean_review(
    house_lot: Any, staff: Any, steps: list[tuple[str, str, str]]
) -> None:
    _run(house_lot, staff, steps)


REACHING = [
    ("move", "under_review", "superintendent"),
    ("fee", "100.00", "clerk"),
    ("move", "under_review", "superintendent"),
    ("move", "approved", "engineer"),
    ("design", "complies", "clerk"),
    ("move", "approved", "engineer"),
    ("move", "in_construction", "inspector"),
]


def test_the_sequences_reach_approval_and_construction(house_lot: Any, staff: Any) -> None:
    """The property is not vacuous: a sequence of the kind it draws reaches approval and construction."""
    assert {"under_review", "approved", "in_construction"} <= _run(house_lot, staff, REACHING)
