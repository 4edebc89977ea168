"""Two clerks at once (threads, each its own database connection): the same receipt entered at the same
moment is one payment; payments on one account taken while the period posts are each allocated once
against what the others left owing, and nothing is lost or doubled."""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest
from django.db import connection

from sewerworks.billing.actions import do_open_period, do_post_period, do_review_period, do_take_payment
from sewerworks.billing.engine.run import run_drafts
from sewerworks.billing.models import Bill, LedgerEntry, Payment
from sewerworks.billing.tests.ledger_factory import penalty, posted_bill
from sewerworks.billing.tests.test_payment_interleavings import check_the_books

pytestmark = pytest.mark.django_db(transaction=True)
D = dt.date


def at_once(*jobs: Callable[[], Any]) -> list[Any]:
    """Run the jobs in threads released together; their results (or exceptions) in order."""
    results: list[Any] = [None] * len(jobs)
    barrier = threading.Barrier(len(jobs))

    def run(i: int) -> None:
        try:
            barrier.wait(timeout=20)
            results[i] = jobs[i]()
        except Exception as exc:  # noqa: BLE001 - reported by the caller
            results[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    return results


def test_the_same_receipt_entered_by_four_clerks_at_once_is_one_payment(make_account: Any, staff: Any) -> None:
    account = make_account()
    posted_bill(account, do_open_period(D(2026, 3, 31), acting_user=staff.clerk), "41.90")

    def take() -> Any:
        return do_take_payment(
            account,
            amount="20.00",
            method="cash",
            receipt_number="T-1",
            received_on=D(2026, 5, 1),
            acting_user=staff.clerk,
        )

    results = at_once(take, take, take, take)
    assert not [r for r in results if isinstance(r, Exception)], results
    assert sorted(r.created for r in results) == [False, False, False, True]
    assert len({r.payment.pk for r in results}) == 1
    assert Payment.objects.count() == 1 and LedgerEntry.objects.filter(kind="payment").count() == 1
    check_the_books([account])


def test_payments_taken_while_the_period_posts_are_each_allocated_once(make_account: Any, staff: Any) -> None:
    account = make_account(meters=[(1_000, 9_000)])
    spring = do_open_period(D(2026, 3, 31), acting_user=staff.clerk)
    old = posted_bill(account, spring, "41.90")
    penalty(old, "4.19", D(2026, 5, 12))
    autumn = do_open_period(D(2026, 9, 30), acting_user=staff.clerk)
    run_drafts(autumn, acting_user=staff.clerk)
    do_review_period(autumn, acting_user=staff.superintendent)

    def pay(n: int) -> Callable[[], Any]:
        return lambda: do_take_payment(
            account,
            amount="12.00",
            method="check",
            reference=str(100 + n),
            receipt_number=f"P-{n}",
            received_on=D(2026, 11, 2),
            acting_user=staff.clerk,
        )

    results = at_once(pay(1), pay(2), pay(3), pay(4), lambda: do_post_period(autumn, acting_user=staff.superintendent))
    assert not [r for r in results if isinstance(r, Exception)], results
    assert Bill.objects.get(period=autumn).status == "posted"
    assert Payment.objects.count() == 4
    paid = LedgerEntry.objects.filter(kind="payment")
    assert sum((e.amount for e in paid), Decimal(0)) == Decimal("-48.00")
    # oldest first whatever the order: the spring bill and its penalty, $46.09, are settled in full
    assert sum((e.amount for e in paid.filter(bill=old)), Decimal(0)) == Decimal("-46.09")
    check_the_books([account])
