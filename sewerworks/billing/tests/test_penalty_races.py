"""Late penalties against every interleaving (§118-53, I-25): two sweeps at once add each penalty once,
and for any payments around the penalty date the penalty is there if and only if the bill owed anything
at the end of that day, once, with every balance the sum of its entries."""

from __future__ import annotations

import datetime as dt
import threading
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import pytest
from django.db import connection
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from sewerworks.billing.ledger.balances import balance
from sewerworks.billing.models import LedgerEntry
from sewerworks.billing.tests.ledger_helpers import owed_at_end_of, pay, penalties, posted_bill
from sewerworks.core.determinations.run import run_determination
from sewerworks.enforcement.actions import do_sweep

D = dt.date
PENALTY_DATE = D(2026, 2, 9)  # of a bill dated 2026-01-10, due 2026-01-31 (I-25)


@pytest.mark.django_db(transaction=True)
def test_two_sweeps_at_once_add_each_penalty_once() -> None:
    bills = [posted_bill(amount) for amount in ("57.30", "10.00", "0.05", "123.45")]
    pay(bills[1], D(2026, 2, 9), "10.00")
    results: list[object] = []
    barrier = threading.Barrier(2)

    def run() -> None:
        try:
            barrier.wait(timeout=10)
            results.append(do_sweep(D(2026, 2, 10)).changes)
        except Exception as exc:  # noqa: BLE001 - reported below
            results.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not [r for r in results if isinstance(r, Exception)], results
    assert sorted(results, key=len) == [{}, {"late_penalties": 3}]
    assert sorted(p[1] for p in penalties()) == [Decimal("0.01"), Decimal("5.73"), Decimal("12.35")]
    assert LedgerEntry.objects.filter(kind="penalty").values("bill").distinct().count() == 3


# A payment: (days from the penalty date, cents, recorded before the day's sweep or after it).
payments = st.lists(
    st.tuples(st.integers(min_value=-9, max_value=6), st.integers(min_value=1, max_value=6_000), st.booleans()),
    max_size=4,
)


class TestPenaltyIsOnceAndOnlyWhenOwed(TestCase):
    @settings(max_examples=30)
    @given(
        amount_cents=st.integers(min_value=1, max_value=20_000),
        paid=payments,
        sweep_days=st.sets(st.integers(min_value=-3, max_value=6), max_size=4),
    )
    def test_for_any_payments_and_sweeps_the_penalty_is_there_iff_something_was_owed_at_the_end_of_the_day(
        self, amount_cents: int, paid: list[tuple[int, int, bool]], sweep_days: set[int]
    ) -> None:
        amount = Decimal(amount_cents) / 100
        bill = posted_bill(amount)
        # Time runs day by day: a payment is recorded on the day it is made, before or after that day's sweep.
        for day in sorted({d for d, _, _ in paid} | sweep_days):
            on = PENALTY_DATE + dt.timedelta(days=day)
            for d, cents, before in paid:
                if d == day and before:
                    pay(bill, on, Decimal(cents) / 100)
            if day in sweep_days:
                do_sweep(on)
            for d, cents, before in paid:
                if d == day and not before:
                    pay(bill, on, Decimal(cents) / 100)
        do_sweep(D(2026, 3, 1))
        do_sweep(D(2026, 3, 1))
        do_sweep(D(2026, 2, 1))  # a past "as of" lowers nothing

        owed_then = owed_at_end_of(bill, PENALTY_DATE)
        expected = (amount / 10).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
        found = penalties(bill)
        if owed_then > 0 and expected > 0:
            assert found == [(bill.pk, expected, PENALTY_DATE + dt.timedelta(days=1), f"penalty:bill:{bill.pk}")]
        else:
            assert found == []
        entries = LedgerEntry.objects.filter(account=bill.account)
        assert balance(account=bill.account) == sum((e.amount for e in entries), Decimal("0.00"))
        assert balance(account=bill.account) == amount + sum((p[1] for p in found), Decimal(0)) - sum(
            (Decimal(c) / 100 for _, c, _ in paid), Decimal(0)
        )
        facts: dict[str, Any] = {"bill_date": "2026-01-10", "due_date": "2026-01-31", "amount": str(amount)}
        facts["payments"] = [
            {"paid_on": (PENALTY_DATE + dt.timedelta(days=d)).isoformat(), "amount": str(Decimal(c) / 100)}
            for d, c, _ in paid
        ]
        decision = run_determination("late-penalty", facts, as_of=D(2026, 3, 1))
        assert [a.value for a in decision.amounts if a.key == "penalty" and a.value > 0] == [p[1] for p in found]
