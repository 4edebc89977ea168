"""Bills on paper (§§118-51 to 118-53): a bill's PDF read back with pypdf, the penalty date moved past a
weekend (I-25, I-20), the period's bills as one batch PDF in mailing order, built as a job with progress."""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

import pytest
from pypdf import PdfReader

from sewerworks.billing.actions import do_post_period, do_review_period
from sewerworks.billing.documents.batch import write_batch
from sewerworks.billing.documents.context import penalty_terms
from sewerworks.billing.documents.order import house_number, mailing_ids
from sewerworks.billing.documents.render import bill_pdf
from sewerworks.billing.engine.run import run_drafts
from sewerworks.billing.models import Bill, BillingPeriod

pytestmark = pytest.mark.django_db


def text_of(data: bytes) -> list[str]:
    """The text of each page of a PDF, spaces and line breaks folded to single spaces."""
    return [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(data)).pages]


def posted(period: BillingPeriod, staff: Any) -> BillingPeriod:
    run_drafts(period, acting_user=staff.clerk)
    do_review_period(period, acting_user=staff.superintendent)
    do_post_period(period, acting_user=staff.superintendent)
    period.refresh_from_db()
    return period


def test_a_bill_prints_its_reads_line_items_with_citations_the_due_and_penalty_dates_and_how_to_pay(
    staff: Any, make_account: Any, autumn: BillingPeriod
) -> None:
    account = make_account(meters=[(1_000, 13_000)])  # 12,000 gallons: $15.00 + 7,000 × $0.003 = $36.00
    posted(autumn, staff)
    bill = Bill.objects.get(account=account)
    (page,) = text_of(bill_pdf(bill))
    assert account.account_number in page and account.parcel.tax_map_number in page
    assert "1,000 13,000" in page and "Gallons billed: 12,000" in page
    assert "Water used, first 5,000 gallons or less" in page and "§ 118-52" in page and "I-24" in page
    assert "$36.00" in page
    # Bill dated Saturday 2026-10-10, due Saturday 2026-10-31: the later date is 30 days after the bill
    # date, Monday 2026-11-09, a business day (I-25).
    assert "DUE DATE Saturday, October 31, 2026" in page
    assert "PENALTY DATE Monday, November 9, 2026" in page
    assert "a penalty of $3.60 (10% of the bill's amount $36.00)" in page
    assert "moved past a weekend" not in page
    assert "How to pay" in page and "payable to “Town of Marlborough”" in page
    assert "Water used per period" in page and "PROOF" not in page


def test_a_penalty_date_that_falls_on_a_saturday_prints_as_the_next_monday(
    staff: Any, make_account: Any, autumn: BillingPeriod
) -> None:
    make_account(meters=[(0, 2_000)])  # 2,000 × $0.003 = $6.00: the $10.00 minimum (I-24)
    BillingPeriod.objects.filter(pk=autumn.pk).update(bill_date=dt.date(2026, 10, 8))
    autumn.refresh_from_db()
    posted(autumn, staff)
    terms = penalty_terms(autumn)
    assert (terms.later_of, terms.penalty_date) == (dt.date(2026, 11, 7), dt.date(2026, 11, 9))
    (page,) = text_of(bill_pdf(Bill.objects.get()))
    assert "PENALTY DATE Monday, November 9, 2026" in page
    assert "Saturday, November 7, 2026, moved past a weekend or holiday" in page
    assert "$10.00" in page and "$1.00 more after November 9, 2026" in page


def test_a_draft_bill_prints_as_a_proof_marked_do_not_mail(staff: Any, make_account: Any, autumn: Any) -> None:
    make_account(meters=[(0, 4_000)])
    run_drafts(autumn, acting_user=staff.clerk)
    (page,) = text_of(bill_pdf(Bill.objects.get()))
    assert "PROOF — this bill is a draft, not yet posted; do not mail." in page


def test_house_numbers_sort_as_numbers_and_a_street_without_one_comes_last() -> None:
    assert sorted(["10", "2", "10A", "", "102"], key=house_number) == ["2", "10", "10A", "102", ""]


def _three_on_two_streets(make_account: Any) -> list[Any]:
    """Accounts at 10 Main St (route R2), 2 Main St (no route) and 5 Bay Rd (route R1)."""
    out = []
    for street, number, route in (("Main St", "10", "R2"), ("Main St", "2", ""), ("Bay Rd", "5", "R1")):
        account = make_account(meters=[(0, 6_000)])
        account.parcel.street_name, account.parcel.street_number = street, number
        account.parcel.save()
        account.mailing_route = route
        account.save()
        out.append(account)
    return out


def test_the_batch_holds_one_page_per_bill_in_mailing_order_by_route_or_by_address(
    staff: Any, make_account: Any, autumn: BillingPeriod
) -> None:
    main10, main2, bay5 = _three_on_two_streets(make_account)
    held = make_account(meters=[(5_000, None)])  # no end read: held (I-61), never mailed
    posted(autumn, staff)
    assert Bill.objects.get(account=held).basis == "held"
    expected = {"route": [bay5, main10, main2], "address": [bay5, main2, main10]}
    for order, accounts in expected.items():
        out = io.BytesIO()
        reports: list[tuple[int, int | None]] = []

        def report(*, done: int, total: int | None = None, message: str = "", into: list[Any] = reports) -> None:
            into.append((done, total))

        outcome = write_batch(autumn, order, out, workers=1, chunk_size=2, progress=report)
        pages = text_of(out.getvalue())
        assert (outcome.bills, outcome.pages, len(pages)) == (3, 3, 3)
        assert [next(a.account_number for a in accounts if a.account_number in p) for p in pages] == [
            a.account_number for a in accounts
        ]
        assert all(held.account_number not in p for p in pages)
        assert [f"MAILING NO. {i}" in p for i, p in enumerate(pages, start=1)] == [True, True, True]
        assert reports == [(0, 3), (2, 3), (3, 3)]  # after each chunk of two
    assert mailing_ids(autumn, "route") == [Bill.objects.get(account=a).pk for a in expected["route"]]


def test_two_typesetting_processes_print_the_same_pages_in_the_same_order(
    staff: Any, make_account: Any, autumn: BillingPeriod
) -> None:
    accounts = _three_on_two_streets(make_account)
    posted(autumn, staff)
    one, two = io.BytesIO(), io.BytesIO()
    write_batch(autumn, "address", one, workers=1, chunk_size=1)
    outcome = write_batch(autumn, "address", two, workers=2, chunk_size=1)
    assert outcome.pages == 3
    assert text_of(one.getvalue()) == text_of(two.getvalue())
    assert accounts[2].account_number in text_of(two.getvalue())[0]


def test_how_to_pay_prints_the_towns_own_words_when_the_settings_give_them(
    staff: Any, make_account: Any, autumn: BillingPeriod, settings: Any
) -> None:
    make_account(meters=[(0, 6_000)])
    posted(autumn, staff)
    settings.SEWERWORKS_TOWN = {
        "bill_how_to_pay": "Pay at the drop box by the Town Hall door.\n\nOr online at the Town's payment page.",
        "bill_payable_to": "Town of Marlborough Sewer Fund",
    }
    (page,) = text_of(bill_pdf(Bill.objects.get()))
    assert "Pay at the drop box by the Town Hall door. Or online at the Town's payment page." in page
    assert "PAYABLE TO Town of Marlborough Sewer Fund" in page and "By mail:" not in page
