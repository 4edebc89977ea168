"""A read taken between two read windows (a manual read in mid-period: a complaint, a sale, a leak check)
starts nothing: a period's water runs from the end read of the previous period's window to the end read of
its own (I-60, I-96), so every gallon between consecutive billing windows is billed once, whichever path
(the plain SQL bill or the per-account Python one) computes it."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.billing.engine import run as engine
from sewerworks.billing.engine.gather import MeterData
from sewerworks.billing.engine.usage import Held, meter_use
from sewerworks.billing.models import Bill, BillingPeriod
from sewerworks.ordinance.s118_52_meter_rollover import RolloverRule
from sewerworks.registry.choices import ReadSource
from sewerworks.registry.models import MeterRead

pytestmark = pytest.mark.django_db

D = dt.date
SPRING_2026 = BillingPeriod(
    start=D(2025, 10, 1),
    end=D(2026, 3, 31),
    reads_from=D(2026, 3, 16),
    reads_until=D(2026, 4, 15),
    bill_date=D(2026, 4, 10),
    due_date=D(2026, 5, 1),
)
AUTUMN_2026 = BillingPeriod(
    start=D(2026, 4, 1),
    end=D(2026, 9, 30),
    reads_from=D(2026, 9, 15),
    reads_until=D(2026, 10, 15),
    bill_date=D(2026, 10, 10),
    due_date=D(2026, 11, 1),
)
BOTH_PATHS = pytest.mark.parametrize("sql_plain", [True, False], ids=["plain SQL path", "Python path"])
RULE = RolloverRule(Decimal("0.1"), Decimal(50_000), Decimal("7.48052"))


def _units(reads: list[tuple[dt.date, int]], period: BillingPeriod, **meter: Any) -> int:
    data = MeterData(1, "WM1", "gal", 6, "sewer_use", None, meter.get("installed_on", D(2015, 3, 1)), None, reads)
    return meter_use(data, period, RULE, Decimal("7.48052")).units


@BOTH_PATHS
def test_a_manual_read_in_june_does_not_start_the_autumn_period(
    make_account: Any, autumn: Any, staff: Any, monkeypatch: Any, sql_plain: bool
) -> None:
    """Spring's window read 1,000 on 2026-03-31; a manual read of 4,000 on 2026-06-15; autumn's window read
    9,000 on 2026-09-30: the autumn bill is 8,000 gallons ($24.00 at $0.003, I-24), not 5,000."""
    account = make_account(meters=[(1_000, 9_000)])
    MeterRead.objects.create(
        meter=account.meters.get(), read_on=D(2026, 6, 15), reading=4_000, source=ReadSource.MANUAL
    )
    monkeypatch.setattr(engine, "SQL_PLAIN", sql_plain)
    engine.run_drafts(autumn, acting_user=staff.clerk)
    bill = Bill.objects.get(account=account, period=autumn)
    assert (bill.gallons, bill.total, bill.note) == (Decimal(8_000), Decimal("24.00"), "")
    assert (bill.topic_facts["reads"]["start"], bill.topic_facts["reads"]["end"]) == (1_000, 9_000)


@BOTH_PATHS
def test_a_manual_read_the_day_before_the_window_opens_is_not_the_start_either(
    make_account: Any, autumn: Any, staff: Any, monkeypatch: Any, sql_plain: bool
) -> None:
    """The previous window closed 2026-04-15; a read on 2026-09-14, the day before autumn's window opens,
    is still mid-period: the start stays the spring read."""
    account = make_account(meters=[(1_000, 9_000)])
    MeterRead.objects.create(
        meter=account.meters.get(), read_on=D(2026, 9, 14), reading=8_900, source=ReadSource.MANUAL
    )
    monkeypatch.setattr(engine, "SQL_PLAIN", sql_plain)
    engine.run_drafts(autumn, acting_user=staff.clerk)
    assert Bill.objects.get(account=account, period=autumn).gallons == 8_000


@BOTH_PATHS
def test_a_late_read_in_the_previous_window_is_the_start(
    make_account: Any, autumn: Any, staff: Any, monkeypatch: Any, sql_plain: bool
) -> None:
    """A second read on 2026-04-15, the last day of spring's window, ended the spring bill: autumn starts
    from it (the window's last read, I-60), so the 2026-03-31 read is not counted twice."""
    account = make_account(meters=[(1_000, 9_000)])
    MeterRead.objects.create(
        meter=account.meters.get(), read_on=D(2026, 4, 15), reading=1_500, source=ReadSource.MANUAL
    )
    monkeypatch.setattr(engine, "SQL_PLAIN", sql_plain)
    engine.run_drafts(autumn, acting_user=staff.clerk)
    assert Bill.objects.get(account=account, period=autumn).gallons == 7_500


def test_every_gallon_between_consecutive_windows_is_billed_once() -> None:
    """Window reads 0 (2025-09-30), 5,000 (2026-03-31), 12,000 (2026-09-30), manual reads of 2,000 in
    January and 7,000 in June: spring bills 5,000 and autumn 7,000, together the 12,000 the meter turned."""
    reads = [
        (D(2025, 9, 30), 0),
        (D(2026, 1, 15), 2_000),
        (D(2026, 3, 31), 5_000),
        (D(2026, 6, 15), 7_000),
        (D(2026, 9, 30), 12_000),
    ]
    spring, autumn = _units(reads, SPRING_2026), _units(reads, AUTUMN_2026)
    assert (spring, autumn) == (5_000, 7_000)
    assert spring + autumn == reads[-1][1] - reads[0][1]


def test_a_meter_installed_in_the_period_still_starts_at_its_initial_read() -> None:
    """Installed 2026-05-01 reading 100, a manual read of 600 in July, 2,100 in the window: 2,000 gallons."""
    reads = [(D(2026, 5, 1), 100), (D(2026, 7, 1), 600), (D(2026, 9, 30), 2_100)]
    assert _units(reads, AUTUMN_2026, installed_on=D(2026, 5, 1)) == 2_000


def test_a_meter_read_only_in_mid_period_is_held_for_a_person() -> None:
    """Installed long ago, no read in or before the previous window, one manual read in June: nothing says
    where the period began, so the bill waits for a person (I-61) rather than bill from June."""
    with pytest.raises(Held, match="no read"):
        _units([(D(2026, 6, 15), 4_000), (D(2026, 9, 30), 9_000)], AUTUMN_2026)
