"""A bill on paper is written for people (issue 38, item 7): an industrial bill's strength surcharges print
pounds to two places and whole gallons, no "Readings" column of interpretation ids beside the charges, and in
the mailing its payment stub stays on the page of the charges, above the footer; the bill's record keeps the
exact figures it was computed from."""

from __future__ import annotations

import io
import re
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.billing.actions import do_record_strength
from sewerworks.billing.documents.batch import write_batch
from sewerworks.billing.documents.context import for_people, gallons
from sewerworks.billing.documents.render import bill_pdf
from sewerworks.billing.models import Bill, BillingPeriod, BillLine
from sewerworks.billing.tests.test_bill_pdfs import posted, text_of

LONG = re.compile(r"\d\.\d{3,} (gal|lb)\b")


def test_working_is_rounded_for_people_and_rates_are_left_as_set() -> None:
    working = "3,029,610.59576 gal × 8.34 × 10⁻⁶ × (480 − 300) mg/L = 4,548.130041016368 lb × $0.30/lb"
    assert for_people(working) == "3,029,611 gal × 8.34 × 10⁻⁶ × (480 − 300) mg/L = 4,548.13 lb × $0.30/lb"
    assert for_people("8,336 gal × $0.0035/gal") == "8,336 gal × $0.0035/gal"
    assert for_people("more than 2,244.156 gal × $0.003/gal = $6.73") == "more than 2,244 gal × $0.003/gal = $6.73"
    assert for_people("75.8 lb × $0.50/lb") == "75.8 lb × $0.50/lb"
    assert (gallons(Decimal("7480.52")), gallons(Decimal("7480.49")), gallons(12_000), gallons(None)) == (
        "7,481", "7,480", "12,000", "—")  # fmt: skip


@pytest.mark.django_db
def test_an_industrial_bill_prints_rounded_figures_and_its_stub_on_the_page_of_its_charges(
    staff: Any, make_account: Any, autumn: BillingPeriod
) -> None:
    plant = make_account(user_class="industrial", meters=[{"start": 0, "end": 405_000, "unit": "ft3", "dials": 7}])
    do_record_strength(plant, autumn, acting_user=staff.clerk, source="District lab report 2026-114",
                       bod=Decimal(480), suspended_solids=Decimal(390), chlorine_demand=Decimal(18))  # fmt: skip
    home = make_account(meters=[(1_000, 13_000)])
    posted(autumn, staff)
    bill = Bill.objects.get(account=plant)
    exact = BillLine.objects.get(bill=bill, description__endswith="BOD").working
    assert LONG.search(exact)  # the record keeps every place
    single = " ".join(text_of(bill_pdf(bill)))
    out = io.BytesIO()
    write_batch(autumn, "address", out, workers=1, chunk_size=10)
    batch = text_of(out.getvalue())
    paper = next(p for p in batch if plant.account_number in p)
    stubs = [p for p in batch if "RETURN WITH YOUR PAYMENT" in p.upper()]
    assert len(stubs) == 2 and len(batch) == 3  # the industrial bill runs to two pages: its stub is not alone
    plant_pages = [p for p in batch if plant.account_number in p]
    assert len(plant_pages) == 2 and "How to pay" in plant_pages[1] and "Total due" in plant_pages[0]
    paper = " ".join(plant_pages)
    for page in (single, paper):
        assert "3,029,611 gal" in page and " lb × $0.30/lb" in page and not LONG.search(page)
        assert "Readings" not in page.split("Charges")[1].split("Total due")[0]
        assert "RETURN WITH YOUR PAYMENT" in page.upper()
    assert [home.account_number in p for p in batch if p not in plant_pages] == [True]


@pytest.mark.django_db
def test_the_bill_page_names_a_surcharge_in_words_not_as_a_compliance_finding_or_a_key(
    client: Any, staff: Any, make_account: Any, autumn: BillingPeriod
) -> None:
    """Issue 38, item 7 on screen: "BOD", not "Bod"; "measured (mg/L)", not "measured mg l"; and a charge's
    working is not headed "complies", since a surcharge is not a finding of compliance."""
    plant = make_account(user_class="industrial", meters=[{"start": 0, "end": 405_000, "unit": "ft3", "dials": 7}])
    do_record_strength(plant, autumn, acting_user=staff.clerk, source="District lab report 2026-114",
                       bod=Decimal(480), suspended_solids=Decimal(290), chlorine_demand=Decimal(18))  # fmt: skip
    posted(autumn, staff)
    bill = Bill.objects.get(account=plant)
    client.force_login(staff.clerk)
    page = client.get(f"/billing/bills/{bill.pk}/").content.decode()
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    assert "BOD 480 mg/L is above the normal 300 mg/L" in text
    assert "Suspended solids 290 mg/L is not above the normal" in text
    assert "Bod " not in text and "mg l" not in text
    assert "measured (mg/L) 480; normal (mg/L) 300" in text
    assert "complies BOD" not in text and "complies Suspended" not in text
