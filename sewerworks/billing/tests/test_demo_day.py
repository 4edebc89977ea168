"""The demo is a billing day that can be worked (issue 38): on the demo's today the draft period's bills are dated
and due after it (they can still be reviewed, posted and mailed before their due date), a posted period's
penalty date has passed (penalties to see), a bill's penalty date falls after the demo's last sweep (a sweep
to run), minimum bills of $10 exist, and the docs' example dates are the demo's calendar (Res. 2024-88)."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from pathlib import Path

import pytest
from django.utils import timezone

from sewerworks.billing.models import Bill, BillingPeriod, LedgerEntry, Payment, Rebill
from sewerworks.billing.penalties.sweep import apply_late_penalties, terms_of
from sewerworks.registry.demo.names import DEMO_TODAY

pytestmark = pytest.mark.django_db
DOC = Path(__file__).resolve().parents[3] / "docs" / "billing-reads-import.md"


def test_the_draft_periods_bills_are_dated_and_due_after_the_demos_today(demo_said: list[str]) -> None:
    draft = BillingPeriod.objects.get(status="draft")
    assert draft.reads_until < DEMO_TODAY < draft.bill_date < draft.due_date


def test_posted_bills_were_posted_on_their_bill_date_and_paid_before_today(demo_said: list[str]) -> None:
    for period in BillingPeriod.objects.filter(status="posted"):
        posted = set(period.bills.filter(status="posted").exclude(rebilling__isnull=False)
                     .values_list("posted_at__date", flat=True))  # fmt: skip
        assert posted == {period.bill_date}, period
    assert not Payment.objects.filter(received_on__gt=DEMO_TODAY).exists()


def test_a_penalty_can_be_seen_and_one_is_left_for_the_sweep_to_add(demo_said: list[str]) -> None:
    spring = BillingPeriod.objects.get(end=dt.date(2026, 4, 30))
    assert terms_of(spring).penalty_date < DEMO_TODAY
    assert LedgerEntry.objects.filter(kind="penalty", period=spring).exists()
    later = Rebill.objects.get(penalty_date__gte=DEMO_TODAY)  # the supplementary bill (I-182), unpaid
    assert later.bill.note.startswith("Supplementary bill") and later.bill_date <= DEMO_TODAY
    assert not LedgerEntry.objects.filter(bill=later.bill, kind="penalty").exists()
    after = later.penalty_date + dt.timedelta(days=1)
    added, _ = apply_late_penalties(after, run="test", now=timezone.now())
    assert added == 1 and LedgerEntry.objects.filter(bill=later.bill, kind="penalty").count() == 1


def test_minimum_bills_of_ten_dollars_for_5000_gallons_or_less_exist(demo_said: list[str]) -> None:
    minimum = Bill.objects.filter(status="posted", total=Decimal("10.00"), gallons__lte=5_000)
    assert minimum.exists()
    assert minimum.first().lines.get(kind="minimum-charge").amount == Decimal("10.00")


def test_the_reads_import_docs_give_the_demos_calendar(demo_said: list[str]) -> None:
    text = DOC.read_text(encoding="utf-8")
    draft = BillingPeriod.objects.get(status="draft")
    assert "Res. 2024-88" in text
    assert f"{draft.reads_from} through {draft.reads_until}" in text
    assert f"bills dated {draft.bill_date}" in text and f"due {draft.due_date}" in text
    sample = (DOC.parent / "samples" / "meter-reads-sample.csv").read_text()
    for day in re.findall(r"\d{4}-\d{2}-\d{2}", sample):
        assert draft.reads_from <= dt.date.fromisoformat(day) <= draft.reads_until
