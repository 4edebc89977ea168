"""The receipt of a payment as a PDF, on the Town's letterhead: who paid, how, how much, what it settled
(each bill's penalty and charge) and what the account still owes after it."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from sewerworks.billing.ledger.owed import ITEM, ZERO, bills_owed
from sewerworks.billing.models import LedgerEntry, Payment
from sewerworks.core.documents.render import render_document
from sewerworks.core.documents.town import town
from sewerworks.core.documents.wording import person

TEMPLATE = "billing/documents/receipt.html"


def settled_by(payment: Payment) -> list[dict[str, Any]]:
    """What the payment settled, each bill part once and its credit, in the order first written: its entries
    netted, so that a part it no longer pays (its penalty withdrawn, I-97; released by a payment received
    before it and entered after, I-116) is left out and the credit shows what came back to it."""
    net: dict[tuple[int | None, str], dict[str, Any]] = {}
    entries = LedgerEntry.objects.filter(source_key__startswith=f"payment:{payment.receipt_number}:", kind="payment")
    for e in entries.select_related("bill__period").order_by("id"):
        part = e.source_key.rsplit(":", 1)[-1] if e.bill_id else ("item" if ITEM in e.source_key else "credit")
        row = net.setdefault((e.bill_id, part), {"entry": e, "part": part, "amount": ZERO})
        row["amount"] -= e.amount
    return [row for row in net.values() if row["amount"] != 0]


def receipt_context(payment: Payment) -> dict[str, Any]:
    """What a receipt shows, on its screen and on paper alike."""
    owing = [b for b in bills_owed(payment.account, on=timezone.localdate()) if b.balance > 0]
    return {
        "town": town(),
        "payment": payment,
        "number": f"Receipt {payment.receipt_number}",
        "title": "Receipt for a sewer payment",
        "settled": settled_by(payment),
        "owing": owing,
        "still_owed": sum((b.balance for b in owing), start=payment.amount * 0),
        "taken_by": person(payment.received_by),
    }


def receipt_pdf(payment: Payment) -> bytes:
    return bytes(render_document(TEMPLATE, receipt_context(payment)).write_pdf())
