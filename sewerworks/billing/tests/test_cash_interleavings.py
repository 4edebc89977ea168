"""Nothing lost, nothing doubled at the clerk's counter (§118-53, I-126..I-128): whatever the order of payments,
reversals, adjustments, refunds, deposit closes and month closes, every cent received is deposited once (and its
reversal once), every deposit equals the sum of its items, every fund's month equals its deposits, no bill part
is paid beyond what it charges, and every fund's revenue adds up from what was owed to what is owed."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import Group, User
from django.core.exceptions import ValidationError
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from sewerworks.billing import actions as a
from sewerworks.billing.cash.deposits import pending
from sewerworks.billing.cash.turnover import month_view
from sewerworks.billing.ledger.balances import balance
from sewerworks.billing.ledger.owed import bills_owed
from sewerworks.billing.models import Adjustment, Bill, BillingPeriod, Deposit, DepositItem, LedgerEntry, Payment
from sewerworks.billing.review.revenue import revenue
from sewerworks.billing.tests.ledger_factory import penalty, posted_bill
from sewerworks.core.money import MoneySum
from sewerworks.registry.models import SewerAccount
from sewerworks.registry.tests import factories as f

D = dt.date
DAYS = [D(2026, 11, 24), D(2026, 11, 25), D(2026, 11, 27), D(2026, 11, 30)]
cents = st.integers(min_value=1, max_value=9_000)
step = st.one_of(
    st.tuples(st.just("pay"), st.integers(0, 2), cents, st.sampled_from(["cash", "check", "card"]), st.integers(0, 4)),
    st.tuples(st.just("reverse"), st.integers(0, 9)),
    st.tuples(st.just("adjust"), st.integers(0, 2), st.sampled_from(["charge", "penalty"]), st.integers(-600, 400)),
    st.tuples(st.just("approve"), st.integers(0, 5)),
    st.tuples(st.just("refund"), st.integers(0, 2), cents),
    st.tuples(st.just("close")),
    st.tuples(st.just("month")),
)


def _user(name: str, role: str) -> User:
    user = User.objects.create_user(name)
    user.groups.add(Group.objects.get_or_create(name=role)[0])
    return user


class CashInterleavings(TestCase):
    @settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.lists(step, min_size=1, max_size=14))
    def test_no_interleaving_loses_or_doubles_a_cent(self, steps: list[tuple[Any, ...]]) -> None:
        clerk, sup = _user("clerk-c", "clerk"), _user("sup-c", "superintendent")
        marl, milton = f.area(), f.area("milton", "Hamlet of Milton")
        accounts = []
        for i, area in enumerate((marl, marl, milton)):
            parcel = f.parcel(f"108.{i + 1}-1-1", street_number=str(i + 1), improvement_area=area, dx=100 + 150 * i)
            accounts.append(SewerAccount.objects.create(account_number=f"C-{i}", parcel=parcel))
        period = a.do_open_period(D(2026, 9, 30), acting_user=clerk)
        bills = [posted_bill(acct, period, f"{40 + 15 * i}.00") for i, acct in enumerate(accounts)]
        penalty(bills[0], "4.00", D(2026, 11, 10))
        today = timezone.localdate()
        days = [*DAYS, today]
        closed_days: list[dt.date] = []
        for n, s in enumerate(steps):
            try:
                self._do(s, n, accounts, bills, days, closed_days, clerk, sup, today)
            except ValidationError:
                pass  # refused with its rule: nothing written, which the invariants below check
            self._check(accounts, bills, period, today)

    def _do(
        self,
        s: tuple[Any, ...],
        n: int,
        accounts: list[Any],
        bills: list[Bill],
        days: list[dt.date],
        closed: list[dt.date],
        clerk: Any,
        sup: Any,
        today: dt.date,
    ) -> None:
        kind = s[0]
        if kind == "pay":
            _, i, amount, method, day = s
            ref = "" if method == "cash" else f"{n:04d}"
            a.do_take_payment(
                accounts[i],
                amount=Decimal(amount).scaleb(-2),
                method=method,
                reference=ref,
                receipt_number=f"R{n}",
                received_on=days[day],
                acting_user=clerk,
            )
        elif kind == "reverse":
            payments = list(Payment.objects.order_by("pk"))
            if payments:
                payment = payments[s[1] % len(payments)]
                bank = a.BankReturn("RT", "NSF") if payment.method == "check" else None
                a.do_reverse_payment(payment, acting_user=sup, reason="returned", returned=bank)
        elif kind == "adjust":
            _, i, part, amount = s
            if amount:
                a.do_make_adjustment(
                    bills[i],
                    part=part,
                    amount=Decimal(amount).scaleb(-2),
                    reason="other",
                    explanation="Hypothesis says so",
                    acting_user=clerk,
                )
        elif kind == "approve":
            waiting = list(Adjustment.objects.filter(status="pending").order_by("pk"))
            if waiting:
                a.do_approve_adjustment(waiting[s[1] % len(waiting)], acting_user=sup)
        elif kind == "refund":
            refund = a.do_authorise_refund(accounts[s[1]], amount=Decimal(s[2]).scaleb(-2), payee="P", acting_user=sup)
            a.do_record_refund_audit(refund, audited_on=None, claim_number=f"C{n}", abstract="", acting_user=clerk)
            a.do_record_refund_paid(refund, paid_on=None, supervisor_check=f"S{n}", acting_user=clerk)
        elif kind == "close":
            day = next((d for d in days if not closed or d > closed[-1]), None)
            if day is not None:
                waiting = pending(day)
                cash = sum((ln.amount for ln in waiting if ln.method == "cash"), Decimal(0))
                closed.append(day)  # tried: a day with nothing waiting is refused and skipped
                a.do_close_deposit(
                    day,
                    cash_counted=max(cash, Decimal(0)),
                    acting_user=clerk,
                    difference_reason="" if cash >= 0 else "a reversal of cash",
                )
        elif kind == "month":
            a.do_close_month(D(2026, 11, 1), acting_user=clerk)

    def _check(self, accounts: list[Any], bills: list[Bill], period: BillingPeriod, today: dt.date) -> None:
        # every deposit equals the sum of its items
        for deposit in Deposit.objects.all():
            assert deposit.total == deposit.items.aggregate(t=MoneySum("amount"))["t"], deposit
        # every cent received is deposited once or waits for a deposit; every reversal likewise
        received = Payment.objects.aggregate(t=MoneySum("amount"))["t"]
        undone = Payment.objects.filter(reversed_on__isnull=False).aggregate(t=MoneySum("amount"))["t"]
        deposited = DepositItem.objects.aggregate(t=MoneySum("amount"))["t"]
        assert deposited + sum((ln.amount for ln in pending(today)), Decimal(0)) == received - undone
        # every fund's month equals its deposits
        view = month_view(D(2026, 11, 1))
        per_fund: dict[int | None, Decimal] = defaultdict(Decimal)
        for item in DepositItem.objects.filter(deposit__day__month=11, deposit__day__year=2026):
            per_fund[item.fund_id] += item.amount
        assert {fund.id: t.amount for fund, t in view.by_fund} == {k: v for k, v in per_fund.items()}
        if view.closed:
            assert {ln.fund_id: ln.amount for ln in view.closed.lines.all()} == dict(per_fund)
        # no bill part is paid beyond what it charges; balances are the sums of their entries
        for account in accounts:
            for owed in bills_owed(account, on=today):
                assert owed.paid_charge <= owed.charged and owed.paid_penalty <= owed.penalty, owed
                assert owed.charged >= 0 and owed.penalty >= 0, owed
            entries = LedgerEntry.objects.filter(account=account).aggregate(t=MoneySum("amount"))["t"]
            assert balance(account=account) == entries
        # each receipt's entries add up to it, and its reversal to it again
        for payment in Payment.objects.all():
            mine = LedgerEntry.objects.filter(source_key__startswith=f"payment:{payment.receipt_number}:")
            assert mine.aggregate(t=MoneySum("amount"))["t"] == -payment.amount
        # every fund's revenue adds up, and the funds add up to the whole ledger
        report = revenue(D(2026, 1, 1), today)
        assert all(row.balanced for row in report.rows) and report.total.balanced
        assert report.total.owed_end == LedgerEntry.objects.aggregate(t=MoneySum("amount"))["t"]
