"""A missed 72-hour pump-out order (§118-38) escalates the violation it was served for, never a second one
(I-56); an order served without a violation named still opens the violation when it is missed."""

from __future__ import annotations

import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from sewerworks.enforcement import pipeline
from sewerworks.enforcement.actions import do_issue_notice, do_open_violation, do_record_service, do_sweep
from sewerworks.enforcement.choices import DeadlineKind, NoticeKind, Program
from sewerworks.enforcement.models import Deadline, FollowUp, Violation

pytestmark = pytest.mark.django_db
D = dt.date
NY = ZoneInfo("America/New_York")


def pump_out_order(parcel: Any, staff: Any, violation: Any = None) -> Any:
    order = do_issue_notice(
        kind=NoticeKind.PUMP_OUT_ORDER,
        parcel=parcel,
        violation=violation,
        issued_on=D(2026, 3, 6),
        facts="At inspection the interceptor was at capacity and not adequately performing.",
        acting_user=staff.superintendent,
    )
    return do_record_service(
        order,
        method="personal_delivery",
        served_on=D(2026, 3, 6),
        served_at=dt.datetime(2026, 3, 6, 10, 30, tzinfo=NY),
        served_by_name="Sam Superintendent",
        acting_user=staff.superintendent,
    )


def test_a_missed_order_that_names_a_violation_escalates_it_and_opens_no_second_one(septic_house, staff) -> None:
    parcel = septic_house.parcel
    grease = do_open_violation(
        parcel=parcel,
        section="118-38",
        program=Program.GREASE,
        discovered_on=D(2026, 3, 6),
        description="Interceptor at 100% of capacity and not adequately performing (I-36).",
        acting_user=staff.inspector,
    )
    pump_out_order(parcel, staff, grease)
    grease.refresh_from_db()
    assert grease.status == pipeline.NOTICED  # the order is its written notice
    do_sweep(D(2026, 3, 9))  # due 10:30 a.m. on March 9: not yet missed on the day before it ends
    do_sweep(D(2026, 3, 10))
    assert list(Violation.objects.filter(parcel=parcel)) == [grease]
    grease.refresh_from_db()
    assert grease.status == pipeline.ESCALATED
    assert grease.history.first().history_change_reason.startswith("Time limit of notice")
    missed = Deadline.objects.get(kind=DeadlineKind.PUMP_OUT)
    assert missed.status == "overdue"
    assert FollowUp.objects.get(deadline=missed).kind == "appearance_ticket"
    do_sweep(D(2026, 3, 11))  # a second sweep changes nothing
    assert Violation.objects.filter(parcel=parcel).count() == 1


def test_a_missed_order_without_a_violation_named_opens_one(septic_house, staff) -> None:
    pump_out_order(septic_house.parcel, staff)
    do_sweep(D(2026, 3, 10))
    opened = Violation.objects.get(parcel=septic_house.parcel)
    assert opened.section == "118-38" and opened.how_discovered == "missed_deadline"
    assert opened.source_deadline == Deadline.objects.get(kind=DeadlineKind.PUMP_OUT)


def test_each_kind_of_notice_starts_its_own_clock_and_a_damage_report_none() -> None:
    from sewerworks.enforcement.actions.clocks import CLOCKS

    assert set(CLOCKS) == {
        NoticeKind.NOTICE_TO_CONNECT,
        NoticeKind.NOTICE_OF_VIOLATION,
        NoticeKind.PUMP_OUT_ORDER,
        NoticeKind.APPEARANCE_TICKET,
    }
    assert NoticeKind.DAMAGE_REPORT not in CLOCKS


def test_the_follow_up_a_missed_order_raises_has_its_history_row(septic_house, staff) -> None:
    pump_out_order(septic_house.parcel, staff)
    do_sweep(D(2026, 3, 10))
    task = FollowUp.objects.get()
    assert task.history.get().history_change_reason == "Raised by the daily sweep"
