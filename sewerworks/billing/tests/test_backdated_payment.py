"""A payment entered after a payment received later than it (§118-53, I-116): with the bills settled in the
order received, the backdated payment settles what was owed on its day, what the later receipt paid goes
back to its credit and is applied again after it, and a late penalty its day proves undue is withdrawn
(I-97). The Board may read it the other way (``entered_order``): the backdated payment then settles what
the later one left."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.db.models import Sum

from sewerworks.billing.actions import do_reverse_payment, do_take_payment
from sewerworks.billing.ledger.owed import bills_owed, unapplied_credit
from sewerworks.billing.ledger.receipts import settled_by
from sewerworks.billing.models import Bill, LedgerEntry, Payment
from sewerworks.billing.tests.ledger_helpers import owed, owed_at_end_of, penalties, posted_bill
from sewerworks.core.models import BoardResolution, ParameterOverride
from sewerworks.enforcement.actions import do_sweep

pytestmark = pytest.mark.django_db
D = dt.date
SWEPT = D(2026, 2, 10)  # the bill of 2026-01-10, due 2026-01-31, $57.30: penalty date 2026-02-09 (I-25)


def standing(bill: Bill) -> Decimal:
    return sum((p[1] for p in penalties(bill)), Decimal("0.00"))


def take(bill: Bill, user: Any, amount: str, receipt: str, on: dt.date) -> Any:
    return do_take_payment(
        bill.account,
        amount=amount,
        method="check",
        reference=f"check {receipt}",
        receipt_number=receipt,
        acting_user=user,
        received_on=on,
    ).payment


def ledger_total(bill: Bill) -> Decimal:
    """What the account owes less its credit: the sum of every entry of the account."""
    return LedgerEntry.objects.filter(account=bill.account).aggregate(t=Sum("amount"))["t"]


def read_in_entered_order(on: dt.date) -> None:
    resolution = BoardResolution.objects.create(
        instrument="Res. 2026-12", adopted_on=on, title="Payments settle in the order entered"
    )
    ParameterOverride.objects.create(
        resolution=resolution, key="charges.backdated_payment_settles", effective=on, value="entered_order"
    )


def test_a_check_received_before_the_penalty_date_entered_after_a_later_payment_withdraws_the_penalty(
    staff: Any,
) -> None:
    bill = posted_bill("57.30")
    do_sweep(SWEPT)
    later = take(bill, staff.clerk, "63.03", "R-20", D(2026, 2, 20))  # pays the penalty and the charge
    assert standing(bill) == Decimal("5.73") and owed(bill) == 0
    take(bill, staff.clerk, "57.30", "R-05", D(2026, 2, 5))  # received on the 5th, entered after
    assert owed_at_end_of(bill, D(2026, 2, 9)) == 0  # paid in full by the end of the penalty date
    assert standing(bill) == 0 and owed(bill) == 0  # the penalty was undue (I-97)
    assert unapplied_credit(bill.account) == Decimal("63.03")  # the later receipt is the account's credit
    backdated = LedgerEntry.objects.get(source_key=f"payment:R-05:bill:{bill.pk}:charge")
    assert (backdated.amount, backdated.posted_on) == (Decimal("-57.30"), D(2026, 2, 5))
    released = LedgerEntry.objects.filter(source_key__startswith="payment:R-20:released-").order_by("source_key")
    assert [(e.source_key, e.amount, e.posted_on) for e in released] == [
        (f"payment:R-20:released-1:bill:{bill.pk}:charge", Decimal("57.30"), later.received_on),
        ("payment:R-20:released-1:credit", Decimal("-57.30"), later.received_on),
        (f"payment:R-20:released-2:bill:{bill.pk}:penalty", Decimal("5.73"), later.received_on),
        ("payment:R-20:released-2:credit", Decimal("-5.73"), later.received_on),
    ]
    assert ledger_total(bill) == Decimal("-63.03")  # 57.30 + 5.73 - 5.73 - 57.30 - 63.03
    shown = [(s["part"], s["amount"]) for s in settled_by(later)]  # the later receipt, netted
    assert shown == [("credit", Decimal("63.03"))]
    on_time = Payment.objects.get(receipt_number="R-05")
    assert [(s["part"], s["amount"]) for s in settled_by(on_time)] == [("charge", Decimal("57.30"))]


def test_the_released_credit_is_applied_again_to_what_is_still_owed_on_its_own_day(staff: Any) -> None:
    january = posted_bill("57.30")
    july = posted_bill("40.00", bill_date=D(2026, 7, 10), due_date=D(2026, 7, 31), account=january.account)
    take(january, staff.clerk, "97.30", "R-0801", D(2026, 8, 1))  # both bills, oldest first (I-63)
    take(january, staff.clerk, "57.30", "R-0120", D(2026, 1, 20))  # the January check, entered late
    assert owed(january) == 0 and owed(july) == 0
    applied = LedgerEntry.objects.filter(source_key__startswith="credit:R-0801:", bill__isnull=False)
    assert {(e.bill_id, e.amount, e.posted_on) for e in applied} == {(july.pk, Decimal("-40.00"), D(2026, 8, 1))}
    assert unapplied_credit(january.account) == Decimal("57.30")
    assert [b.balance for b in bills_owed(january.account, on=D(2026, 8, 1))] == [0, 0]


def test_a_payment_received_after_every_other_releases_nothing(staff: Any) -> None:
    bill = posted_bill("57.30")
    take(bill, staff.clerk, "20.00", "R-1", D(2026, 1, 20))
    take(bill, staff.clerk, "37.30", "R-2", D(2026, 1, 25))
    assert not LedgerEntry.objects.filter(source_key__contains=":released-").exists()
    assert owed(bill) == 0 and unapplied_credit(bill.account) == 0


def test_two_checks_of_the_same_day_in_either_order_release_nothing(staff: Any) -> None:
    bill = posted_bill("57.30")
    take(bill, staff.clerk, "30.00", "R-A", D(2026, 1, 20))
    take(bill, staff.clerk, "27.30", "R-B", D(2026, 1, 20))  # the same day is not "received after"
    assert not LedgerEntry.objects.filter(source_key__contains=":released-").exists() and owed(bill) == 0


def test_a_returned_later_check_takes_back_its_release_and_leaves_the_backdated_payment(staff: Any) -> None:
    bill = posted_bill("57.30")
    do_sweep(SWEPT)
    later = take(bill, staff.clerk, "63.03", "R-20", D(2026, 2, 20))
    take(bill, staff.clerk, "57.30", "R-05", D(2026, 2, 5))
    do_reverse_payment(later, acting_user=staff.superintendent, reason="check returned: insufficient funds")
    assert owed(bill) == 0 and standing(bill) == 0  # the check of the 5th paid it by the penalty date
    assert unapplied_credit(bill.account) == 0
    assert ledger_total(bill) == 0


def test_a_second_backdated_payment_releases_only_what_is_left_and_the_ledger_stays_balanced(staff: Any) -> None:
    bill = posted_bill("57.30")
    do_sweep(SWEPT)
    take(bill, staff.clerk, "63.03", "R-20", D(2026, 2, 20))
    take(bill, staff.clerk, "30.00", "R-07", D(2026, 2, 7))
    assert standing(bill) == Decimal("5.73")  # 27.30 still owed at the end of the penalty date
    take(bill, staff.clerk, "27.30", "R-03", D(2026, 2, 3))
    assert standing(bill) == 0 and owed(bill) == 0
    assert owed_at_end_of(bill, D(2026, 2, 9)) == 0
    assert unapplied_credit(bill.account) == Decimal("63.03")
    assert ledger_total(bill) == Decimal("-63.03")
    keys = LedgerEntry.objects.values_list("source_key", flat=True)
    assert len(keys) == len(set(keys))


def test_read_in_entered_order_a_backdated_payment_settles_only_what_the_later_one_left(staff: Any) -> None:
    read_in_entered_order(D(2026, 1, 1))
    bill = posted_bill("57.30")
    do_sweep(SWEPT)
    take(bill, staff.clerk, "63.03", "R-20", D(2026, 2, 20))
    take(bill, staff.clerk, "57.30", "R-05", D(2026, 2, 5))
    assert standing(bill) == Decimal("5.73")  # the charge was paid by the later receipt: the penalty stands
    assert unapplied_credit(bill.account) == Decimal("57.30")
    assert not LedgerEntry.objects.filter(source_key__contains=":released-").exists()


def test_the_reading_in_force_on_the_day_received_decides(staff: Any) -> None:
    read_in_entered_order(D(2026, 2, 6))  # from the 6th: entered order
    bill = posted_bill("57.30")
    do_sweep(SWEPT)
    take(bill, staff.clerk, "63.03", "R-20", D(2026, 2, 20))
    take(bill, staff.clerk, "57.30", "R-05", D(2026, 2, 5))  # received the day before: received order
    assert standing(bill) == 0 and unapplied_credit(bill.account) == Decimal("63.03")


def test_a_reading_that_is_neither_order_refuses_the_payment_by_name_and_writes_nothing(staff: Any) -> None:
    resolution = BoardResolution.objects.create(
        instrument="Res. 2026-13", adopted_on=D(2026, 1, 1), title="A mistyped reading"
    )
    ParameterOverride.objects.create(
        resolution=resolution, key="charges.backdated_payment_settles", effective=D(2026, 1, 1), value="newest_first"
    )
    bill = posted_bill("57.30")
    before = LedgerEntry.objects.count()
    with pytest.raises(ValidationError) as refused:
        take(bill, staff.clerk, "57.30", "R-9", D(2026, 1, 20))
    assert "charges.backdated_payment_settles 'newest_first' is neither" in refused.value.message_dict["received_on"][0]
    assert LedgerEntry.objects.count() == before and not Payment.objects.filter(receipt_number="R-9").exists()
