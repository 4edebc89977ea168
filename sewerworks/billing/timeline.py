"""What billing adds to a parcel's timeline: bills posted to the ledger (§118-52), payments and late
penalties (§118-53)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.urls import reverse

from sewerworks.billing.choices import LedgerKind
from sewerworks.billing.models import Bill, LedgerEntry, Payment
from sewerworks.core.compiled import compiled
from sewerworks.core.records.sections import present, record_probe
from sewerworks.core.records.timeline import TimelineEvent, timeline_source
from sewerworks.registry.models import Parcel

LIMIT = 20

record_probe("billing_bills", lambda pk: Bill.objects.filter(parcel_id=pk))
record_probe("billing_ledger", lambda pk: LedgerEntry.objects.filter(parcel_id=pk))
record_probe("billing_payments", lambda pk: Payment.objects.filter(parcel_id=pk))
record_probe("billing_penalties", lambda pk: LedgerEntry.objects.filter(parcel_id=pk, kind=LedgerKind.PENALTY))
record_probe("billing_drafts", lambda pk: Bill.objects.filter(parcel_id=pk, status="draft"))

# Each read by SQL compiled once per process (core.compiled, issue 38), newest first.
_POSTED = compiled(
    "parcel posted bills",
    lambda pk: (
        Bill.objects.filter(parcel_id=pk, status="posted")
        .select_related("period", "account")
        .order_by("-period__end")[:LIMIT]
    ),
)
_PENALTIES = compiled(
    "parcel late penalties",
    lambda pk: (
        LedgerEntry.objects.filter(parcel_id=pk, kind=LedgerKind.PENALTY)
        .select_related("bill__period")
        .order_by("-posted_on", "-pk")[:LIMIT]
    ),
)
_PAYMENTS = compiled(
    "parcel payments",
    lambda pk: Payment.objects.filter(parcel_id=pk).select_related("account").order_by("-received_on", "-id")[:LIMIT],
)


@timeline_source
def billing_events(subject: Any) -> Iterable[TimelineEvent]:
    """Posted bills on a parcel, newest first."""
    if not isinstance(subject, Parcel) or not present(subject, "billing_bills"):
        return
    for b in _POSTED(subject.pk):
        title = f"Sewer bill posted: ${b.total:,} for {b.period.start:%Y-%m-%d} – {b.period.end:%Y-%m-%d}"
        detail = f"Account {b.account.account_number}, {b.get_basis_display().lower()}"
        url = reverse("billing:bill_detail", args=[b.pk])
        yield TimelineEvent(b.posted_at or b.period.bill_date, "bill", title, detail, "118-52", url)


@timeline_source
def penalty_events(subject: Any) -> Iterable[TimelineEvent]:
    """Late penalties added to a parcel's bills (§118-53), newest first."""
    if not isinstance(subject, Parcel) or not present(subject, "billing_penalties"):
        return
    for e in _PENALTIES(subject.pk):
        if e.bill is None:  # the sweep always names the bill
            continue
        period = e.bill.period
        title = f"Late penalty added: ${e.amount:,} on the bill for {period.start:%Y-%m-%d} – {period.end:%Y-%m-%d}"
        url = reverse("billing:bill_detail", args=[e.bill.pk])
        yield TimelineEvent(e.posted_on, "penalty", title, e.description, "118-53", url)


@timeline_source
def payment_events(subject: Any) -> Iterable[TimelineEvent]:
    """Payments on a parcel's accounts, newest first (§118-53)."""
    if not isinstance(subject, Parcel) or not present(subject, "billing_payments"):
        return
    for p in _PAYMENTS(subject.pk):
        title = f"Payment ${p.amount:,} ({p.get_method_display().lower()}), receipt {p.receipt_number}"
        detail = f"Account {p.account.account_number}" + (f"; reversed {p.reversed_on}" if p.reversed_on else "")
        yield TimelineEvent(p.received_on, "payment", title, detail, "118-53", reverse("billing:receipt", args=[p.pk]))
