"""The demo's cash and review (issue 34): a closed deposit for each business day of the last week, a closed
month, one returned check, adjustments approved, refused and waiting, one refund paid, a rate review draft;
every event on or before the demo's today."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

import pytest

from sewerworks.billing.cash.turnover import month_view
from sewerworks.billing.demo import cash as cash_demo
from sewerworks.billing.demo import district as billing_demo
from sewerworks.billing.models import Adjustment, Deposit, MonthlyTurnover, RateReview, Refund, ReturnedCheck
from sewerworks.billing.review.reminder import deadline_of
from sewerworks.registry import demo as registry_demo
from sewerworks.registry.demo.names import DEMO_TODAY

pytestmark = pytest.mark.django_db
LAST_WEEK = [dt.date(2026, 11, 24), dt.date(2026, 11, 25), dt.date(2026, 11, 27), dt.date(2026, 11, 30)]


@pytest.fixture(scope="module")
def said(django_db_setup: Any, django_db_blocker: Any) -> Iterator[list[str]]:
    from django.db import transaction

    out: list[str] = []
    with django_db_blocker.unblock(), transaction.atomic():
        registry_demo.build(seed=118, parcels=300, write=out.append)
        billing_demo.build(seed=118, parcels=300, write=out.append)
        cash_demo.build(seed=118, parcels=300, write=out.append)
        yield out
        transaction.set_rollback(True)


def test_a_deposit_for_each_business_day_of_the_last_week_and_november_closed(said: list[str]) -> None:
    days = set(Deposit.objects.values_list("day", flat=True))
    assert set(LAST_WEEK) <= days and dt.date(2026, 11, 26) not in days  # Thanksgiving
    assert any(d.cash_difference and d.difference_reason for d in Deposit.objects.filter(day__in=LAST_WEEK))
    november = MonthlyTurnover.objects.get(month=dt.date(2026, 11, 1))
    assert november.total == sum(d.total for d in Deposit.objects.filter(day__in=LAST_WEEK))
    assert not MonthlyTurnover.objects.filter(month=dt.date(2026, 12, 1)).exists()
    december = month_view(dt.date(2026, 12, 1))
    assert {ln.kind for ln in december.waiting} == {"payment", "reversal"}
    assert "months turned over and closed" in said[-1]


def test_one_returned_check_adjustments_in_each_state_one_refund_paid_and_a_review_draft(said: list[str]) -> None:
    returned = ReturnedCheck.objects.get()
    assert returned.fee and returned.fee_charge is not None and returned.returned_on == DEMO_TODAY
    assert sorted(Adjustment.objects.values_list("status", flat=True)) == ["pending", "posted", "refused"]
    refund = Refund.objects.get()
    assert refund.status == "paid" and refund.authorised_on <= refund.audited_on <= refund.paid_on <= DEMO_TODAY
    review = RateReview.objects.get(fiscal_year=2026)
    assert review.status == "draft" and review.candidates.count() == 3
    deadline = deadline_of(review)
    assert deadline is not None and deadline.due_on == dt.date(2026, 12, 15)


def test_every_event_of_the_cash_demo_is_on_or_before_the_demos_today(said: list[str]) -> None:
    from django.utils import timezone

    def day(moment: dt.datetime) -> dt.date:
        return timezone.localdate(moment)

    assert all(day(d.closed_at) <= DEMO_TODAY and d.day <= DEMO_TODAY for d in Deposit.objects.all())
    assert all(day(t.closed_at) <= DEMO_TODAY for t in MonthlyTurnover.objects.all())
    assert all(a.made_on <= DEMO_TODAY and day(a.made_at) <= DEMO_TODAY for a in Adjustment.objects.all())
    assert all(day(r.authorised_at) <= DEMO_TODAY for r in Refund.objects.all())
    assert all(day(r.recorded_at) <= DEMO_TODAY for r in ReturnedCheck.objects.all())
    assert all(day(r.created_at) <= DEMO_TODAY for r in RateReview.objects.all())
