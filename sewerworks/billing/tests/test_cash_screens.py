"""The screens of the clerk's cash and the Board's review (§118-50, §118-53): each page answers its role, its
papers read back as PDF and CSV, and bad input is a message, never a server error."""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

import pytest
from pypdf import PdfReader

from sewerworks.billing.actions import do_close_deposit, do_take_payment
from sewerworks.billing.models import Adjustment, Deposit, Refund, ReturnedCheck
from sewerworks.billing.tests.ledger_factory import penalty, posted_bill

pytestmark = pytest.mark.django_db
NOV_27 = dt.date(2026, 11, 27)


def text_of(pdf: bytes) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages).split())


@pytest.fixture
def day_of_payments(staff: Any, make_account: Any) -> Any:
    account = make_account()
    do_take_payment(
        account, amount="20.00", method="cash", receipt_number="S-1", received_on=NOV_27, acting_user=staff.clerk
    )
    do_take_payment(
        account,
        amount="30.50",
        method="check",
        reference="4417",
        receipt_number="S-2",
        received_on=NOV_27,
        acting_user=staff.clerk,
    )
    return account


def test_the_clerk_closes_the_drawer_and_prints_the_slip(client_as: Any, staff: Any, day_of_payments: Any) -> None:
    client = client_as("clerk")
    page = client.get("/billing/deposits/?day=2026-11-27").content.decode()
    assert "S-1" in page and "S-2" in page and "$20.00" in page and "Close the drawer" in page
    short = client.post("/billing/deposits/", {"day": "2026-11-27", "cash_counted": "19.00"})
    assert short.status_code == 422 and "short" in short.content.decode() and not Deposit.objects.exists()
    done = client.post("/billing/deposits/", {"day": "2026-11-27", "cash_counted": "20.00"})
    deposit = Deposit.objects.get()
    assert done.status_code == 302 and done["Location"] == f"/billing/deposits/{deposit.pk}/"
    slip = client.get(f"/billing/deposits/{deposit.pk}/slip.pdf")
    assert slip["Content-Type"] == "application/pdf"
    text = text_of(slip.content)
    for words in ("DEPOSIT SLIP", "D-20261127", "$50.50", "4417", "Hamlet of Marlborough", "Cash", "Check"):
        assert words in text, words
    again = client.post("/billing/deposits/", {"day": "2026-11-27", "cash_counted": "20.00"})
    assert again.status_code == 422 and "already closed" in again.content.decode()


def test_the_months_turnover_as_page_pdf_and_csv_then_closed(client_as: Any, staff: Any, day_of_payments: Any) -> None:
    do_close_deposit(NOV_27, cash_counted="20.00", acting_user=staff.clerk)
    client = client_as("clerk")
    page = client.get("/billing/turnover/2026/11/").content.decode()
    assert "D-20261127" in page and "$50.50" in page and "Close and sign November 2026" in page
    csv = client.get("/billing/turnover/2026/11/turnover.csv").content.decode("utf-8-sig")
    assert "D-20261127,2026-11-27,50.50,50.50" in csv
    assert "$50.50" in text_of(client.get("/billing/turnover/2026/11/turnover.pdf").content)
    assert client.post("/billing/turnover/2026/11/close/").status_code == 302
    closed = client.get("/billing/turnover/2026/11/").content.decode()
    assert "Closed and signed" in closed and "Close and sign" not in closed
    assert "Town Clerk" in text_of(client.get("/billing/turnover/2026/11/turnover.pdf").content)
    assert client.get("/billing/turnover/").status_code == 302


def test_a_returned_check_from_the_receipt_page_and_its_letter(
    client_as: Any, staff: Any, day_of_payments: Any
) -> None:
    check = day_of_payments.payments.get(method="check")
    client = client_as("superintendent")
    assert "Bank's reference" in client.get(f"/billing/receipts/{check.pk}/").content.decode()
    client.post(
        f"/billing/receipts/{check.pk}/reverse/",
        {"reason": "Returned", "bank_reference": "RT-1", "return_reason": "NSF"},
    )
    returned = ReturnedCheck.objects.get()
    page = client.get(f"/billing/receipts/{check.pk}/").content.decode()
    assert "Check returned by the bank (RT-1: NSF)" in page
    letter = client.get(f"/billing/returned-checks/{returned.pk}/letter.pdf")
    assert "returned unpaid by the bank" in text_of(letter.content)
    counter = client.get(f"/billing/counter/accounts/{day_of_payments.pk}/").content.decode()
    assert "Notes on the account" in counter and "RT-1" in counter


def test_an_adjustment_from_the_counter_and_its_approval(
    client_as: Any, staff: Any, make_account: Any, autumn: Any
) -> None:
    account = make_account()
    bill = posted_bill(account, autumn, "50.00")
    penalty(bill, "5.00", dt.date(2026, 11, 10))
    clerk = client_as("clerk")
    assert "Adjust a bill" in clerk.get(f"/billing/counter/accounts/{account.pk}/").content.decode()
    form = {
        "bill": str(bill.pk),
        "part": "penalty",
        "amount": "-5.00",
        "reason": "penalty_error",
        "explanation": "Mailed in time",
    }
    assert clerk.post("/billing/adjustments/new/", form).status_code == 302
    made = Adjustment.objects.get()
    assert made.status == "pending"
    assert clerk.post("/billing/adjustments/new/", {**form, "bill": "x"}).status_code == 404
    sup = client_as("superintendent")
    page = sup.get("/billing/adjustments/").content.decode()
    assert f"Approve {made.pk}" in page
    sup.post(f"/billing/adjustments/{made.pk}/check/", {"decision": "approve", "note": "ok"})
    made.refresh_from_db()
    assert made.status == "posted"
    statement = clerk.get(f"/billing/accounts/{account.pk}/statement/").content.decode()
    assert "Corrections" in statement and "Penalty added in error" in statement


def test_a_refund_through_its_steps_on_screen(client_as: Any, staff: Any, make_account: Any) -> None:
    account = make_account()
    do_take_payment(account, amount="80.00", method="cash", receipt_number="S-CR", acting_user=staff.clerk)
    sup = client_as("superintendent")
    assert "Authorise the refund" in sup.get(f"/billing/counter/accounts/{account.pk}/").content.decode()
    sup.post(f"/billing/accounts/{account.pk}/refund/", {"amount": "80.01", "payee": "Ann"})
    assert not Refund.objects.exists()
    sup.post(f"/billing/accounts/{account.pk}/refund/", {"amount": "80.00", "payee": "Ann"})
    refund = Refund.objects.get()
    clerk = client_as("clerk")
    clerk.post(f"/billing/refunds/{refund.pk}/step/", {"step": "audit", "claim_number": "C-1", "on": "bad-date"})
    refund.refresh_from_db()
    assert refund.status == "authorised"
    clerk.post(f"/billing/refunds/{refund.pk}/step/", {"step": "audit", "claim_number": "C-1"})
    clerk.post(f"/billing/refunds/{refund.pk}/step/", {"step": "paid", "supervisor_check": "1042"})
    refund.refresh_from_db()
    assert refund.status == "paid"
    assert "Paid by the Supervisor" in clerk.get("/billing/refunds/").content.decode()


def test_the_board_member_reads_revenue_and_bad_dates_are_notes(
    client_as: Any, staff: Any, day_of_payments: Any
) -> None:
    board = client_as("board member")
    page = board.get("/billing/revenue/?start=2026-01-01&end=2026-12-31").content.decode()
    assert "Hamlet of Marlborough" in page and "$50.50" in page and "<svg" in page
    assert "Close the drawer" not in board.get("/billing/deposits/").content.decode()
    csv = board.get("/billing/revenue/?start=2026-01-01&end=2026-12-31&format=csv").content.decode("utf-8-sig")
    assert csv.startswith("fund,from,to")
    for url in (
        "/billing/revenue/?start=nope",
        "/billing/revenue/?start=2026-12-31&end=2026-01-01",
        "/billing/deposits/?day=13/45",
        "/billing/turnover/2026/13/",
        "/billing/rate-reviews/999/",
    ):
        assert board.get(url).status_code in (200, 404), url


def test_the_rate_review_pages(client_as: Any, staff: Any, make_account: Any, autumn: Any) -> None:
    from sewerworks.billing.actions import do_post_period, do_review_period
    from sewerworks.billing.engine.run import run_drafts

    make_account(meters=[(1_000, 9_000)])
    run_drafts(autumn, acting_user=staff.clerk)
    do_review_period(autumn, acting_user=staff.superintendent)
    do_post_period(autumn, acting_user=staff.superintendent)
    clerk = client_as("clerk")
    opened = clerk.post("/billing/rate-reviews/", {"fiscal_year": "2026", "period": str(autumn.pk)})
    assert opened.status_code == 302
    url = opened["Location"]
    clerk.post(
        f"{url}candidates/",
        {"label": "Rate $0.004", "rate_per_gallon": "0.004", "minimum_charge": "10.00", "minimum_gallons": "5000"},
    )
    clerk.post(
        f"{url}candidates/",
        {"label": "Bad", "rate_per_gallon": "-1", "minimum_charge": "10.00", "minimum_gallons": "5000"},
    )
    page = client_as("board member").get(url).content.decode()
    # 8,000 gallons: $24.00 as billed at $0.003, $32.00 at $0.004 (I-24)
    assert "Rate $0.004" in page and "Bad" not in page and "$24.00" in page and "$32.00" in page and "<svg" in page
    assert "Record the Board" not in page
