"""The pump-out log and what it corrects (§118-38): a licensed pump-out corrects a maintenance noncompliance;
the 72-hour order is met only by a licensed pump-out **and** a passed reinspection; missing either raises the
Building Inspector's appearance ticket, once, however often the sweep runs."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import ValidationError

from sewerworks.enforcement.actions import do_sweep
from sewerworks.enforcement.models import Deadline, FollowUp, Violation
from sewerworks.grease.actions import do_record_inspection, do_record_pump_out
from sewerworks.grease.tests.conftest import at

pytestmark = pytest.mark.django_db
D = Decimal


def inspect(trap: Any, user: Any, when: dt.datetime, grease: str, solids: str, performing: bool = True) -> Any:
    return do_record_inspection(
        interceptor=trap, inspected_at=when, grease_depth_in=D(grease), solids_depth_in=D(solids),
        adequately_performing=performing, acting_user=user,
    )  # fmt: skip


def pump(trap: Any, hauler: Any, user: Any, on: dt.date, **kw: Any) -> Any:
    return do_record_pump_out(
        interceptor=trap, pumped_on=on, hauler=hauler, volume_gal=D(1650), disposal_facility="Kingston WWTP",
        nysdec_approved_disposal=True, acting_user=user, **kw,
    )  # fmt: skip


def test_a_pump_out_after_the_80_percent_notice_corrects_it_and_meets_its_hours(trap, hauler, staff) -> None:
    found = inspect(trap, staff.inspector, at(2026, 3, 3, 10), "10", "28.4")
    pump(trap, hauler, staff.clerk, dt.date(2026, 3, 5))
    violation = Violation.objects.get()
    assert violation.status == "corrected" and violation.corrected_on == dt.date(2026, 3, 5)
    deadline = Deadline.objects.get(notice=found.notice)
    assert deadline.status == "met" and deadline.met_on == dt.date(2026, 3, 5)


def test_the_72_hour_order_is_not_met_by_the_pump_out_alone(trap, hauler, staff) -> None:
    found = inspect(trap, staff.inspector, at(2026, 3, 6, 10), "20", "28", performing=False)
    pump(trap, hauler, staff.clerk, dt.date(2026, 3, 7))
    assert Deadline.objects.get(notice=found.notice).status == "open"
    assert Violation.objects.get().status == "noticed"


def test_the_pump_out_and_a_passed_reinspection_meet_the_order_and_correct_the_violation(trap, hauler, staff) -> None:
    found = inspect(trap, staff.inspector, at(2026, 3, 6, 10), "20", "28", performing=False)
    pump(trap, hauler, staff.clerk, dt.date(2026, 3, 7))
    again = inspect(trap, staff.inspector, at(2026, 3, 8, 14), "1", "2")
    assert again.passed and again.violation == found.violation
    deadline = Deadline.objects.get(notice=found.notice)
    assert (deadline.status, deadline.met_on) == ("met", dt.date(2026, 3, 8))
    assert Violation.objects.get().status == "corrected"
    do_sweep(dt.date(2026, 3, 12))
    assert not FollowUp.objects.exists()


def test_a_passed_reinspection_without_a_pump_out_meets_nothing(trap, hauler, staff) -> None:
    found = inspect(trap, staff.inspector, at(2026, 3, 6, 10), "20", "28", performing=False)
    inspect(trap, staff.inspector, at(2026, 3, 8, 14), "1", "2")
    assert Deadline.objects.get(notice=found.notice).status == "open"


def test_a_missed_order_twice_swept_leaves_one_violation_and_one_ticket_follow_up(trap, hauler, staff) -> None:
    found = inspect(trap, staff.inspector, at(2026, 3, 6, 10), "20", "28", performing=False)
    for day in (dt.date(2026, 3, 10), dt.date(2026, 3, 10), dt.date(2026, 3, 11)):
        do_sweep(day)
    assert Violation.objects.count() == 1
    violation = Violation.objects.get()
    assert violation.status == "escalated"
    tasks = FollowUp.objects.filter(deadline__notice=found.notice)
    assert [t.kind for t in tasks] == ["appearance_ticket"]
    # corrected late: pumped and reinspected after the 72 hours
    pump(trap, hauler, staff.clerk, dt.date(2026, 3, 12))
    inspect(trap, staff.inspector, at(2026, 3, 13, 9), "1", "1")
    deadline = Deadline.objects.get(notice=found.notice)
    assert deadline.status == "met" and deadline.overdue_since == dt.date(2026, 3, 10)
    violation.refresh_from_db()
    assert violation.status == "corrected"


def test_a_missed_80_percent_notice_asks_the_building_inspector_for_the_ticket_once(trap, hauler, staff) -> None:
    found = inspect(trap, staff.inspector, at(2026, 3, 3, 10), "10", "30")
    do_sweep(dt.date(2026, 3, 7))
    do_sweep(dt.date(2026, 3, 7))
    tasks = list(FollowUp.objects.filter(deadline__notice=found.notice))
    assert [t.kind for t in tasks] == ["appearance_ticket"] and "Building Inspector" in tasks[0].title
    assert Violation.objects.get().status == "escalated" and Violation.objects.count() == 1


def test_a_hauler_whose_license_had_expired_is_refused(trap, hauler, staff) -> None:
    hauler.license_expires_on = dt.date(2026, 1, 31)
    hauler.save()
    with pytest.raises(ValidationError, match="license expired"):
        pump(trap, hauler, staff.clerk, dt.date(2026, 2, 1))
    assert pump(trap, hauler, staff.clerk, dt.date(2026, 1, 31)).pk


def test_the_same_manifest_twice_is_refused_naming_it(trap, hauler, staff) -> None:
    pump(trap, hauler, staff.clerk, dt.date(2026, 1, 5), manifest_number="M-77")
    with pytest.raises(ValidationError, match="M-77"):
        pump(trap, hauler, staff.clerk, dt.date(2026, 1, 6), manifest_number="M-77")


def test_a_receipt_is_judged_by_its_content(trap, hauler, staff, receipt_pdf) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    kept = pump(trap, hauler, staff.clerk, dt.date(2026, 1, 5), receipt=receipt_pdf)
    assert kept.has_receipt and kept.receipt.name.endswith(".pdf") and "receipt" not in kept.receipt.name[-12:]
    fake = SimpleUploadedFile("receipt.pdf", b"MZ\x90\x00 not a pdf", content_type="application/pdf")
    with pytest.raises(ValidationError, match="receipt"):
        pump(trap, hauler, staff.clerk, dt.date(2026, 1, 6), receipt=fake)


def test_a_board_member_records_no_pump_out(trap, hauler, staff) -> None:
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        pump(trap, hauler, staff.board, dt.date(2026, 1, 5))
