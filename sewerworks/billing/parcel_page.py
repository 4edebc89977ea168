"""What billing adds to the parcel page: the ledger of the parcel (every account on it) and its balance."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from sewerworks.billing.balances import balance
from sewerworks.billing.models import Bill, LedgerEntry
from sewerworks.core.record_sections import RecordSection, record_section
from sewerworks.registry.models import Parcel

SHOWN = 20


@record_section
def parcel_ledger(request: HttpRequest, subject: Any) -> RecordSection | None:
    if not isinstance(subject, Parcel) or not request.user.has_perm("billing.view_billing"):
        return None
    entries = list(
        LedgerEntry.objects.filter(parcel=subject).select_related("account").order_by("-posted_on", "-id")[: SHOWN + 1]
    )
    drafts = Bill.objects.filter(parcel=subject, status="draft").select_related("period")[:5]
    context = {
        "balance": balance(parcel=subject),
        "entries": entries[:SHOWN],
        "more": len(entries) > SHOWN,
        "drafts": list(drafts),
        "accounts": list(subject.accounts.order_by("account_number").values("pk", "account_number")),
        "can_take": request.user.has_perm("billing.take_payment"),
    }
    return RecordSection("Sewer ledger and balance", "billing/_parcel_ledger.html", context, order=30)
