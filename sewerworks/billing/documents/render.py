"""One bill as a PDF (WeasyPrint), and a chunk of bills as ``PaperBill``s (drawn with fpdf2 in ``.batch``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sewerworks.billing.documents.context import BILL_RELATED, PenaltyTerms, bill_terms, period_context, sheets
from sewerworks.billing.documents.paper import PaperBill, paper_bill
from sewerworks.billing.models import Bill, BillingPeriod
from sewerworks.core.documents.render import render_document


def bill_pdf(bill: Bill) -> bytes:
    """The bill as one PDF document (its pages numbered "Page 1 of 1")."""
    bill = Bill.objects.select_related(*BILL_RELATED).get(pk=bill.pk)
    terms = bill_terms(bill)  # a rebill's own bill date and penalty date (I-110)
    context = {**period_context(bill.period, terms), "sheet": sheets([bill], bill.period, terms)[0]}
    return bytes(render_document("billing/documents/bill.html", context).write_pdf())


def chunk_bills(
    bill_ids: Sequence[int], period: BillingPeriod, terms: PenaltyTerms, *, first_seq: int = 1
) -> list[PaperBill]:
    """A chunk of the period's bills for the mailing, in the order of ``bill_ids``, numbered from ``first_seq``."""
    found = Bill.objects.select_related(*BILL_RELATED).in_bulk(list(bill_ids))
    ordered = [found[pk] for pk in bill_ids if pk in found]
    chunk: list[dict[str, Any]] = sheets(ordered, period, terms)
    shared = period_context(period, terms)
    for seq, sheet in enumerate(chunk, start=first_seq):
        sheet["seq"] = seq
    return [paper_bill(sheet, shared) for sheet in chunk]
