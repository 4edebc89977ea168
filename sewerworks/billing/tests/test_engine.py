"""The bill run reads like §118-52: water used from the reads, the minimum charge, the rate in force on
the period's last day (I-43), wash water excluded (§118-6, I-44), the defective-meter average (I-26) and
the class estimate (I-27), each line citing its section and interpretations."""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from typing import Any

import pytest
from django.db import connection, connections

from sewerworks.billing.engine.lock import ADVISORY_KEY, BillRunBusy, bill_run_lock
from sewerworks.billing.engine.run import run_drafts
from sewerworks.billing.models import Bill, BillingPeriod, LedgerEntry
from sewerworks.core.resolutions.actions import ProposedValue, do_record_resolution
from sewerworks.registry.models import MeterRead

pytestmark = pytest.mark.django_db


def bill_of(account: Any, period: BillingPeriod) -> Bill:
    return Bill.objects.get(account=account, period=period)


def lines(bill: Bill) -> list[tuple[str, Decimal, str, str]]:
    return [(x.kind, x.amount, x.section, x.interpretations) for x in bill.lines.order_by("position")]


def raise_rate(user: Any) -> None:
    do_record_resolution(
        instrument="Res. 2026-41",
        adopted_on=dt.date(2026, 6, 9),
        effective_on=dt.date(2026, 7, 1),
        title="Sewer rent increase",
        values=[ProposedValue("charges.rate_per_gallon", "0.0035")],
        acting_user=user,
    )


def test_8000_gallons_in_a_period_ending_after_a_rate_of_0_0035_from_july_bills_28_dollars(
    make_user: Any, make_account: Any, autumn: BillingPeriod, staff: Any
) -> None:
    raise_rate(make_user("administrator"))
    account = make_account(meters=[(10_000, 18_000)])
    run_drafts(autumn, acting_user=staff.clerk)
    bill = bill_of(account, autumn)
    assert bill.total == Decimal("28.00")
    assert lines(bill) == [
        ("first-gallons", Decimal("17.50"), "118-52", "I-24"),
        ("gallons-beyond", Decimal("10.50"), "118-52", "I-24"),
    ]
    assert bill.lines.get(kind="gallons-beyond").rate == Decimal("0.0035")


def test_a_period_ending_before_the_new_rate_is_rated_at_the_old_one_24_dollars(
    make_user: Any, make_account: Any, staff: Any
) -> None:
    from sewerworks.billing.actions import do_open_period

    raise_rate(make_user("administrator"))
    spring = do_open_period(dt.date(2026, 3, 31), acting_user=staff.clerk)
    account = make_account(meters=[])
    meter = account.meters.create(serial="WM-SPRING", dials=6, installed_on=dt.date(2015, 3, 1))
    MeterRead.objects.create(meter=meter, read_on=dt.date(2025, 9, 30), reading=2_000)
    MeterRead.objects.create(meter=meter, read_on=dt.date(2026, 3, 31), reading=10_000)
    run_drafts(spring, acting_user=staff.clerk)
    assert bill_of(account, spring).total == Decimal("24.00")


@pytest.mark.parametrize(
    ("gallons", "total", "first"),
    [
        (0, "10.00", "minimum-charge"),
        (2_000, "10.00", "minimum-charge"),
        (3_333, "10.00", "minimum-charge"),
        (3_334, "10.00", "first-gallons"),
        (5_000, "15.00", "first-gallons"),
        (5_001, "15.00", "first-gallons"),
        (5_100, "15.30", "first-gallons"),
    ],
)
def test_the_first_5000_gallons_cost_at_least_the_10_dollar_minimum(
    make_account: Any, autumn: BillingPeriod, staff: Any, gallons: int, total: str, first: str
) -> None:
    account = make_account(meters=[(1_000, 1_000 + gallons)])
    run_drafts(autumn, acting_user=staff.clerk)
    bill = bill_of(account, autumn)
    assert bill.total == Decimal(total)
    assert lines(bill)[0][0] == first
    assert ("zero_use" in bill.flag_list) == (gallons == 0)


def test_a_car_wash_s_vehicle_wash_meter_is_excluded_citing_118_6(make_account: Any, autumn: Any, staff: Any) -> None:
    account = make_account(
        user_class="commercial",
        meters=[(100_000, 115_000), {"start": 200_000, "end": 245_000, "purpose": "vehicle_wash"}],
    )
    run_drafts(autumn, acting_user=staff.clerk)
    bill = bill_of(account, autumn)
    assert bill.total == Decimal("45.00") and bill.gallons == Decimal("15000")
    assert lines(bill)[0] == ("wash-water-excluded", Decimal("0.00"), "118-6", "I-44")
    assert "wash" in bill.flag_list


def test_cubic_feet_convert_and_a_plausible_rollover_is_billed_and_flagged(
    make_account: Any, autumn: Any, staff: Any
) -> None:
    cubic = make_account(meters=[{"start": 1_000, "end": 2_000, "unit": "ft3"}])
    rolled = make_account(meters=[(998_000, 3_000)])
    misread = make_account(meters=[(500_000, 3_000)])
    run_drafts(autumn, acting_user=staff.clerk)
    assert bill_of(cubic, autumn).total == Decimal("22.44")
    assert bill_of(rolled, autumn).total == Decimal("15.00") and "rollover" in bill_of(rolled, autumn).flag_list
    held = bill_of(misread, autumn)
    assert held.basis == "held" and held.total == Decimal("0.00") and "I-48" in held.note


def test_a_defective_meter_bills_the_average_of_its_last_two_good_bills(
    make_account: Any, autumn: Any, staff: Any
) -> None:
    account = make_account(meters=[{"start": 1_000, "end": None, "defective_since": dt.date(2026, 5, 2)}])
    for end, start, total in (
        (dt.date(2025, 9, 30), dt.date(2025, 4, 1), "36.20"),
        (dt.date(2026, 3, 31), dt.date(2025, 10, 1), "41.90"),
        (dt.date(2025, 3, 31), dt.date(2024, 10, 1), "90.00"),
    ):
        period = BillingPeriod.objects.create(
            start=start, end=end, reads_from=end, reads_until=end, bill_date=end, due_date=end, status="posted"
        )
        Bill.objects.create(
            account=account,
            parcel=account.parcel,
            period=period,
            status="posted",
            basis="reads",
            total=Decimal(total),
            topic="user-charge",
            run="old",
            created_at=dt.datetime.now(dt.UTC),
        )
    run_drafts(autumn, acting_user=staff.clerk)
    bill = bill_of(account, autumn)
    assert bill.total == Decimal("39.05") and bill.basis == "defective"
    assert lines(bill) == [("defective-meter-average", Decimal("39.05"), "118-52", "I-26, I-23")]


def test_a_defective_meter_with_one_good_bill_falls_back_to_the_class_estimate(
    make_account: Any, autumn: Any, staff: Any
) -> None:
    account = make_account(meters=[{"start": 1_000, "end": None, "defective_since": dt.date(2026, 5, 2)}])
    run_drafts(autumn, acting_user=staff.clerk)
    bill = bill_of(account, autumn)
    assert bill.total == Decimal("90.00") and {"defective", "estimate"} <= set(bill.flag_list)


def test_an_unmetered_out_of_district_commercial_user_bills_the_class_estimate(
    make_account: Any, autumn: Any, staff: Any
) -> None:
    account = make_account(
        user_class="commercial", metered=False, in_water_district=False, in_area=False, contract_user=True
    )
    run_drafts(autumn, acting_user=staff.clerk)
    bill = bill_of(account, autumn)
    assert bill.total == Decimal("180.00") and bill.basis == "estimate"
    assert set(bill.flag_list) >= {"estimate", "contract"}
    assert bill.facts["unmetered"] is True


def test_strength_above_normal_adds_its_surcharge(make_account: Any, autumn: Any, staff: Any) -> None:
    from sewerworks.billing.actions import do_record_strength

    account = make_account(user_class="industrial", meters=[(0, 100_000)])
    do_record_strength(
        account,
        autumn,
        acting_user=staff.clerk,
        source="District lab report 2026-114",
        bod=Decimal(500),
        suspended_solids=Decimal(350),
        chlorine_demand=Decimal(20),
    )
    run_drafts(autumn, acting_user=staff.clerk)
    bill = bill_of(account, autumn)
    assert bill.total == Decimal("352.13") and "surcharge" in bill.flag_list
    assert ("strength-bod", Decimal("50.04"), "118-52", "I-03, I-23") in lines(bill)


def test_rerunning_a_draft_recomputes_it_one_bill_per_account(make_account: Any, autumn: Any, staff: Any) -> None:
    account = make_account(meters=[(1_000, 9_000)])
    run_drafts(autumn, acting_user=staff.clerk)
    assert bill_of(account, autumn).total == Decimal("24.00")
    MeterRead.objects.create(meter=account.meters.get(), read_on=dt.date(2026, 10, 5), reading=11_000)
    gone = make_account(meters=[(1_000, 2_000)])
    gone.closed_on = dt.date(2026, 3, 1)
    gone.save()
    run_drafts(autumn, acting_user=staff.clerk)
    assert bill_of(account, autumn).total == Decimal("30.00")
    assert Bill.objects.filter(period=autumn).count() == 1
    assert not LedgerEntry.objects.exists()


@contextmanager
def lock_held_by_another_session() -> Iterator[None]:
    """The bill-run lock held as another process would hold it: another PostgreSQL session, or another
    open file description of the lock file (flock locks conflict between them even in one process)."""
    if connection.vendor != "postgresql":
        with bill_run_lock():
            yield
        return
    other = connections.create_connection("default")
    try:
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_lock(%s)", [ADVISORY_KEY])
        yield
    finally:
        other.close()  # the session ends: PostgreSQL releases its advisory lock, as when a process dies
        give_up = time.monotonic() + 10
        while time.monotonic() < give_up:  # the server ends the closed session's backend asynchronously
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_try_advisory_lock(%s)", [ADVISORY_KEY])
                if cursor.fetchone()[0]:
                    cursor.execute("SELECT pg_advisory_unlock(%s)", [ADVISORY_KEY])
                    break
            time.sleep(0.05)


def test_a_run_while_another_holds_the_lock_is_refused(make_account: Any, autumn: Any, staff: Any) -> None:
    make_account(meters=[(1_000, 9_000)])
    with lock_held_by_another_session(), pytest.raises(BillRunBusy, match="in progress"):
        run_drafts(autumn, acting_user=staff.clerk)
    assert run_drafts(autumn, acting_user=staff.clerk).bills == 1
