"""Posting: a reviewed draft goes to the ledger once, keyed by its bill; posting again is a no-op, a held
bill is not posted, and a balance is always the sum of its entries (charges run with the parcel, §118-53)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from sewerworks.billing.actions import do_post_period, do_review_period
from sewerworks.billing.engine.run import run_drafts
from sewerworks.billing.ledger.balances import balance
from sewerworks.billing.models import Bill, BillingPeriod, LedgerEntry
from sewerworks.core.models import AuditEvent
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db


def test_posting_a_reviewed_period_puts_each_bill_on_the_ledger_once(
    make_account: Any, autumn: Any, staff: Any
) -> None:
    a = make_account(meters=[(1_000, 9_000)])
    b = make_account(meters=[(1_000, 3_000)])
    held = make_account(meters=[(500_000, 3_000)])
    run_drafts(autumn, acting_user=staff.clerk)
    with pytest.raises(ValidationError, match="cannot become posted"):
        do_post_period(autumn, acting_user=staff.superintendent)
    assert not LedgerEntry.objects.exists()
    do_review_period(autumn, acting_user=staff.superintendent)
    result = do_post_period(autumn, acting_user=staff.superintendent)
    assert result.posted == 2
    entry = LedgerEntry.objects.get(account=a)
    bill = Bill.objects.get(account=a)
    assert (entry.amount, entry.source_key, entry.posted_on, entry.kind) == (
        Decimal("24.00"),
        f"bill:{bill.pk}",
        dt.date(2026, 10, 10),
        "charge",
    )
    assert balance(parcel=a.parcel) == Decimal("24.00") and balance(account=b) == Decimal("10.00")
    assert Bill.objects.get(account=held).status == "draft"  # held for a person: not posted
    assert not LedgerEntry.objects.filter(account=held).exists()
    autumn.refresh_from_db()
    assert autumn.status == "posted"
    assert [c.to_status for c in autumn.status_changes.all()] == ["draft", "reviewed", "posting", "posted"]
    assert autumn.history.first().history_user == staff.superintendent
    assert AuditEvent.objects.filter(action="do_post_period", rows=2).count() == 1

    again = do_post_period(autumn, acting_user=staff.superintendent)
    assert again.unchanged and LedgerEntry.objects.count() == 2
    rerun = run_drafts(autumn, acting_user=staff.clerk)
    assert rerun.unchanged and Bill.objects.get(account=a).total == Decimal("24.00")


class Stopped(Exception):
    """Stands for a crash between two posting chunks (the SIGKILL test is in test_killed_run)."""


def _stop_after_first_chunk(**_: Any) -> None:
    raise Stopped


def test_a_period_part_posted_shows_each_posted_bill_on_the_ledger_and_refuses_a_new_run(
    make_account: Any, autumn: Any, staff: Any
) -> None:
    """I-108: while a period is posting, a bill is on the ledger from the moment its chunk commits: a
    payment pays it, a balance shows it; the drafts still to post are not on the ledger; the period's bills
    cannot be recomputed; posting again finishes it, posting only what is left."""
    from sewerworks.billing.actions import do_record_strength, do_start_bill_run, do_take_payment

    first, second, third = (make_account(meters=[(1_000, g)]) for g in (9_000, 3_000, 7_000))
    run_drafts(autumn, acting_user=staff.clerk)
    do_review_period(autumn, acting_user=staff.superintendent)
    with pytest.raises(Stopped):
        do_post_period(autumn, acting_user=staff.superintendent, chunk_size=1, progress=_stop_after_first_chunk)
    autumn.refresh_from_db()
    assert autumn.status == "posting"
    assert list(Bill.objects.filter(status="posted").values_list("account_id", flat=True)) == [first.pk]
    assert balance(account=first) == Decimal("24.00") and balance(account=second) == Decimal("0.00")

    taken = do_take_payment(
        first,
        amount="24.00",
        method="cash",
        receipt_number="R-1",
        received_on=dt.date(2026, 10, 20),
        acting_user=staff.clerk,
    )
    assert taken.created and balance(account=first) == Decimal("0.00")
    rerun = run_drafts(autumn, acting_user=staff.clerk)
    assert rerun.unchanged and "being posted (1 bill posted, 2 to go)" in rerun.message
    with pytest.raises(ValidationError, match="posting: its bills do not change"):
        do_start_bill_run(autumn, acting_user=staff.clerk)
    with pytest.raises(ValidationError, match="posting: its bills do not change"):
        do_record_strength(third, autumn, acting_user=staff.superintendent, source="lab", bod=Decimal(400))
    with pytest.raises(ValidationError, match="cannot become reviewed"):
        do_review_period(autumn, acting_user=staff.superintendent)

    finished = do_post_period(autumn, acting_user=staff.superintendent, chunk_size=1)
    assert finished.posted == 2 and "(3 in all)" in finished.message
    autumn.refresh_from_db()
    assert autumn.status == "posted"
    assert LedgerEntry.objects.filter(kind="charge").count() == Bill.objects.filter(status="posted").count() == 3
    assert (balance(account=first), balance(account=second), balance(account=third)) == (
        Decimal("0.00"),
        Decimal("10.00"),
        Decimal("18.00"),  # 6,000 gal × $0.003
    )
    assert [c.to_status for c in autumn.status_changes.all()] == ["draft", "reviewed", "posting", "posted"]


def test_only_the_superintendent_reviews_and_posts(make_account: Any, autumn: Any, staff: Any) -> None:
    make_account(meters=[(1_000, 9_000)])
    run_drafts(autumn, acting_user=staff.clerk)
    for user in (staff.clerk, staff.inspector, staff.board):
        with pytest.raises(PermissionDenied):
            do_review_period(autumn, acting_user=user)
    do_review_period(autumn, acting_user=staff.superintendent)
    with pytest.raises(PermissionDenied):
        do_post_period(autumn, acting_user=staff.clerk)


def test_reviewing_before_any_bill_is_refused(autumn: Any, staff: Any) -> None:
    with pytest.raises(ValidationError, match="Run the bills"):
        do_review_period(autumn, acting_user=staff.superintendent)


def test_a_rerun_of_a_reviewed_period_returns_it_to_draft(make_account: Any, autumn: Any, staff: Any) -> None:
    make_account(meters=[(1_000, 9_000)])
    run_drafts(autumn, acting_user=staff.clerk)
    do_review_period(autumn, acting_user=staff.superintendent)
    run_drafts(autumn, acting_user=staff.clerk)
    autumn.refresh_from_db()
    assert autumn.status == "draft"


class TestBalances(TestCase):
    """Hypothesis: whatever is posted, a balance is the sum of its entries; posting twice changes nothing."""

    @given(
        st.lists(st.integers(min_value=0, max_value=600_000), min_size=1, max_size=6),
        st.lists(st.integers(min_value=1, max_value=50_000), max_size=4),
    )
    def test_a_balance_is_the_sum_of_its_entries_and_posting_twice_is_a_no_op(
        self, gallons: list[int], payments: list[int]
    ) -> None:
        from django.contrib.auth.models import Group, User

        from sewerworks.billing.actions import do_open_period
        from sewerworks.registry.models import MeterRead, SewerAccount

        sup = User.objects.create_user("sup")
        sup.groups.add(Group.objects.get_or_create(name="superintendent")[0])
        area = f.area()
        parcel = f.parcel(improvement_area=area)
        for i, g in enumerate(gallons):
            acct = SewerAccount.objects.create(account_number=f"A{i}", parcel=parcel)
            m = acct.meters.create(serial=f"M{i}", dials=7, installed_on=dt.date(2015, 1, 1))
            MeterRead.objects.create(meter=m, read_on=dt.date(2026, 3, 31), reading=1000)
            MeterRead.objects.create(meter=m, read_on=dt.date(2026, 9, 30), reading=1000 + g)
        period: BillingPeriod = do_open_period(dt.date(2026, 9, 30), acting_user=sup)
        run_drafts(period, acting_user=sup)
        do_review_period(period, acting_user=sup)
        do_post_period(period, acting_user=sup)
        for j, cents in enumerate(payments):
            LedgerEntry.objects.create(
                parcel=parcel,
                kind="payment",
                amount=Decimal(-cents) / 100,
                posted_on=dt.date(2026, 11, 1),
                source_key=f"payment:{j}",
                description="payment",
                created_at=dt.datetime.now(dt.UTC),
            )
        expected = sum((e.amount for e in LedgerEntry.objects.filter(parcel=parcel)), Decimal("0.00"))
        assert balance(parcel=parcel) == expected
        assert expected == sum((b.total for b in Bill.objects.all()), Decimal(0)) - Decimal(sum(payments)) / 100
        do_post_period(period, acting_user=sup)
        period.status = "reviewed"  # even a period forced back: the source keys refuse a second posting
        period.save()
        do_post_period(period, acting_user=sup)
        assert balance(parcel=parcel) == expected
        assert LedgerEntry.objects.filter(kind="charge").count() == len(gallons)
