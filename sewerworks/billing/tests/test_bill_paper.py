"""The mailing's bills (drawn with fpdf2, ``billing.documents.paper``) say what the single bill (WeasyPrint's
``bill.html``) says: each bill's batch pages read back with pypdf carry the same letters as that bill's own
PDF (each word, each amount and date), but for the page count of the single bill and the mailing number of the batch."""

from __future__ import annotations

import dataclasses
import datetime as dt
import io
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from sewerworks.billing.documents.batch import write_batch
from sewerworks.billing.documents.context import penalty_terms
from sewerworks.billing.documents.paper import PaperLine
from sewerworks.billing.documents.paper_sheet import typeset_paper
from sewerworks.billing.documents.render import bill_pdf, chunk_bills
from sewerworks.billing.models import Bill, BillingPeriod
from sewerworks.billing.tests.test_bill_pdfs import posted

pytestmark = pytest.mark.django_db


def letters(text: str) -> Counter[str]:
    """The characters of ``text`` but its spaces: pypdf reads a table cell that wraps next to another as one
    word ("over)2,000"), so the words of two layouts differ where their letters do not."""
    return Counter(re.sub(r"\s", "", text))


def pages(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def test_each_batch_page_carries_the_words_of_its_single_bill_pdf(
    staff: Any, make_account: Any, autumn: BillingPeriod
) -> None:
    make_account(meters=[(1_000, 13_000)])  # gallons, two line items
    make_account(meters=[{"start": 100, "end": 2_100, "unit": "ft3"}])  # cubic feet converted (I-24)
    make_account(meters=[{"start": 999_000, "end": 1_000, "dials": 6}])  # a plausible rollover (I-48)
    make_account(meters=[(0, 30_000), {"start": 0, "end": 8_000, "purpose": "vehicle_wash"}])  # §118-6, I-44
    make_account(metered=False)  # the class estimate (I-27): no meter table
    BillingPeriod.objects.filter(pk=autumn.pk).update(bill_date=dt.date(2026, 10, 8))  # penalty date moved
    autumn.refresh_from_db()
    posted(autumn, staff)
    out = io.BytesIO()
    outcome = write_batch(autumn, "address", out, workers=1, chunk_size=2)
    batch = pages(out.getvalue())
    assert (outcome.bills, outcome.pages, len(batch)) == (5, 6, 6)  # the car wash's bill runs to two pages
    for seq, bill_id in enumerate(outcome.bill_ids, start=1):
        single = pages(bill_pdf(Bill.objects.get(pk=bill_id)))
        own = [page for page in batch if f"Department — Bill {bill_id} · account" in page]
        assert len(own) == len(single) and f"MAILING NO. {seq}" in own[0]
        assert f"Page 1 of {len(single)}" in single[0]
        page_count = re.compile(r"Page \d+ of \d+")
        assert letters(page_count.sub("", " ".join(single))) == letters(" ".join(own).replace(f"MAILING NO. {seq}", ""))
    assert "Saturday, November 7, 2026, moved past a weekend or holiday" in " ".join(batch[0].split())


def test_a_bill_too_long_for_one_page_goes_on_to_a_second_with_its_footer(
    staff: Any, make_account: Any, autumn: BillingPeriod, tmp_path: Path
) -> None:
    make_account(meters=[(1_000, 13_000)])
    posted(autumn, staff)
    (bill,) = chunk_bills(list(Bill.objects.values_list("pk", flat=True)), autumn, penalty_terms(autumn))
    many = tuple(PaperLine(f"Item {i}", "working", "118-52", "I-24", "$1.00") for i in range(25))
    long_bill = dataclasses.replace(bill, lines=many)
    path = tmp_path / "long.pdf"
    assert typeset_paper([long_bill, bill], str(path)) == 3
    first, second, third = pages(path.read_bytes())
    assert "Item 0" in first and "Item 24" in second and "Total due by" in second and "RETURN WITH" in second
    assert all(bill.footer in page for page in (first, second, third))
    assert "Item 0" not in third and "SEWER BILL" in third
