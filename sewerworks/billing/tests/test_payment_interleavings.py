"""Nothing lost, nothing doubled (§118-53): whatever the order of payments, repeated receipts, reversals,
penalties, bill runs and postings, each receipt is one payment whose entries add up to it, no bill is
paid beyond what it owes, and every balance is the sum of its entries."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import Group, User
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from sewerworks.billing.actions import (
    do_open_period,
    do_post_period,
    do_reverse_payment,
    do_review_period,
    do_take_payment,
)
from sewerworks.billing.engine.run import run_drafts
from sewerworks.billing.ledger.balances import balance
from sewerworks.billing.ledger.owed import bills_owed
from sewerworks.billing.models import Bill, LedgerEntry, Payment
from sewerworks.billing.tests.ledger_factory import penalty, posted_bill
from sewerworks.core.money import MoneySum
from sewerworks.registry.models import MeterRead, SewerAccount
from sewerworks.registry.tests import factories as f

D = dt.date
DAYS = [D(2026, 4, 20), D(2026, 5, 5), D(2026, 5, 12), D(2026, 10, 20), D(2026, 11, 15)]
cents = st.integers(min_value=1, max_value=12_000)
pay_step = st.tuples(st.just("pay"), st.integers(0, 7), cents, st.sampled_from(DAYS))
step = st.one_of(
    pay_step,
    st.tuples(st.just("repeat"), st.integers(0, 7)),
    st.tuples(st.just("reverse"), st.integers(0, 7)),
    st.tuples(st.just("penalty"), st.integers(0, 1)),
    st.tuples(st.just("run")),
    st.tuples(st.just("review")),
    st.tuples(st.just("post")),
)


def staff() -> tuple[User, User]:
    clerk = User.objects.create_user("clerk-h")
    clerk.groups.add(Group.objects.get_or_create(name="clerk")[0])
    sup = User.objects.create_user("sup-h")
    sup.groups.add(Group.objects.get_or_create(name="superintendent")[0])
    return clerk, sup


def accounts(n: int) -> list[SewerAccount]:
    area = f.area()
    out = []
    for i in range(n):
        parcel = f.parcel(f"108.{i + 1}-1-1", street_number=str(i + 1), improvement_area=area, dx=100 + 150 * i)
        account = SewerAccount.objects.create(account_number=f"H-{i}", parcel=parcel)
        meter = account.meters.create(serial=f"HM{i}", dials=7, installed_on=D(2015, 1, 1))
        MeterRead.objects.create(meter=meter, read_on=D(2026, 3, 31), reading=1_000)
        MeterRead.objects.create(meter=meter, read_on=D(2026, 9, 30), reading=1_000 + 4_000 * (i + 1))
        out.append(account)
    return out


def check_the_books(accts: list[SewerAccount]) -> None:
    """The invariants: one payment per receipt, its entries sum to it; no bill overpaid; sums agree."""
    for payment in Payment.objects.all():
        mine = LedgerEntry.objects.filter(source_key__startswith=f"payment:{payment.receipt_number}:")
        assert mine.aggregate(t=MoneySum("amount"))["t"] == -payment.amount
        undone = LedgerEntry.objects.filter(source_key__startswith=f"reversal:{payment.receipt_number}:")
        assert undone.aggregate(t=MoneySum("amount"))["t"] == (payment.amount if payment.is_reversed else 0)
    applications = LedgerEntry.objects.filter(source_key__startswith="credit:")
    for prefix in {e.source_key.rsplit(":", 1)[0].split(":bill:")[0] for e in applications}:
        assert applications.filter(source_key__startswith=f"{prefix}:").aggregate(t=MoneySum("amount"))["t"] == 0
    for account in accts:
        entries = list(LedgerEntry.objects.filter(account=account))
        assert balance(account=account) == sum((e.amount for e in entries), Decimal("0.00"))
        charged = sum((e.amount for e in entries if e.kind in ("charge", "penalty")), Decimal("0.00"))
        live = Payment.objects.filter(account=account, reversed_on__isnull=True)
        assert balance(account=account) == charged - sum((p.amount for p in live), Decimal("0.00"))
        for owed in bills_owed(account, on=D(2026, 12, 1)):
            assert owed.paid_penalty <= owed.penalty and owed.paid_charge <= owed.charged  # never overpaid
            assert owed.balance == sum((e.amount for e in entries if e.bill_id == owed.bill.pk), Decimal("0.00"))
    assert LedgerEntry.objects.filter(kind="charge").count() == Bill.objects.filter(status="posted").count()


class TestInterleavings(TestCase):
    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.lists(step, min_size=1, max_size=14))
    def test_no_order_of_payments_bill_runs_and_postings_loses_or_doubles_a_payment(self, steps: list[Any]) -> None:
        clerk, sup = staff()
        accts = accounts(2)
        spring = do_open_period(D(2026, 3, 31), acting_user=clerk)
        old = [posted_bill(a, spring, f"{30 + 7 * i}.15") for i, a in enumerate(accts)]
        autumn = do_open_period(D(2026, 9, 30), acting_user=clerk)
        taken: dict[int, tuple[SewerAccount, Decimal, dt.date]] = {}
        for s in steps:
            kind = s[0]
            if kind == "pay":
                _, n, amount, day = s
                account = accts[n % 2]
                receipt = taken.setdefault(n, (account, Decimal(amount) / 100, day))
                do_take_payment(
                    receipt[0],
                    amount=receipt[1],
                    method="cash",
                    receipt_number=f"H-{n}",
                    received_on=receipt[2],
                    acting_user=clerk,
                )
            elif kind == "repeat" and s[1] in taken:
                account, amount, day = taken[s[1]]
                again = do_take_payment(
                    account,
                    amount=amount,
                    method="cash",
                    receipt_number=f"H-{s[1]}",
                    received_on=day,
                    acting_user=clerk,
                )
                assert not again.created
            elif kind == "reverse" and s[1] in taken:
                do_reverse_payment(Payment.objects.get(receipt_number=f"H-{s[1]}"), acting_user=sup, reason="returned")
            elif kind == "penalty" and not LedgerEntry.objects.filter(kind="penalty", bill=old[s[1]]).exists():
                penalty(old[s[1]], "3.00", D(2026, 5, 12))
            elif kind == "run":
                run_drafts(autumn, acting_user=clerk)
            elif kind == "review" and autumn.bills.exists() and autumn.status == "draft":
                do_review_period(autumn, acting_user=sup)
            elif kind == "post":
                autumn.refresh_from_db()
                if autumn.status == "reviewed":
                    do_post_period(autumn, acting_user=sup)
            autumn.refresh_from_db()
            check_the_books(accts)
        assert Payment.objects.count() == len(taken)


class TestAllocationSums(TestCase):
    @settings(max_examples=40, deadline=None)
    @given(
        st.lists(st.integers(min_value=1, max_value=20_000), min_size=1, max_size=3),
        st.lists(st.integers(min_value=0, max_value=2_000), min_size=3, max_size=3),
        st.lists(cents, min_size=1, max_size=5),
    )
    def test_a_balance_is_always_the_sum_of_its_entries_and_the_oldest_is_paid_first(
        self, bills: list[int], penalties: list[int], payments: list[int]
    ) -> None:
        clerk, _ = staff()
        (account,) = accounts(1)
        ends = [D(2025, 3, 31), D(2025, 9, 30), D(2026, 3, 31)]
        made = []
        for i, total in enumerate(bills):
            bill = posted_bill(account, do_open_period(ends[i], acting_user=clerk), str(Decimal(total) / 100))
            if penalties[i]:
                penalty(bill, str(Decimal(penalties[i]) / 100), bill.period.due_date + dt.timedelta(days=12))
            made.append(bill)
        owed_before = sum(bills) + sum(p for i, p in enumerate(penalties) if i < len(bills) and p)
        for n, amount in enumerate(payments):
            do_take_payment(
                account,
                amount=Decimal(amount) / 100,
                method="cash",
                receipt_number=f"A-{n}",
                received_on=D(2026, 11, 1),
                acting_user=clerk,
            )
        check_the_books([account])
        paid = sum(payments)
        assert balance(account=account) == Decimal(owed_before - paid) / 100
        # oldest first: a later bill has something paid only if every earlier one is settled
        owed = bills_owed(account, on=D(2026, 11, 1))
        for earlier, later in zip(owed, owed[1:], strict=False):
            if later.paid > 0:
                assert earlier.balance == 0
            if earlier.paid_charge > 0:
                assert earlier.penalty_due == 0  # its penalty before its charge
