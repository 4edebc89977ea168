"""Hypothesis: across any sequence of payments, voids, rebills and late-penalty sweeps on a posted period,
an account's balance is the sum of its entries, and equals its live bill's total plus the penalties
standing less what was paid; a voided bill's own entries sum to nothing; one live bill at most."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.utils import timezone
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from sewerworks.billing.ledger.balances import balance
from sewerworks.billing.models import Bill, LedgerEntry

STEP = st.one_of(
    st.tuples(st.just("pay"), st.integers(min_value=1, max_value=4_000)),
    st.tuples(st.just("void"), st.just(0)),
    st.tuples(st.just("rebill"), st.integers(min_value=1_000, max_value=60_000)),
    st.tuples(st.just("sweep"), st.just(0)),
)


def _entries_sum(**of: Any) -> Decimal:
    return sum((e.amount for e in LedgerEntry.objects.filter(**of)), Decimal("0.00"))


class TestVoidRebillBalances(TestCase):
    @settings(max_examples=12, deadline=None)
    @given(
        first=st.integers(min_value=1_000, max_value=60_000),
        steps=st.lists(st.tuples(STEP, st.integers(min_value=0, max_value=6)), max_size=8),
    )
    def test_a_balance_is_always_the_sum_of_its_entries(self, first: int, steps: list[Any]) -> None:
        from django.contrib.auth.models import Group, User

        from sewerworks.billing.actions import do_open_period, do_post_period, do_review_period, do_take_payment
        from sewerworks.billing.corrections.void import do_rebill_account, do_void_bill
        from sewerworks.billing.engine.run import run_drafts
        from sewerworks.billing.penalties.sweep import apply_late_penalties
        from sewerworks.registry.models import MeterRead, SewerAccount
        from sewerworks.registry.tests import factories as f

        sup = User.objects.create_user("sup")
        sup.groups.add(Group.objects.get_or_create(name="superintendent")[0])
        area = f.area()
        account = SewerAccount.objects.create(account_number="A1", parcel=f.parcel(improvement_area=area))
        meter = account.meters.create(serial="M1", dials=7, installed_on=dt.date(2015, 1, 1))
        MeterRead.objects.create(meter=meter, read_on=dt.date(2026, 3, 31), reading=1_000)
        end = MeterRead.objects.create(meter=meter, read_on=dt.date(2026, 9, 30), reading=1_000 + first)
        period = do_open_period(dt.date(2026, 9, 30), acting_user=sup)
        run_drafts(period, acting_user=sup)
        do_review_period(period, acting_user=sup)
        do_post_period(period, acting_user=sup)
        day, paid = dt.date(2026, 10, 10), Decimal("0.00")
        for n, ((op, value), days) in enumerate(steps):
            day = min(day + dt.timedelta(days=days), timezone.localdate())
            live = Bill.objects.exclude(status="void").filter(account=account).first()
            if op == "pay":
                amount = Decimal(value).scaleb(-2)
                do_take_payment(account, amount=str(amount), method="cash", receipt_number=f"R-{n}",
                                acting_user=sup, received_on=day)  # fmt: skip
                paid += amount
            elif op == "void":
                try:
                    do_void_bill(Bill.objects.filter(account=account).order_by("-pk").first(), by=sup, reason="x",
                                 on=max(day, _last_void(account)))  # fmt: skip
                except ValidationError:
                    assert live is None  # refused only when the latest bill is void already
            elif op == "rebill":
                end.reading = 1_000 + value
                end.save()
                try:
                    do_rebill_account(period, account, by=sup, on=max(day, _last_void(account)))
                except ValidationError:
                    assert live is not None  # refused only while a live bill exists
            else:
                apply_late_penalties(day, run=f"sweep-{n}", now=timezone.now())
            assert balance(account=account) == _entries_sum(account=account)
            live_bills = list(Bill.objects.exclude(status="void").filter(account=account))
            assert len(live_bills) <= 1
            for voided in Bill.objects.filter(account=account, status="void"):
                assert _entries_sum(bill=voided) == 0
            standing = _entries_sum(account=account, kind="penalty")
            assert balance(account=account) == sum((b.total for b in live_bills), Decimal(0)) + standing - paid


def _last_void(account: Any) -> dt.date:
    from sewerworks.billing.models import BillVoid

    last = BillVoid.objects.filter(bill__account=account).order_by("-voided_on").first()
    return last.voided_on if last else dt.date(2026, 10, 10)
