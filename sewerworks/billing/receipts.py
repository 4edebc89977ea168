"""The receipt of a payment as a PDF, on the Town's letterhead: who paid, how, how much, what it settled
(each bill's penalty and charge) and what the account still owes after it."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from sewerworks.billing.models import LedgerEntry, Payment
from sewerworks.billing.owed import bills_owed
from sewerworks.core.documents.render import render_document
from sewerworks.core.documents.town import town
from sewerworks.core.documents.wording import person

TEMPLATE = "billing/documents/receipt.html"


def receipt_context(payment: Payment) -> dict[str, Any]:
    """What a receipt shows, on its screen and on paper alike."""
    settled = list(
        LedgerEntry.objects.filter(source_key__startswith=f"payment:{payment.receipt_number}:", kind="payment")
        .select_related("bill__period")
        .order_by("id")
    )
    owing = [b for b in bills_owed(payment.account, on=timezone.localdate()) if b.balance > 0]
    return {
        "town": town(),
        "payment": payment,
        "number": f"Receipt {payment.receipt_number}",
        "title": "Receipt for a sewer payment",
        "settled": [{"entry": e, "part": e.source_key.rsplit(":", 1)[-1], "amount": -e.amount} for e in settled],
        "owing": owing,
        "still_owed": sum((b.balance for b in owing), start=payment.amount * 0),
        "taken_by": person(payment.received_by),
    }


def receipt_pdf(payment: Payment) -> bytes:
    return bytes(render_document(TEMPLATE, receipt_context(payment)).write_pdf())
