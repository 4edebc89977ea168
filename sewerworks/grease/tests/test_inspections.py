"""§118-38 Maintenance and Inspection, as the inspector records them: the fill, the written notice at 80% with
its correction hours, the 72-hour order at capacity when the trap is not performing, and their clocks in
elapsed time from the moment of the inspection (I-20, I-36, I-68)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.enforcement.choices import DeadlineKind, NoticeKind
from sewerworks.enforcement.models import Deadline, Notice, Violation
from sewerworks.grease.actions import do_record_inspection
from sewerworks.grease.tests.conftest import at

pytestmark = pytest.mark.django_db
D = Decimal


def inspect(trap: Any, user: Any, when: dt.datetime, grease: str, solids: str, performing: bool = True) -> Any:
    return do_record_inspection(
        interceptor=trap, inspected_at=when, grease_depth_in=D(grease), solids_depth_in=D(solids),
        adequately_performing=performing, acting_user=user,
    )  # fmt: skip


def test_a_trap_79_percent_full_and_performing_is_in_order_with_no_notice(trap: Any, staff: Any) -> None:
    found = inspect(trap, staff.inspector, at(2026, 3, 6, 10), "10", "27.9")  # 37.9 / 48 = 78.96%
    assert (found.fill_percent, found.outcome) == (D("78.95"), "in-order")
    assert found.notice is None and not Violation.objects.exists() and not Deadline.objects.exists()


def test_a_trap_at_80_percent_gets_a_written_notice_with_72_hours_from_the_inspection(trap: Any, staff: Any) -> None:
    found = inspect(trap, staff.inspector, at(2026, 3, 3, 10), "10", "28.4")  # 38.4 / 48 = 80%
    assert (found.fill_percent, found.outcome) == (D("80.00"), "pump-out-due")
    notice = found.notice
    assert notice.kind == NoticeKind.NOTICE_OF_VIOLATION and notice.correction_hours == 72
    assert notice.served_at == at(2026, 3, 3, 10) and notice.served_method == "personal_delivery"
    deadline = Deadline.objects.get(notice=notice)
    assert deadline.kind == DeadlineKind.CORRECT and deadline.due_at == at(2026, 3, 6, 10)
    found.violation.refresh_from_db()
    assert found.violation.section == "118-38" and found.violation.status == "noticed"


def test_79_percent_not_performing_is_the_building_inspectors_call_and_gives_no_notice(trap: Any, staff: Any) -> None:
    found = inspect(trap, staff.inspector, at(2026, 3, 6, 10), "10", "27.9", performing=False)
    assert found.outcome == "needs-review" and found.notice is None
    assert "Building Inspector" in found.decision.summary


def test_100_percent_but_performing_is_a_pump_out_due_not_the_72_hour_order(trap: Any, staff: Any) -> None:
    found = inspect(trap, staff.inspector, at(2026, 3, 6, 10), "20", "28")
    assert (found.fill_percent, found.outcome) == (D("100.00"), "pump-out-due")
    assert found.notice.kind == NoticeKind.NOTICE_OF_VIOLATION


def test_99_percent_and_not_performing_is_a_pump_out_due_not_the_72_hour_order(trap: Any, staff: Any) -> None:
    found = inspect(trap, staff.inspector, at(2026, 3, 6, 10), "20", "27.6", performing=False)  # 99.16%
    assert found.outcome == "pump-out-due" and found.notice.kind == NoticeKind.NOTICE_OF_VIOLATION


def test_100_percent_and_not_performing_is_the_72_hour_order_and_one_violation(trap: Any, staff: Any) -> None:
    found = inspect(trap, staff.inspector, at(2026, 3, 6, 10), "20", "28", performing=False)
    assert found.outcome == "pump-out-order"
    order = found.notice
    assert order.kind == NoticeKind.PUMP_OUT_ORDER and order.correction_hours == 72
    deadline = Deadline.objects.get(notice=order)
    assert deadline.kind == DeadlineKind.PUMP_OUT
    assert Violation.objects.count() == 1 and Notice.objects.count() == 1  # I-68: no second, maintenance notice


def test_the_72_hours_cross_midnight_and_a_month_end(trap: Any, staff: Any) -> None:
    found = inspect(trap, staff.inspector, at(2026, 1, 30, 22, 30), "20", "28", performing=False)
    deadline = Deadline.objects.get(notice=found.notice)
    assert deadline.due_at == at(2026, 2, 2, 22, 30) and deadline.due_on == dt.date(2026, 2, 2)


def test_the_72_hours_are_elapsed_across_the_spring_daylight_saving_change(trap: Any, staff: Any) -> None:
    found = inspect(trap, staff.inspector, at(2026, 3, 6, 10), "20", "28", performing=False)  # EST
    deadline = Deadline.objects.get(notice=found.notice)
    assert deadline.due_at == at(2026, 3, 9, 11)  # EDT: 72 real hours, the clock reads 11:00
    assert deadline.due_at - found.inspected_at == dt.timedelta(hours=72)


def test_the_72_hours_are_elapsed_across_the_autumn_daylight_saving_change(trap: Any, staff: Any) -> None:
    found = inspect(trap, staff.inspector, at(2026, 10, 30, 15), "20", "28", performing=False)  # EDT
    deadline = Deadline.objects.get(notice=found.notice)
    assert deadline.due_at == at(2026, 11, 2, 14)  # EST
    assert deadline.due_at - found.inspected_at == dt.timedelta(hours=72)


def test_an_interior_trap_holding_its_100_pounds_and_failing_gets_the_order(establishment: Any, staff: Any) -> None:
    from sewerworks.grease.actions import do_record_interceptor

    trap = do_record_interceptor(
        establishment=establishment, kind="interior", installed_on=dt.date(2020, 1, 1), rated_pounds=D(100),
        acting_user=staff.building_inspector,
    )  # fmt: skip
    below = do_record_inspection(
        interceptor=trap, inspected_at=at(2026, 2, 2, 9), grease_retained_lb=D("79.9"),
        adequately_performing=True, acting_user=staff.inspector,
    )  # fmt: skip
    assert below.outcome == "in-order"
    full = do_record_inspection(
        interceptor=trap, inspected_at=at(2026, 3, 2, 9), grease_retained_lb=D(100),
        adequately_performing=False, acting_user=staff.inspector,
    )  # fmt: skip
    assert (full.fill_percent, full.outcome) == (D("100.00"), "pump-out-order")


def test_a_reinspection_while_the_violation_is_open_opens_no_second_one(trap: Any, staff: Any) -> None:
    first = inspect(trap, staff.inspector, at(2026, 3, 6, 10), "20", "28", performing=False)
    again = inspect(trap, staff.inspector, at(2026, 3, 7, 10), "20", "28.5", performing=False)
    assert again.violation == first.violation and again.notice is None
    assert Violation.objects.count() == 1 and Notice.objects.count() == 1


def test_the_measurements_the_interceptor_needs_are_named_when_missing(trap: Any, staff: Any) -> None:
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError) as err:
        do_record_inspection(interceptor=trap, inspected_at=at(2026, 3, 6, 10), grease_depth_in=D(10),
                             adequately_performing=True, acting_user=staff.inspector)  # fmt: skip
    assert "solids_depth_in" in str(err.value)


def test_an_inspection_still_to_come_or_without_its_time_zone_is_refused(trap: Any, staff: Any) -> None:
    from django.core.exceptions import ValidationError

    for when in (at(2031, 1, 1, 9), dt.datetime(2026, 3, 6, 10)):
        with pytest.raises(ValidationError, match="inspected_at"):
            inspect(trap, staff.inspector, when, "1", "1")


@pytest.mark.parametrize("role", ["clerk", "board member", "town engineer"])
def test_only_inspectors_and_the_superintendent_record_inspections(trap: Any, make_user: Any, role: str) -> None:
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        inspect(trap, make_user(role), at(2026, 3, 6, 10), "1", "1")
