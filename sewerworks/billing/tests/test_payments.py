"""Payments at the counter (§118-53): a payment settles the oldest bill first, its penalty before its charge
(I-63), what the ledger shows owed on the day it was received (I-65); the receipt number is the
idempotency key; a returned check is reversed by entries of its own."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from sewerworks.billing.actions import do_open_period, do_reverse_payment, do_take_payment
from sewerworks.billing.ledger.balances import balance
from sewerworks.billing.ledger.owed import bills_owed, unapplied_credit
from sewerworks.billing.models import LedgerEntry, Payment
from sewerworks.billing.tests.ledger_factory import penalty, posted_bill
from sewerworks.core.models import AuditEvent

pytestmark = pytest.mark.django_db
D = dt.date


@pytest.fixture
def two_bills(make_account: Any, staff: Any) -> Any:
    """The I-63 example: a bill of 2025-10-10 for $36.20 with its $3.62 penalty, a bill of 2026-04-10 for $41.90."""
    account = make_account()
    autumn_2025 = do_open_period(D(2025, 9, 30), acting_user=staff.clerk)
    spring_2026 = do_open_period(D(2026, 3, 31), acting_user=staff.clerk)
    older = posted_bill(account, autumn_2025, "36.20")
    penalty(older, "3.62", D(2025, 11, 11))
    newer = posted_bill(account, spring_2026, "41.90")
    return account, older, newer


def parts(receipt: str) -> list[tuple[str, str]]:
    rows = LedgerEntry.objects.filter(source_key__startswith=f"payment:{receipt}:").order_by("id")
    return [(e.source_key.split(":", 2)[2], format(-e.amount, "f")) for e in rows]


def take(account: Any, user: Any, amount: str, receipt: str, **kw: Any) -> Any:
    kw.setdefault("method", "cash")
    kw.setdefault("received_on", D(2026, 5, 1))
    return do_take_payment(account, amount=amount, receipt_number=receipt, acting_user=user, **kw)


def test_fifty_dollars_pays_the_older_bills_penalty_then_its_charge_then_part_of_the_newer(
    two_bills: Any, staff: Any
) -> None:
    account, older, newer = two_bills
    taken = take(account, staff.clerk, "50.00", "R-1")
    assert taken.created and taken.payment.credit == Decimal("0.00")
    assert parts("R-1") == [
        (f"bill:{older.pk}:penalty", "3.62"),
        (f"bill:{older.pk}:charge", "36.20"),
        (f"bill:{newer.pk}:charge", "10.18"),
    ]
    e = LedgerEntry.objects.get(source_key=f"payment:R-1:bill:{newer.pk}:charge")
    assert (e.kind, e.posted_on, e.bill, e.account, e.amount) == (
        "payment",
        D(2026, 5, 1),
        newer,
        account,
        Decimal("-10.18"),
    )
    assert balance(account=account) == Decimal("31.72")
    owed = {o.bill: o for o in bills_owed(account, on=D(2026, 5, 1))}
    assert owed[older].balance == 0 and owed[newer].charge_due == Decimal("31.72")
    assert AuditEvent.objects.filter(action="do_take_payment", rows=3).count() == 1
    assert taken.payment.history.first().history_user == staff.clerk


def test_a_second_payment_goes_on_where_the_first_stopped(two_bills: Any, staff: Any) -> None:
    account, older, newer = two_bills
    take(account, staff.clerk, "1.00", "R-1")
    take(account, staff.clerk, "5.00", "R-2")
    assert parts("R-1") == [(f"bill:{older.pk}:penalty", "1.00")]
    assert parts("R-2") == [(f"bill:{older.pk}:penalty", "2.62"), (f"bill:{older.pk}:charge", "2.38")]


def test_paying_exactly_what_is_owed_leaves_nothing_and_no_credit(two_bills: Any, staff: Any) -> None:
    account, *_ = two_bills
    taken = take(account, staff.clerk, "81.72", "R-1")
    assert balance(account=account) == 0 and taken.payment.credit == 0
    assert not LedgerEntry.objects.filter(source_key="payment:R-1:credit").exists()


def test_paying_more_than_is_owed_leaves_a_credit_on_the_account_not_on_a_bill(two_bills: Any, staff: Any) -> None:
    account, *_ = two_bills
    taken = take(account, staff.clerk, "100.00", "R-1")
    credit = LedgerEntry.objects.get(source_key="payment:R-1:credit")
    assert (credit.amount, credit.bill, credit.account) == (Decimal("-18.28"), None, account)
    assert taken.payment.credit == Decimal("18.28") and unapplied_credit(account) == Decimal("18.28")
    assert balance(account=account) == Decimal("-18.28")


def test_a_penalty_added_after_the_day_received_is_not_paid_by_it(make_account: Any, staff: Any) -> None:
    """I-65: a payment dated 2025-11-10 does not pay a penalty the sweep added on 2025-11-11."""
    account = make_account()
    bill = posted_bill(account, do_open_period(D(2025, 9, 30), acting_user=staff.clerk), "36.20")
    penalty(bill, "3.62", D(2025, 11, 11))
    take(account, staff.clerk, "10.00", "R-1", received_on=D(2025, 11, 10))
    take(account, staff.clerk, "10.00", "R-2", received_on=D(2025, 11, 11))
    assert parts("R-1") == [(f"bill:{bill.pk}:charge", "10.00")]
    assert parts("R-2") == [(f"bill:{bill.pk}:penalty", "3.62"), (f"bill:{bill.pk}:charge", "6.38")]


def test_the_same_receipt_twice_leaves_one_payment_and_one_set_of_entries(two_bills: Any, staff: Any) -> None:
    account, *_ = two_bills
    first = take(account, staff.clerk, "50.00", "R-1")
    again = take(account, staff.clerk, "50.00", "R-1")
    assert not again.created and again.payment == first.payment
    assert Payment.objects.count() == 1 and len(parts("R-1")) == 3
    with pytest.raises(ValidationError, match="already used for \\$50.00") as exc:
        take(account, staff.clerk, "40.00", "R-1")
    assert "receipt_number" in exc.value.message_dict
    assert balance(account=account) == Decimal("31.72")


@pytest.mark.parametrize(
    ("kw", "field"),
    [
        ({"amount": "0"}, "amount"),
        ({"amount": "-5.00"}, "amount"),
        ({"amount": 10.5}, "amount"),
        ({"amount": "10.005"}, "amount"),
        ({"amount": "ten"}, "amount"),
        ({"method": "barter"}, "method"),
        ({"method": "check"}, "reference"),
        ({"receipt_number": "R 1"}, "receipt_number"),
        ({"receipt_number": "R:1"}, "receipt_number"),
        ({"receipt_number": ""}, "receipt_number"),
        ({"received_on": D(2999, 1, 1)}, "received_on"),
        ({"received_on": D(1, 1, 1)}, "received_on"),
    ],
)
def test_bad_input_is_refused_naming_the_field(two_bills: Any, staff: Any, kw: dict[str, Any], field: str) -> None:
    account, *_ = two_bills
    args = {"amount": "10.00", "receipt_number": "R-1", **kw}
    with pytest.raises(ValidationError) as exc:
        take(account, staff.clerk, args.pop("amount"), args.pop("receipt_number"), **args)
    assert field in exc.value.message_dict
    assert not LedgerEntry.objects.filter(kind="payment").exists()


def test_a_check_carries_its_number(two_bills: Any, staff: Any) -> None:
    account, *_ = two_bills
    p = take(account, staff.clerk, "10.00", "R-1", method="check", reference="1043").payment
    assert (p.method, p.reference) == ("check", "1043")


@pytest.mark.parametrize("role", ["inspector", "board member", "town engineer"])
def test_only_the_clerks_office_or_the_superintendent_takes_a_payment(
    two_bills: Any, make_user: Any, role: str
) -> None:
    account, *_ = two_bills
    with pytest.raises(PermissionDenied, match="billing.take_payment"):
        take(account, make_user(role), "10.00", "R-1")
    assert not Payment.objects.exists()


def test_a_returned_check_is_reversed_on_the_day_it_was_received_once(two_bills: Any, staff: Any) -> None:
    account, older, newer = two_bills
    payment = take(account, staff.clerk, "100.00", "R-1", method="check", reference="1043").payment
    with pytest.raises(PermissionDenied):
        do_reverse_payment(payment, acting_user=staff.clerk, reason="returned")
    with pytest.raises(ValidationError) as exc:
        do_reverse_payment(payment, acting_user=staff.superintendent, reason=" ")
    assert "reason" in exc.value.message_dict
    do_reverse_payment(payment, acting_user=staff.superintendent, reason="Returned: insufficient funds")
    do_reverse_payment(payment, acting_user=staff.superintendent, reason="again")
    reversals = LedgerEntry.objects.filter(kind="reversal").order_by("id")
    assert [(e.source_key, e.amount, e.posted_on) for e in reversals] == [
        (f"reversal:R-1:bill:{older.pk}:penalty", Decimal("3.62"), D(2026, 5, 1)),
        (f"reversal:R-1:bill:{older.pk}:charge", Decimal("36.20"), D(2026, 5, 1)),
        (f"reversal:R-1:bill:{newer.pk}:charge", Decimal("41.90"), D(2026, 5, 1)),
        ("reversal:R-1:credit", Decimal("18.28"), D(2026, 5, 1)),
    ]
    payment.refresh_from_db()
    assert payment.is_reversed and payment.reversed_by == staff.superintendent
    assert balance(account=account) == Decimal("81.72") and unapplied_credit(account) == 0
    # the next payment settles the bills again from the oldest
    take(account, staff.clerk, "5.00", "R-2")
    assert parts("R-2") == [(f"bill:{older.pk}:penalty", "3.62"), (f"bill:{older.pk}:charge", "1.38")]


def test_a_credit_pays_the_next_bill_when_it_is_posted_and_a_reversal_takes_it_back(
    make_account: Any, staff: Any
) -> None:
    """$30.00 against a $10.00 bill leaves $20.00 of credit; posting the autumn bill of $24.00 applies it on
    the bill date, so the bill's own balance (which the late penalty reads) is $4.00."""
    from sewerworks.billing.actions import do_apply_credit, do_post_period, do_review_period
    from sewerworks.billing.engine.run import run_drafts
    from sewerworks.billing.models import Bill

    account = make_account(meters=[(1_000, 9_000)])
    posted_bill(account, do_open_period(D(2026, 3, 31), acting_user=staff.clerk), "10.00")
    payment = take(account, staff.clerk, "30.00", "R-1").payment
    autumn = do_open_period(D(2026, 9, 30), acting_user=staff.clerk)
    run_drafts(autumn, acting_user=staff.clerk)
    do_review_period(autumn, acting_user=staff.superintendent)
    do_post_period(autumn, acting_user=staff.superintendent)
    new = Bill.objects.get(period=autumn)
    applied = LedgerEntry.objects.filter(source_key__startswith="credit:R-1:1:").order_by("id")
    assert [(e.source_key, e.amount, e.posted_on, e.bill) for e in applied] == [
        (f"credit:R-1:1:bill:{new.pk}:charge", Decimal("-20.00"), D(2026, 10, 10), new),
        ("credit:R-1:1:applied", Decimal("20.00"), D(2026, 10, 10), None),
    ]
    on_penalty_day = LedgerEntry.objects.filter(bill=new, posted_on__lte=D(2026, 11, 9))
    assert sum((e.amount for e in on_penalty_day), Decimal(0)) == Decimal("4.00")
    assert unapplied_credit(account) == 0 and balance(account=account) == Decimal("4.00")
    assert do_apply_credit(account, acting_user=staff.clerk) == 0  # nothing left to apply
    do_reverse_payment(payment, acting_user=staff.superintendent, reason="Check returned")
    assert balance(account=account) == Decimal("34.00") and unapplied_credit(account) == 0
    owed = {o.bill: o for o in bills_owed(account, on=D(2026, 12, 1))}
    assert owed[new].balance == Decimal("24.00")


def test_the_clerk_applies_a_credit_by_hand_once(two_bills: Any, staff: Any) -> None:
    from sewerworks.billing.actions import do_apply_credit

    account, older, newer = two_bills
    take(account, staff.clerk, "100.00", "R-1")  # $18.28 of credit
    later = posted_bill(account, do_open_period(D(2026, 9, 30), acting_user=staff.clerk), "24.00")
    with pytest.raises(PermissionDenied):
        do_apply_credit(account, acting_user=staff.clerk.__class__.objects.create_user("nobody"))
    assert do_apply_credit(account, acting_user=staff.clerk, on=D(2026, 10, 20)) == 2
    assert do_apply_credit(account, acting_user=staff.clerk, on=D(2026, 10, 20)) == 0
    owed = {o.bill: o for o in bills_owed(account, on=D(2026, 12, 1))}
    assert owed[later].balance == Decimal("5.72") and unapplied_credit(account) == 0
