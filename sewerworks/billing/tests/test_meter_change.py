"""A meter change (§118-52, I-60): the old meter's final read less its previous read plus the new meter's
current read less its initial read is the water billed; the change is recorded whole or not at all."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from sewerworks.billing.engine.gather import MeterData
from sewerworks.billing.engine.run import run_drafts
from sewerworks.billing.engine.usage import meter_use
from sewerworks.billing.models import Bill, BillingPeriod
from sewerworks.core.models import AuditEvent
from sewerworks.ordinance.s118_52_meter_rollover import RolloverRule
from sewerworks.registry.meters import do_replace_meter
from sewerworks.registry.models import MeterRead, WaterMeter

pytestmark = pytest.mark.django_db

D = dt.date
SPRING_2027 = BillingPeriod(  # the period after autumn 2026, built in memory (its reads are still to come)
    start=D(2026, 10, 1),
    end=D(2027, 3, 31),
    reads_from=D(2027, 3, 16),
    reads_until=D(2027, 4, 15),
    bill_date=D(2027, 4, 10),
    due_date=D(2027, 5, 1),
)
AUTUMN_2026 = BillingPeriod(
    start=D(2026, 4, 1),
    end=D(2026, 9, 30),
    reads_from=D(2026, 9, 15),
    reads_until=D(2026, 10, 15),
    bill_date=D(2026, 10, 10),
    due_date=D(2026, 11, 1),
)
RULE = RolloverRule(Decimal("0.1"), Decimal(50_000), Decimal("7.48052"))


def _meter(
    reads: list[tuple[dt.date, int]], *, installed_on: dt.date = D(2015, 3, 1), removed_on: dt.date | None = None
) -> MeterData:
    return MeterData(1, "WM1", "gal", 6, "sewer_use", None, installed_on, removed_on, reads)


def _units(meter: MeterData, period: BillingPeriod) -> int:
    return meter_use(meter, period, RULE, Decimal("7.48052")).units


def test_a_meter_changed_in_june_bills_final_less_previous_plus_current_less_initial(
    make_account: Any, autumn: BillingPeriod, staff: Any
) -> None:
    account = make_account(meters=[(10_000, None)])
    old = account.meters.get()
    change = do_replace_meter(
        old,
        new_serial="WM-NEW-1",
        replaced_on=D(2026, 6, 15),
        final_reading=14_000,
        initial_reading=500,
        acting_user=staff.clerk,
    )
    MeterRead.objects.create(meter=change.new, read_on=D(2026, 9, 30), reading=5_500)
    run_drafts(autumn, acting_user=staff.clerk)
    bill = Bill.objects.get(account=account, period=autumn)
    assert bill.gallons == Decimal(4_000 + 5_000)  # (14,000 - 10,000) + (5,500 - 500)
    assert bill.total == Decimal("27.00")  # 9,000 gallons at $0.003 (I-24)
    assert bill.note == ""


def test_the_change_retires_the_old_meter_and_installs_the_new_on_the_same_account(
    make_account: Any, staff: Any
) -> None:
    account = make_account(meters=[{"start": 10_000, "end": None, "unit": "ft3", "dials": 5}])
    old = account.meters.get()
    change = do_replace_meter(
        old,
        new_serial="wm-new-2",
        replaced_on=D(2026, 6, 15),
        final_reading=10_400,
        acting_user=staff.clerk,
        reason="Register stuck",
    )
    old.refresh_from_db()
    assert old.removed_on == D(2026, 6, 15)
    assert (change.new.account, change.new.installed_on, change.new.unit, change.new.dials) == (
        account,
        D(2026, 6, 15),
        "ft3",
        5,
    )
    assert old.history.first().history_change_reason == "Register stuck"
    assert sorted((r.meter.serial, r.reading) for r in MeterRead.objects.filter(read_on=D(2026, 6, 15))) == [
        ("WM-NEW-2", 0),
        (old.serial, 10_400),
    ]
    event = AuditEvent.objects.get(action="do_replace_meter")
    assert (event.actor, event.rows, event.detail["old"], event.detail["new"]) == (
        staff.clerk,
        2,
        old.serial,
        "WM-NEW-2",
    )


@pytest.mark.parametrize(("final", "accepted"), [(9_000, False), (10_000, True)])
def test_a_final_read_below_the_previous_read_is_refused_unless_a_plausible_rollover(
    make_account: Any, staff: Any, final: int, accepted: bool
) -> None:
    old = make_account(meters=[(10_000, None)]).meters.get()
    if accepted:
        do_replace_meter(
            old, new_serial="WM-X", replaced_on=D(2026, 6, 15), final_reading=final, acting_user=staff.clerk
        )
        return
    with pytest.raises(ValidationError) as refused:
        do_replace_meter(
            old, new_serial="WM-X", replaced_on=D(2026, 6, 15), final_reading=final, acting_user=staff.clerk
        )
    assert "final_reading" in refused.value.message_dict
    assert "Lower than the read of 10,000" in refused.value.message_dict["final_reading"][0]
    assert not WaterMeter.objects.filter(serial="WM-X").exists()  # nothing of the change was kept
    old.refresh_from_db()
    assert old.removed_on is None and not MeterRead.objects.filter(read_on=D(2026, 6, 15)).exists()


def test_a_meter_already_removed_or_read_after_the_day_cannot_be_replaced(make_account: Any, staff: Any) -> None:
    old = make_account(meters=[(10_000, 12_000)]).meters.get()  # read 2026-03-31 and 2026-09-30
    with pytest.raises(ValidationError, match="has a read on 2026-09-30"):
        do_replace_meter(
            old, new_serial="WM-Y", replaced_on=D(2026, 9, 29), final_reading=11_000, acting_user=staff.clerk
        )
    do_replace_meter(old, new_serial="WM-Y", replaced_on=D(2026, 10, 2), final_reading=12_100, acting_user=staff.clerk)
    with pytest.raises(ValidationError, match="already removed on 2026-10-02"):
        do_replace_meter(
            old, new_serial="WM-Z", replaced_on=D(2026, 10, 3), final_reading=12_200, acting_user=staff.clerk
        )


def test_only_the_keepers_of_meters_replace_one(make_account: Any, staff: Any) -> None:
    old = make_account(meters=[(10_000, None)]).meters.get()
    for user in (staff.board, staff.inspector):
        with pytest.raises(PermissionDenied):
            do_replace_meter(old, new_serial="WM-B", replaced_on=D(2026, 6, 15), final_reading=10_100, acting_user=user)


def test_a_new_meter_installed_in_the_read_window_starts_from_its_initial_read_not_zero() -> None:
    only_initial = _meter([(D(2026, 9, 20), 500)], installed_on=D(2026, 9, 20))
    assert _units(only_initial, AUTUMN_2026) == 0
    read_since = _meter([(D(2026, 9, 20), 500), (D(2026, 10, 1), 800)], installed_on=D(2026, 9, 20))
    assert _units(read_since, AUTUMN_2026) == 300
    new_register = _meter([(D(2026, 10, 1), 800)], installed_on=D(2026, 9, 20))  # no initial read: from 0
    assert _units(new_register, AUTUMN_2026) == 800


@pytest.mark.parametrize(("changed_on", "units_next_period"), [(D(2026, 10, 15), 0), (D(2026, 10, 16), 600)])
def test_a_meter_changed_after_the_period_ends_but_inside_its_read_window_is_billed_once(
    changed_on: dt.date, units_next_period: int
) -> None:
    """Changed on the last day of the autumn read window, its final read ended the autumn bill, so the spring
    bill counts nothing more of it; changed the day after, the spring bill counts it from the autumn read."""
    old = _meter([(D(2026, 3, 31), 10_000), (D(2026, 9, 30), 11_000), (changed_on, 11_600)], removed_on=changed_on)
    if changed_on <= AUTUMN_2026.reads_until:
        assert _units(old, AUTUMN_2026) == 1_600  # the autumn bill ends at the final read
    assert _units(old, SPRING_2027) == units_next_period
