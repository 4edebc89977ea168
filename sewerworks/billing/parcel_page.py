"""What billing adds to the parcel page: the ledger of the parcel (every account on it) and its balance."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.http import HttpRequest

from sewerworks.billing.ledger.balances import balance
from sewerworks.billing.models import Bill, LedgerEntry
from sewerworks.core.compiled import compiled
from sewerworks.core.records.sections import RecordSection, present, record_section
from sewerworks.registry.models import Parcel

SHOWN = 20
# Read by SQL compiled once per process (core.compiled, issue 38): the latest entries (one more than shown, to
# know whether there are more) and the draft bills.
_ENTRIES = compiled(
    "parcel ledger entries",
    lambda pk: (
        LedgerEntry.objects.filter(parcel_id=pk).select_related("account").order_by("-posted_on", "-id")[: SHOWN + 1]
    ),
)
_DRAFTS = compiled(
    "parcel draft bills", lambda pk: Bill.objects.filter(parcel_id=pk, status="draft").select_related("period")[:5]
)


@record_section
def parcel_ledger(request: HttpRequest, subject: Any) -> RecordSection | None:
    if not isinstance(subject, Parcel) or not request.user.has_perm("billing.view_billing"):
        return None
    entries: list[LedgerEntry] = []
    total = Decimal("0.00")  # the sum of no entries
    if present(subject, "billing_ledger"):  # the parcel's probes (billing/timeline.py), when it was read with them
        entries = _ENTRIES(subject.pk)
        # the sum of the entries: of those read when they are all of them, else in SQL
        total = sum((e.amount for e in entries), Decimal("0.00")) if len(entries) <= SHOWN else balance(parcel=subject)
    drafts: list[Bill] = []
    if present(subject, "billing_drafts"):
        drafts = _DRAFTS(subject.pk)
    accounts = sorted(subject.accounts.all(), key=lambda a: a.account_number)  # the page's prefetch, if any
    context = {
        "balance": total,
        "entries": entries[:SHOWN],
        "more": len(entries) > SHOWN,
        "drafts": drafts,
        "accounts": [{"pk": a.pk, "account_number": a.account_number} for a in accounts],
        "can_take": request.user.has_perm("billing.take_payment"),
    }
    return RecordSection("Sewer ledger and balance", "billing/_parcel_ledger.html", context, order=30)
