"""A building sewer permit inspected in the order Chapter 118 sets (§§118-25, 26): the plumber's notice, a trench
filled first and its re-excavation order (I-131), the passed re-inspection, the applicant's notice, the connection
refused until the meter is certified (I-49), and the passed connection's hand-off: the connection recorded, the
connect deadline met, the duties opened, the restoration deadline (§118-27)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from sewerworks.billing.models import ConnectionCharge
from sewerworks.enforcement.actions import do_issue_notice, do_record_service
from sewerworks.enforcement.models import Deadline, Notice, Violation
from sewerworks.inspections.actions import do_record_result, do_request_inspection
from sewerworks.inspections.models import Inspection
from sewerworks.permits.actions import (
    do_file_application,
    do_move_permit,
    do_record_fee,
    do_record_restoration,
)
from sewerworks.permits.tests.conftest import GOOD_SEWER
from sewerworks.permits.tests.inspecting import PLUMBER, all_yes, ready_for_connection
from sewerworks.registry.actions import do_certify_meter
from sewerworks.registry.models import Building, PrivateSystem, SewerAccount, WaterMeter
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db
D = dt.date
LATERAL = {
    "connection_at_property_line": True,
    "lateral_exists": True,
    "curb_cut_required": True,
    "connection_method_approved": True,
}
yes = all_yes


@pytest.fixture
def restaurant(house_lot: Any) -> Building:
    """A restaurant open since 1985 on a septic tank, served a Notice to Connect in January."""
    building = f.building(
        house_lot,
        use="food_service",
        seats=60,
        established_on=D(1985, 6, 1),
        connected_on=None,
        name="Western Ave Diner",
    )
    PrivateSystem.objects.create(parcel=house_lot, building=building, kind="septic_tank")
    return building


@pytest.fixture
def permit(restaurant: Building, staff: Any) -> Any:
    """An approved Class 1 permit, its building sewer in construction."""
    p = do_file_application(
        kind="building_sewer",
        permit_class="class_1",
        parcel=restaurant.parcel,
        building=restaurant,
        applicant="Ana Rivera",
        filed_on=D(2026, 3, 2),
        acting_user=staff.clerk,
        design={"building-sewer": GOOD_SEWER, "lateral-connection": LATERAL},
    )
    do_record_fee(
        p,
        amount=Decimal("100.00"),
        receipt_number="R-1",
        method="check",
        paid_on=D(2026, 3, 2),
        acting_user=staff.clerk,
    )
    for step in ("under_review", "approved"):
        do_move_permit(p, to=step, acting_user=staff.superintendent, occurred_on=D(2026, 3, 9))
    do_move_permit(p, to="in_construction", acting_user=staff.inspector, occurred_on=D(2026, 3, 30))
    p.refresh_from_db()
    return p


def request(p: Any, kind: str, on: dt.date, user: Any, **who: str) -> Inspection:
    return do_request_inspection(p, kind=kind, requested_on=on, acting_user=user, **(who or PLUMBER))


def test_the_plumbers_notice_issues_the_trench_checklist_from_the_design(permit: Any, staff: Any) -> None:
    trench = request(permit, "trench", D(2026, 4, 6), staff.clerk)
    keys = [i["key"] for i in trench.checklist]
    assert keys[0] == "trench-open" and {"diameter", "slope", "joints", "barricades-lights"} <= set(keys)
    assert trench.item("slope")["design"] == "0.25" and trench.requester == "plumber"
    assert trench.checklist_decision.topic == "inspection-checklist"


def test_the_plumbers_notice_needs_his_address_and_a_permit_in_construction(permit: Any, staff: Any) -> None:
    with pytest.raises(ValidationError, match="plumber's mailing address"):
        request(permit, "trench", D(2026, 4, 6), staff.clerk, requested_by="Hudson Valley Plumbing")
    type(permit).objects.filter(pk=permit.pk).update(status="approved")  # as if construction had not begun
    with pytest.raises(ValidationError, match="while the permit is in construction"):
        request(permit, "trench", D(2026, 4, 6), staff.clerk)
    assert not Inspection.objects.exists()


def test_a_filled_trench_fails_orders_reexcavation_and_the_reinspection_passes(permit: Any, staff: Any) -> None:
    first = request(permit, "trench", D(2026, 4, 6), staff.clerk)
    failed = do_record_result(
        first, result="failed", inspected_on=D(2026, 4, 7), answers={"trench-open": "no"}, acting_user=staff.inspector
    )
    order = Notice.objects.get(kind="reexcavation_order")
    assert order.addressee_name == "Hudson Valley Plumbing" and order.section == "118-26"
    deadline = Deadline.objects.get(kind="reexcavate")
    assert deadline.due_on == D(2026, 4, 14) and deadline.notice == order and deadline.status == "open"
    assert order.number in failed.summary and "I-131" in failed.summary
    permit.refresh_from_db()
    assert permit.status == "in_construction"

    again = request(permit, "trench", D(2026, 4, 9), staff.clerk)
    assert again.repeats == first
    passed = do_record_result(
        again, result="passed", inspected_on=D(2026, 4, 10), answers=yes(again), acting_user=staff.engineer
    )
    deadline.refresh_from_db()
    permit.refresh_from_db()
    assert deadline.status == "met" and deadline.met_on == D(2026, 4, 10)
    assert permit.status == "inspected" and passed.decision.outcome == "complies"
    assert permit.history.filter(status="inspected").first().occurred_at.date() == D(2026, 4, 10)


def test_only_the_town_engineer_or_his_representative_passes_a_trench_i_130(permit: Any, staff: Any) -> None:
    trench = request(permit, "trench", D(2026, 4, 6), staff.clerk)
    for who in (staff.superintendent, staff.clerk, staff.board):
        with pytest.raises(PermissionDenied):
            do_record_result(trench, result="passed", inspected_on=D(2026, 4, 7), answers=yes(trench), acting_user=who)
    assert (
        do_record_result(
            trench, result="passed", inspected_on=D(2026, 4, 7), answers=yes(trench), acting_user=staff.inspector
        ).result
        == "passed"
    )


def test_a_pass_needs_every_item_satisfied_and_a_failure_names_one(permit: Any, staff: Any) -> None:
    trench = request(permit, "trench", D(2026, 4, 6), staff.clerk)
    with pytest.raises(ValidationError, match="not yet: §118-20"):
        do_record_result(
            trench,
            result="passed",
            inspected_on=D(2026, 4, 7),
            answers=yes(trench, slope="no"),
            acting_user=staff.inspector,
        )
    with pytest.raises(ValidationError, match="names the item"):
        do_record_result(
            trench, result="failed", inspected_on=D(2026, 4, 7), answers=yes(trench), acting_user=staff.inspector
        )
    trench.refresh_from_db()
    assert trench.is_open


@pytest.mark.parametrize(
    ("on", "field"),
    [(D(2026, 4, 5), "inspected_on"), (D(2099, 1, 1), "inspected_on")],
    ids=["before the request", "in the future"],
)
def test_a_result_dated_before_its_request_or_in_the_future_is_refused(
    permit: Any, staff: Any, on: dt.date, field: str
) -> None:
    trench = request(permit, "trench", D(2026, 4, 6), staff.clerk)
    with pytest.raises(ValidationError) as refused:
        do_record_result(trench, result="passed", inspected_on=on, answers=yes(trench), acting_user=staff.inspector)
    assert field in refused.value.message_dict


def test_not_ready_and_a_cancellation_are_no_failure_of_the_plumber_i_134(permit: Any, staff: Any) -> None:
    trench = request(permit, "trench", D(2026, 4, 6), staff.clerk)
    done = do_record_result(trench, result="not_ready", inspected_on=D(2026, 4, 7), acting_user=staff.inspector)
    assert "No failure of the work (I-134)" in done.summary
    second = request(permit, "trench", D(2026, 4, 8), staff.clerk)
    do_record_result(second, result="cancelled", inspected_on=D(2026, 4, 8), acting_user=staff.clerk)
    assert not Notice.objects.exists() and not Violation.objects.exists() and not Deadline.objects.exists()
    assert request(permit, "trench", D(2026, 4, 9), staff.clerk).repeats == second


def test_the_connection_is_requested_and_passed_only_in_order_and_with_a_certified_meter(
    permit: Any, restaurant: Building, staff: Any, make_user: Any
) -> None:
    water = make_user("water superintendent")
    notice = do_issue_notice(
        kind="notice_to_connect",
        parcel=permit.parcel,
        facts="A public sewer is available.",
        acting_user=staff.clerk,
        issued_on=D(2026, 1, 5),
    )
    do_record_service(
        notice, method="certified_mail", served_on=D(2026, 1, 6), served_by_name="USPS", acting_user=staff.clerk
    )
    with pytest.raises(ValidationError, match="refused until the trench inspection passes"):
        request(permit, "connection", D(2026, 4, 6), staff.clerk, requested_by="Ana Rivera")
    trench = request(permit, "trench", D(2026, 4, 6), staff.clerk)
    do_record_result(
        trench, result="passed", inspected_on=D(2026, 4, 7), answers=yes(trench), acting_user=staff.inspector
    )
    connection = request(permit, "connection", D(2026, 4, 13), staff.clerk, requested_by="Ana Rivera")
    permit.refresh_from_db()
    assert permit.status == "ready_for_connection" and connection.requester == "applicant"
    assert {"roof-drains-off", "property-line", "restoration"} <= {i["key"] for i in connection.checklist}

    with pytest.raises(ValidationError, match="No meter is recorded as installed"):
        do_record_result(
            connection,
            result="passed",
            inspected_on=D(2026, 4, 14),
            answers=yes(connection),
            acting_user=staff.inspector,
        )
    account = SewerAccount.objects.create(
        account_number="MAR-7", parcel=permit.parcel, user_class="commercial", metered=False, opened_on=D(2026, 4, 13)
    )
    meter = WaterMeter.objects.create(serial="WM-1", account=account, installed_on=D(2026, 4, 13))
    with pytest.raises(ValidationError) as refused:
        do_record_result(
            connection,
            result="passed",
            inspected_on=D(2026, 4, 14),
            answers=yes(connection),
            acting_user=staff.inspector,
        )
    assert "§118-25" in str(refused.value) and "I-49" in str(refused.value)
    do_certify_meter(meter, D(2026, 4, 14), acting_user=water)
    done = do_record_result(
        connection,
        result="passed",
        inspected_on=D(2026, 4, 14),
        answers=yes(connection),
        acting_user=staff.superintendent,
    )

    permit.refresh_from_db()
    restaurant.connection.refresh_from_db()
    assert permit.status == "connected" and restaurant.connection.connected_on == D(2026, 4, 14)
    kinds = {d.kind: d for d in Deadline.objects.filter(parcel=permit.parcel)}
    assert kinds["connect"].status == "met" and kinds["connect"].met_on == D(2026, 4, 14)
    assert {"abandon", "install_interceptor", "install_meter", "restore"} <= set(kinds)
    assert kinds["abandon"].due_on == D(2026, 7, 13) and kinds["restore"].due_on == D(2026, 5, 14)
    # §118-54: the owner who taps in is billed the Board's charge for a 4-inch building sewer, a bill of its own
    charge = ConnectionCharge.objects.get(parcel=permit.parcel)
    assert (charge.amount, charge.offered_on, charge.due_on, charge.account) == (
        Decimal("1500.00"), D(2026, 4, 14), D(2026, 5, 14), account
    )
    assert f"Connection charge {charge.number} of $1,500.00 billed, due 2026-05-14" in done.summary
    assert "Clean, abandon and fill" in done.summary

    with pytest.raises(ValidationError, match="restored"):
        do_move_permit(permit, to="closed", acting_user=staff.inspector)
    do_record_restoration(permit, restored_on=D(2026, 5, 1), acting_user=staff.inspector)
    assert do_move_permit(permit, to="closed", acting_user=staff.inspector).status == "closed"
    with pytest.raises(ValidationError, match="is closed: it takes no inspection"):
        request(permit, "trench", D(2026, 5, 2), staff.clerk)


def test_a_hand_move_to_inspected_or_connected_is_refused_naming_the_inspection(permit: Any, staff: Any) -> None:
    with pytest.raises(ValidationError, match="only through a passed trench inspection"):
        do_move_permit(permit, to="inspected", acting_user=staff.inspector)
    with pytest.raises(ValidationError, match="only through a passed connection inspection"):
        do_move_permit(permit, to="connected", acting_user=staff.superintendent)


def test_a_failed_drains_item_opens_a_118_28_violation(permit: Any, staff: Any) -> None:
    connection = ready_for_connection(permit, staff)
    done = do_record_result(
        connection,
        result="failed",
        inspected_on=D(2026, 4, 9),
        answers=yes(connection, **{"sump-drains-off": "no"}),
        acting_user=staff.inspector,
    )
    violation = Violation.objects.get()
    assert violation.section == "118-28" and "sump drains" in violation.description
    assert f"Violation {violation.pk}" in done.summary


def test_a_failing_handoff_rolls_the_result_back(
    permit: Any, restaurant: Building, staff: Any, make_user: Any, monkeypatch: Any
) -> None:
    connection = ready_for_connection(permit, staff)
    meter = f.account_with_meter(permit.parcel)
    do_certify_meter(meter, D(2026, 4, 8), acting_user=make_user("water superintendent"))

    def refuse(**kwargs: Any) -> None:
        raise ValidationError({"connected_on": "The building was already connected."})

    monkeypatch.setattr("sewerworks.permits.inspections.handoff.do_record_connection", refuse)
    with pytest.raises(ValidationError, match="already connected"):
        do_record_result(
            connection,
            result="passed",
            inspected_on=D(2026, 4, 9),
            answers=yes(connection),
            acting_user=staff.inspector,
        )
    connection.refresh_from_db()
    permit.refresh_from_db()
    assert connection.is_open and permit.status == "ready_for_connection"
    assert not Deadline.objects.filter(kind="restore").exists()
