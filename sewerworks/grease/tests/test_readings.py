"""The next pump-out predicted from a trap's own history (I-67, worked numbers) and the record-keeping check
of its log (§118-38 Recordkeeping)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.grease.actions import do_record_inspection, do_record_pump_out
from sewerworks.grease.readings import predicted_window, prediction, recordkeeping
from sewerworks.grease.steps import predicted_due
from sewerworks.grease.tests.conftest import at

pytestmark = pytest.mark.django_db
D = dt.date


def inspect(trap: Any, user: Any, when: dt.datetime, percent: int) -> Any:
    solids = Decimal(48) * Decimal(percent) / 100  # all solids, no grease: fill = percent of 48 in
    return do_record_inspection(interceptor=trap, inspected_at=when, grease_depth_in=Decimal(0),
                                solids_depth_in=solids, adequately_performing=True, acting_user=user)  # fmt: skip


def pump(trap: Any, hauler: Any, user: Any, on: dt.date, receipt: Any = None) -> Any:
    shown = {"receipt_service_date": on, "receipt_volume_gal": Decimal(1500)} if receipt else {}
    return do_record_pump_out(interceptor=trap, pumped_on=on, hauler=hauler, volume_gal=Decimal(1500),
                              nysdec_approved_disposal=True, receipt=receipt, acting_user=user, **shown)  # fmt: skip


def test_three_inspections_after_a_pump_out_predict_the_day_80_percent_is_reached(trap, hauler, staff) -> None:
    pump(trap, hauler, staff.clerk, D(2026, 1, 5))
    for day, percent in ((D(2026, 2, 4), 20), (D(2026, 3, 6), 41), (D(2026, 4, 5), 59)):
        inspect(trap, staff.inspector, at(day.year, day.month, day.day, 10), percent)
    # least squares: fill = 1 + 0.65 × days → 80% on day 121.5… → day 122 → 2026-05-07
    assert predicted_window(prediction(trap, D(2026, 4, 10))) == (D(2026, 5, 7), D(2026, 5, 7), D(2026, 5, 7))


def test_two_inspections_give_a_range(trap, hauler, staff) -> None:
    pump(trap, hauler, staff.clerk, D(2026, 1, 5))
    inspect(trap, staff.inspector, at(2026, 2, 4, 10), 20)
    inspect(trap, staff.inspector, at(2026, 3, 6, 10), 41)
    # the line: day 116; each inspection alone: days 120 and 118 → from 2026-05-01 to 2026-05-05
    assert predicted_window(prediction(trap, D(2026, 3, 10))) == (D(2026, 5, 1), D(2026, 5, 1), D(2026, 5, 5))


def test_without_inspections_the_pump_out_intervals_predict(trap, hauler, staff) -> None:
    for day in (D(2025, 2, 1), D(2025, 6, 1), D(2025, 10, 1)):
        pump(trap, hauler, staff.clerk, day)
    # intervals 120 and 122 days → mean 121 → 2026-01-30, a range 2026-01-29 to 2026-01-31
    assert predicted_window(prediction(trap, D(2025, 12, 1))) == (D(2026, 1, 30), D(2026, 1, 29), D(2026, 1, 31))


def test_the_sweep_lists_a_trap_predicted_within_30_days_and_not_one_further_off(trap, hauler, staff) -> None:
    pump(trap, hauler, staff.clerk, D(2026, 1, 5))
    for day, percent in ((D(2026, 2, 4), 20), (D(2026, 3, 6), 41), (D(2026, 4, 5), 59)):
        inspect(trap, staff.inspector, at(day.year, day.month, day.day, 10), percent)
    assert [row[0] for row in predicted_due(D(2026, 4, 7))] == [trap]  # 2026-05-07 is 30 days on
    assert predicted_due(D(2026, 4, 6)) == []  # 31 days on


def test_a_log_whose_second_pump_out_lacks_its_receipt_is_incomplete(trap, hauler, staff, receipt_pdf) -> None:
    pump(trap, hauler, staff.clerk, D(2026, 1, 5), receipt=receipt_pdf)
    pump(trap, hauler, staff.clerk, D(2026, 5, 5))
    decision = recordkeeping(trap, D(2026, 6, 1))
    assert decision.outcome == "incomplete" and "entry 2: no receipt" in decision.summary


def test_a_log_with_every_receipt_is_complete(trap, hauler, staff, receipt_pdf) -> None:
    pump(trap, hauler, staff.clerk, D(2026, 1, 5), receipt=receipt_pdf)
    assert recordkeeping(trap, D(2026, 6, 1)).outcome == "complete"
