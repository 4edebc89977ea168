"""One bill as a PDF (WeasyPrint), and a chunk of bills as ``PaperBill``s (drawn with fpdf2 in ``.batch``)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from sewerworks.billing.documents.context import BILL_RELATED, PenaltyTerms, bill_terms, period_context, sheets
from sewerworks.billing.documents.paper import PaperBill, paper_bill
from sewerworks.billing.documents.paper_sheet import paper_bytes
from sewerworks.billing.documents.reprint import since_the_bill
from sewerworks.billing.models import Bill, BillingPeriod, Rebill
from sewerworks.core.documents.render import render_document


def bill_pdf(bill: Bill, *, reprinted_on: dt.date | None = None) -> bytes:
    """The bill as one PDF document (its pages numbered "Page 1 of 1"); printed again at the window
    (``reprinted_on``), with what was paid toward it since and what is left that day (``documents.reprint``)."""
    bill = Bill.objects.select_related(*BILL_RELATED).get(pk=bill.pk)
    terms = bill_terms(bill)  # a rebill's own bill date and penalty date (I-110)
    context = {**period_context(bill.period, terms), "sheet": sheets([bill], bill.period, terms)[0]}
    if reprinted_on is not None:
        context["since"] = since_the_bill(bill, reprinted_on)
    return bytes(render_document("billing/documents/bill.html", context).write_pdf())


def chunk_bills(
    bill_ids: Sequence[int], period: BillingPeriod, terms: PenaltyTerms, *, first_seq: int = 1
) -> list[PaperBill]:
    """A chunk of the period's bills for the mailing, in the order of ``bill_ids``, numbered from ``first_seq``.

    A bill that replaced a voided one prints its own bill date and penalty date (I-110), as on its page."""
    found = Bill.objects.select_related(*BILL_RELATED).in_bulk(list(bill_ids))
    ordered = [found[pk] for pk in bill_ids if pk in found]
    rebilled = set(Rebill.objects.filter(bill_id__in=list(found)).values_list("bill_id", flat=True))
    shared = period_context(period, terms)
    alike = [b for b in ordered if b.pk not in rebilled]
    made: dict[int, tuple[dict[str, Any], dict[str, Any]]] = {
        sheet["bill"].pk: (sheet, shared) for sheet in sheets(alike, period, terms)
    }
    for bill in (b for b in ordered if b.pk in rebilled):
        own = bill_terms(bill)
        made[bill.pk] = (sheets([bill], period, own)[0], period_context(period, own))
    out = []
    for seq, bill in enumerate(ordered, start=first_seq):
        sheet, its_shared = made[bill.pk]
        sheet["seq"] = seq
        out.append(paper_bill(sheet, its_shared))
    return out


def mailed_bill_pdf(bill: Bill) -> bytes:
    """The bill as the mailing prints it (fpdf2, ``paper_sheet``), alone and with no mailing number: what an owner
    downloads (issue 37). Drawn in tens of milliseconds where the HTML bill (``bill_pdf``) takes hundreds, so the
    public download costs the shared server little; the same sheet, words and figures as the one mailed."""
    bill = Bill.objects.select_related(*BILL_RELATED).get(pk=bill.pk)
    terms = bill_terms(bill)  # a rebill's own bill date and penalty date (I-110)
    sheet = sheets([bill], bill.period, terms)[0]
    return paper_bytes([paper_bill(sheet, period_context(bill.period, terms))])
