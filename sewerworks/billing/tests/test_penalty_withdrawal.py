"""A payment received on or before the penalty date but recorded after the sweep penalised the bill
(§118-53, I-25, I-65; I-97): the penalty its received date proves undue is withdrawn by an entry of its
own (the ledger is append-only), once; a partial payment that leaves anything owed leaves it; a reversal
of the payment puts it back; a payment and a sweep at once end the same as one after the other."""

from __future__ import annotations

import datetime as dt
import threading
from decimal import Decimal
from typing import Any

import pytest
from django.db import connection

from sewerworks.billing.actions import do_reverse_payment, do_take_payment
from sewerworks.billing.ledger.owed import bills_owed, unapplied_credit
from sewerworks.billing.models import Bill, LedgerEntry, Payment
from sewerworks.billing.penalties.sweep import figures
from sewerworks.billing.tests.ledger_helpers import owed, penalties, posted_bill
from sewerworks.core.models import AuditEvent
from sewerworks.enforcement.actions import do_sweep

D = dt.date
PENALTY_DATE = D(2026, 2, 9)  # of a bill dated 2026-01-10, due 2026-01-31, $57.30 (the I-25 example)
SWEPT = D(2026, 2, 10)


def standing(bill: Bill) -> Decimal:
    """The bill's late penalty as the ledger now has it: its penalty entries summed."""
    return sum((p[1] for p in penalties(bill)), Decimal("0.00"))


def take(bill: Bill, user: Any, amount: str, receipt: str, on: dt.date = PENALTY_DATE) -> Any:
    return do_take_payment(
        bill.account, amount=amount, method="cash", receipt_number=receipt, acting_user=user, received_on=on
    )


@pytest.mark.django_db
def test_paid_in_full_on_the_penalty_date_but_entered_after_the_sweep_withdraws_the_penalty_once(staff: Any) -> None:
    bill = posted_bill("57.30")
    do_sweep(SWEPT)
    assert standing(bill) == Decimal("5.73")
    take(bill, staff.clerk, "57.30", "R-1")  # received on the penalty date, entered on a later day
    assert standing(bill) == 0 and owed(bill) == 0
    withdrawn = LedgerEntry.objects.get(source_key=f"penalty-withdrawn:bill:{bill.pk}:1")
    assert (withdrawn.kind, withdrawn.amount, withdrawn.posted_on) == ("penalty", Decimal("-5.73"), SWEPT)
    assert AuditEvent.objects.filter(action="settle_penalties", rows=1, run="payment:R-1").exists()
    take(bill, staff.clerk, "57.30", "R-1")  # the same receipt again: nothing more
    do_sweep(SWEPT)
    do_sweep(D(2026, 3, 1))  # later sweeps add the penalty no more
    assert len(penalties(bill)) == 2 and standing(bill) == 0
    assert figures()["penalised_count"] == 0


@pytest.mark.django_db
def test_a_partial_payment_on_the_penalty_date_leaves_the_penalty_it_does_not_prove_undue(staff: Any) -> None:
    bill = posted_bill("57.30")
    do_sweep(SWEPT)
    take(bill, staff.clerk, "57.29", "R-2")  # one cent left at the end of the penalty date (I-25)
    assert standing(bill) == Decimal("5.73") and owed(bill) == Decimal("5.74")
    assert figures()["penalised_count"] == 1


@pytest.mark.django_db
def test_a_payment_received_the_day_after_the_penalty_date_pays_the_penalty_and_withdraws_nothing(
    staff: Any,
) -> None:
    bill = posted_bill("57.30")
    do_sweep(SWEPT)
    take(bill, staff.clerk, "63.03", "R-3", on=SWEPT)
    assert standing(bill) == Decimal("5.73") and owed(bill) == 0


@pytest.mark.django_db
def test_a_returned_check_puts_back_the_penalty_its_payment_had_withdrawn(staff: Any) -> None:
    bill = posted_bill("57.30")
    do_sweep(SWEPT)
    taken = take(bill, staff.clerk, "57.30", "R-4")
    assert standing(bill) == 0
    do_reverse_payment(taken.payment, acting_user=staff.superintendent, reason="check returned")
    assert standing(bill) == Decimal("5.73") and owed(bill) == Decimal("63.03")
    assert LedgerEntry.objects.filter(source_key=f"penalty-restored:bill:{bill.pk}:1").exists()
    take(bill, staff.clerk, "57.30", "R-5")  # paid again, in cash, received on the penalty date
    assert standing(bill) == 0 and owed(bill) == 0
    assert LedgerEntry.objects.filter(source_key=f"penalty-withdrawn:bill:{bill.pk}:2").exists()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("payment_first", [True, False])
def test_a_payment_received_on_the_penalty_date_and_a_sweep_at_once_leave_no_penalty(
    staff: Any, payment_first: bool
) -> None:
    """On PostgreSQL the payment waits for a running sweep (and a sweep for a payment being written), so
    neither decides on a ledger without the other's rows; SQLite's writers queue anyway."""
    bill = posted_bill("57.30")
    user = staff.clerk
    results: list[object] = []
    barrier = threading.Barrier(2)

    def run(work: Any) -> None:
        try:
            barrier.wait(timeout=10)
            results.append(work())
        except Exception as exc:  # noqa: BLE001 - reported below
            results.append(exc)
        finally:
            connection.close()

    jobs = [lambda: take(bill, user, "57.30", "R-6"), lambda: do_sweep(SWEPT)]
    threads = [threading.Thread(target=run, args=(job,)) for job in (jobs if payment_first else jobs[::-1])]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not [r for r in results if isinstance(r, Exception)], results
    assert standing(bill) == 0 and owed(bill) == 0


@pytest.mark.django_db
def test_a_withdrawn_penalty_already_paid_by_a_later_payment_goes_back_to_that_payment_as_credit(staff: Any) -> None:
    """Received on the penalty date but entered after a payment received the day after, which paid the
    penalty (I-63): the $5.73 it paid toward the undue penalty becomes its credit, nothing is lost."""
    bill = posted_bill("57.30")
    do_sweep(SWEPT)
    take(bill, staff.clerk, "5.73", "R-7", on=SWEPT)  # pays the penalty
    take(bill, staff.clerk, "57.30", "R-8")  # received on the penalty date, entered later: the whole charge
    assert standing(bill) == 0 and owed(bill) == 0  # paid exactly, nothing overpaid on the bill
    assert unapplied_credit(bill.account) == Decimal("5.73")
    for owed_now in bills_owed(bill.account, on=D(2026, 12, 1)):
        assert owed_now.paid_penalty <= owed_now.penalty and owed_now.paid_charge <= owed_now.charged
    do_reverse_payment(Payment.objects.get(receipt_number="R-7"), acting_user=staff.superintendent, reason="returned")
    assert owed(bill) == 0 and standing(bill) == 0 and unapplied_credit(bill.account) == 0
