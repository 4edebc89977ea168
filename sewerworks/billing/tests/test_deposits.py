"""The clerk's day and month (§118-53, I-126, I-127): the drawer closed into a deposit that never changes, each
item credited to its fund; a reversal after the close a line on the next deposit; the month's turnover equal to
its deposits per fund, frozen once closed."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from sewerworks.billing.actions import (
    BankReturn,
    do_close_deposit,
    do_close_month,
    do_reverse_payment,
    do_take_payment,
)
from sewerworks.billing.cash.deposits import closed_lines, pending, summarise
from sewerworks.billing.cash.turnover import month_view, turnover_csv
from sewerworks.billing.models import Deposit, DepositItem, MonthlyTurnover
from sewerworks.core.models import AuditEvent
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db
D = dt.date
NOV_27, NOV_30 = D(2026, 11, 27), D(2026, 11, 30)


def pay(account: Any, clerk: Any, amount: str, method: str = "cash", *, on: dt.date, ref: str = "") -> Any:
    number = f"T{on:%m%d}-{account.pk}-{amount.replace('.', '')}-{method}"
    reference = ref or ("" if method == "cash" else "1001")
    return do_take_payment(
        account,
        amount=amount,
        method=method,
        reference=reference,
        receipt_number=number,
        received_on=on,
        acting_user=clerk,
    ).payment


@pytest.fixture
def two_areas(make_account: Any, area: Any) -> Any:
    """An account in the Hamlet of Marlborough, one in the Hamlet of Milton, one outside both."""
    milton = f.area("milton", "Hamlet of Milton")

    class Accounts:
        marlborough = make_account()
        milton_acct = make_account()
        outside = make_account(in_area=False)

    parcel = Accounts.milton_acct.parcel
    parcel.improvement_area = milton
    parcel.save()
    Accounts.milton = milton  # type: ignore[attr-defined]
    Accounts.area = area  # type: ignore[attr-defined]
    return Accounts


def test_the_drawer_closes_into_a_deposit_of_every_payment_with_its_fund(staff: Any, two_areas: Any) -> None:
    pay(two_areas.marlborough, staff.clerk, "20.00", on=NOV_27)
    pay(two_areas.milton_acct, staff.clerk, "30.50", "check", on=NOV_27, ref="4417")
    pay(two_areas.outside, staff.clerk, "10.00", "card", on=NOV_27, ref="card ending 0042")
    deposit = do_close_deposit(NOV_27, cash_counted="20.00", acting_user=staff.clerk)
    assert (deposit.number, deposit.total, deposit.cash_expected, deposit.cash_difference) == (
        "D-20261127",
        Decimal("60.50"),
        Decimal("20.00"),
        Decimal("0.00"),
    )
    view = summarise(deposit.day, closed_lines(deposit))
    assert [(t.label, t.count, t.amount) for t in view.by_method] == [
        ("Cash", 1, Decimal("20.00")),
        ("Check", 1, Decimal("30.50")),
        ("Card", 1, Decimal("10.00")),
    ]
    assert [(fund.name, t.amount) for fund, t in view.by_fund] == [
        ("Hamlet of Marlborough", Decimal("20.00")),
        ("Hamlet of Milton", Decimal("30.50")),
        ("No Sewer Improvement Area", Decimal("10.00")),
    ]
    assert [c.reference for c in view.checks] == ["4417"]
    assert deposit.items.count() == 3 and sum(i.amount for i in deposit.items.all()) == deposit.total
    assert AuditEvent.objects.filter(action="do_close_deposit", detail__deposit=deposit.pk).exists()


def test_a_deposit_closed_twice_is_refused_and_changes_nothing(staff: Any, two_areas: Any) -> None:
    pay(two_areas.marlborough, staff.clerk, "20.00", on=NOV_27)
    first = do_close_deposit(NOV_27, cash_counted="20.00", acting_user=staff.clerk)
    pay(two_areas.marlborough, staff.clerk, "5.00", on=NOV_27)  # taken after the close, received the same day
    with pytest.raises(ValidationError, match="already closed") as raised:
        do_close_deposit(NOV_27, cash_counted="25.00", acting_user=staff.clerk)
    assert "day" in raised.value.message_dict
    assert Deposit.objects.count() == 1 and first.items.count() == 1
    # the payment taken since goes on the next deposit, never into the closed one
    assert [ln.amount for ln in pending(NOV_30)] == [Decimal("5.00")]
    second = do_close_deposit(NOV_30, cash_counted="5.00", acting_user=staff.clerk)
    assert second.total == Decimal("5.00") and first.items.count() == 1


def test_nothing_is_added_to_a_closed_deposit_nor_is_it_edited(staff: Any, two_areas: Any) -> None:
    pay(two_areas.marlborough, staff.clerk, "20.00", on=NOV_27)
    deposit = do_close_deposit(NOV_27, cash_counted="20.00", acting_user=staff.clerk)
    late = pay(two_areas.marlborough, staff.clerk, "7.00", on=NOV_27)
    with pytest.raises(ValidationError, match="nothing is added to a closed deposit"):
        DepositItem(
            deposit=deposit,
            payment=late,
            kind="payment",
            method="cash",
            receipt_number=late.receipt_number,
            account=late.account,
            amount=late.amount,
        ).save()
    deposit.cash_counted = Decimal("25.00")
    with pytest.raises(ValidationError, match="never changes"):
        deposit.save()
    with pytest.raises(ValidationError, match="never deleted"):
        deposit.delete()
    deposit.refresh_from_db()
    assert deposit.cash_counted == Decimal("20.00") and deposit.items.count() == 1


def test_the_cash_counted_against_the_drawer_needs_a_reason_when_it_differs(staff: Any, two_areas: Any) -> None:
    pay(two_areas.marlborough, staff.clerk, "20.00", on=NOV_27)
    with pytest.raises(ValidationError) as raised:
        do_close_deposit(NOV_27, cash_counted="19.00", acting_user=staff.clerk)
    assert "$1.00 short" in raised.value.message_dict["difference_reason"][0]
    assert not Deposit.objects.exists()
    deposit = do_close_deposit(
        NOV_27, cash_counted="19.00", acting_user=staff.clerk, difference_reason="A dollar given as change twice"
    )
    assert (deposit.cash_difference, deposit.total) == (Decimal("-1.00"), Decimal("20.00"))
    with pytest.raises(ValidationError, match="negative"):
        do_close_deposit(NOV_30, cash_counted="-3", acting_user=staff.clerk)


def test_a_day_with_nothing_waiting_after_today_or_before_the_last_deposit_is_refused(
    staff: Any, two_areas: Any
) -> None:
    with pytest.raises(ValidationError, match="waiting for a deposit"):
        do_close_deposit(NOV_27, cash_counted="0", acting_user=staff.clerk)
    tomorrow = timezone.localdate() + dt.timedelta(days=1)
    with pytest.raises(ValidationError, match="after today"):
        do_close_deposit(tomorrow, cash_counted="0", acting_user=staff.clerk)
    pay(two_areas.marlborough, staff.clerk, "20.00", on=NOV_27)
    do_close_deposit(NOV_30, cash_counted="20.00", acting_user=staff.clerk)
    with pytest.raises(ValidationError, match="in order"):
        do_close_deposit(NOV_27, cash_counted="0", acting_user=staff.clerk)


def test_only_the_clerks_office_or_the_superintendent_closes_a_deposit(staff: Any, two_areas: Any) -> None:
    pay(two_areas.marlborough, staff.clerk, "20.00", on=NOV_27)
    for who in (staff.inspector, staff.board):
        with pytest.raises(PermissionDenied):
            do_close_deposit(NOV_27, cash_counted="20.00", acting_user=who)
    assert do_close_deposit(NOV_27, cash_counted="20.00", acting_user=staff.superintendent).total == Decimal("20.00")


def test_a_check_returned_after_its_deposit_is_a_line_on_the_next_deposit(staff: Any, two_areas: Any) -> None:
    check = pay(two_areas.milton_acct, staff.clerk, "30.50", "check", on=NOV_27, ref="4417")
    first = do_close_deposit(NOV_27, cash_counted="0", acting_user=staff.clerk)
    do_reverse_payment(
        check,
        acting_user=staff.superintendent,
        reason="Check returned",
        returned=BankReturn("RT-88", "NSF: insufficient funds"),
    )
    today = timezone.localdate()
    waiting = pending(today)
    assert [(ln.kind, ln.amount, ln.fund_id) for ln in waiting] == [
        ("reversal", Decimal("-30.50"), two_areas.milton.pk)
    ]
    nxt = do_close_deposit(today, cash_counted="0", acting_user=staff.clerk)
    assert nxt.total == Decimal("-30.50") and first.total == Decimal("30.50")
    assert [i.kind for i in first.items.all()] == ["payment"]


def test_a_payment_reversed_before_its_deposit_closed_nets_to_nothing_in_it(staff: Any, two_areas: Any) -> None:
    today = timezone.localdate()
    check = pay(two_areas.marlborough, staff.clerk, "12.00", "check", on=today, ref="5001")
    do_reverse_payment(check, acting_user=staff.superintendent, reason="Entered on the wrong account")
    deposit = do_close_deposit(today, cash_counted="0", acting_user=staff.clerk)
    assert sorted((i.kind, i.amount) for i in deposit.items.all()) == [
        ("payment", Decimal("12.00")),
        ("reversal", Decimal("-12.00")),
    ]
    assert deposit.total == 0


def test_the_months_turnover_equals_its_deposits_per_fund_and_is_frozen_when_closed(staff: Any, two_areas: Any) -> None:
    pay(two_areas.marlborough, staff.clerk, "20.00", on=NOV_27)
    pay(two_areas.milton_acct, staff.clerk, "30.50", "check", on=NOV_27, ref="4417")
    do_close_deposit(NOV_27, cash_counted="20.00", acting_user=staff.clerk)
    pay(two_areas.marlborough, staff.clerk, "4.25", on=NOV_30)
    with pytest.raises(ValidationError, match="wait for a deposit"):
        do_close_month(D(2026, 11, 1), acting_user=staff.clerk)
    do_close_deposit(NOV_30, cash_counted="4.25", acting_user=staff.clerk)
    view = month_view(D(2026, 11, 1))
    assert [(fund.name, t.amount) for fund, t in view.by_fund] == [
        ("Hamlet of Marlborough", Decimal("24.25")),
        ("Hamlet of Milton", Decimal("30.50")),
    ]
    turnover = do_close_month(D(2026, 11, 15), acting_user=staff.clerk)
    assert (turnover.month, turnover.total, turnover.deposits) == (D(2026, 11, 1), Decimal("54.75"), 2)
    assert {(ln.fund_name, ln.amount) for ln in turnover.lines.all()} == {
        ("Hamlet of Marlborough", Decimal("24.25")),
        ("Hamlet of Milton", Decimal("30.50")),
    }
    csv = turnover_csv(month_view(D(2026, 11, 1))).decode()
    assert "D-20261127,2026-11-27,20.00,30.50,50.50" in csv and "total,,24.25,30.50,54.75" in csv
    with pytest.raises(ValidationError, match="never changes"):
        do_close_month(D(2026, 11, 1), acting_user=staff.clerk)
    pay(two_areas.marlborough, staff.clerk, "1.00", on=NOV_30)
    with pytest.raises(ValidationError, match="closed"):
        do_close_deposit(NOV_30 + dt.timedelta(days=0), cash_counted="1.00", acting_user=staff.clerk)
    assert MonthlyTurnover.objects.get().total == Decimal("54.75")


def test_a_month_not_over_is_not_closed_and_only_the_clerk_closes_one(staff: Any, two_areas: Any) -> None:
    with pytest.raises(ValidationError, match="not over"):
        do_close_month(timezone.localdate(), acting_user=staff.clerk)
    with pytest.raises(PermissionDenied):
        do_close_month(D(2026, 10, 1), acting_user=staff.superintendent)
    assert do_close_month(D(2026, 10, 1), acting_user=staff.clerk).total == 0
