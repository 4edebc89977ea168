"""Void and rebill from the bill page and over the API; the account's statement shows the void and the
reversal. Refusals: 403 for an inspector, 404 for an unknown bill, 422 naming the field and the rule."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.billing.actions import do_post_period, do_review_period
from sewerworks.billing.corrections.void import do_void_bill
from sewerworks.billing.engine.run import run_drafts
from sewerworks.billing.models import Bill, LedgerEntry
from sewerworks.registry.models import MeterRead

pytestmark = pytest.mark.django_db
MISREAD = "The meter was misread: 9,000 for 7,000"


@pytest.fixture
def bill(make_account: Any, autumn: Any, staff: Any) -> Bill:
    """A posted bill of $24.00 (8,000 gallons) for the autumn 2026 period."""
    account = make_account(meters=[(1_000, 9_000)])
    run_drafts(autumn, acting_user=staff.clerk)
    do_review_period(autumn, acting_user=staff.superintendent)
    do_post_period(autumn, acting_user=staff.superintendent)
    return Bill.objects.get(account=account)


def correct_read(bill: Bill) -> None:
    MeterRead.objects.filter(meter__account=bill.account, read_on=dt.date(2026, 9, 30)).update(reading=7_000)


def test_the_clerk_voids_from_the_bill_page_with_a_reason_then_rebills(client_as: Any, bill: Bill) -> None:
    clerk = client_as("clerk")
    page = clerk.get(f"/billing/bills/{bill.pk}/").content.decode()
    assert "Void this bill" in page and 'name="reason"' in page and "Rebill" not in page
    refused = clerk.post(f"/billing/bills/{bill.pk}/void/", {"reason": ""}, follow=True).content.decode()
    assert "Say why the bill is wrong" in refused
    assert Bill.objects.get(pk=bill.pk).status == "posted"
    done = clerk.post(f"/billing/bills/{bill.pk}/void/", {"reason": MISREAD}, follow=True).content.decode()
    assert f"Bill {bill.pk} voided" in done and MISREAD in done and "Void this bill" not in done
    assert f'action="/billing/bills/{bill.pk}/rebill/"' in done
    correct_read(bill)
    response = clerk.post(f"/billing/bills/{bill.pk}/rebill/")
    new = Bill.objects.exclude(status="void").get(account=bill.account)
    assert response.status_code == 302 and response["Location"] == f"/billing/bills/{new.pk}/"
    page = clerk.get(f"/billing/bills/{new.pk}/").content.decode()
    assert "Replaces voided" in page and "I-110" in page and "$18.00" in page
    old = clerk.get(f"/billing/bills/{bill.pk}/").content.decode()
    assert "Replaced by" in old and f"bill {new.pk}" in old and "Rebill<" not in old


def test_an_inspector_sees_no_form_and_is_refused_with_403(client_as: Any, bill: Bill) -> None:
    inspector = client_as("inspector")
    assert "Void this bill" not in inspector.get(f"/billing/bills/{bill.pk}/").content.decode()
    assert inspector.post(f"/billing/bills/{bill.pk}/void/", {"reason": MISREAD}).status_code == 403
    assert inspector.post(f"/billing/bills/{bill.pk}/rebill/").status_code == 403
    assert Bill.objects.get(pk=bill.pk).status == "posted"


def test_the_statement_shows_the_void_and_the_reversal(client_as: Any, bill: Bill, staff: Any) -> None:
    do_void_bill(bill, by=staff.clerk, reason=MISREAD, on=dt.date(2026, 11, 2))
    page = client_as("clerk").get(f"/billing/accounts/{bill.account_id}/statement/").content.decode()
    assert f"Bill {bill.pk} voided: {MISREAD}" in page and "void:" not in page  # the key is the API's, not the page's
    assert "−$24.00" in page  # the reversal, and the running balance back to nothing
    body = client_as("clerk").get(f"/api/billing/accounts/{bill.account_id}/statement").json()
    kinds = [(e["kind"], e["amount"], e["source_key"]) for e in body["entries"]]
    assert kinds == [("charge", "24.00", f"bill:{bill.pk}"), ("adjustment", "-24.00", f"void:{bill.pk}")]
    assert body["balance"] == "0.00"


def test_the_api_voids_and_rebills_with_its_refusals(client_as: Any, bill: Bill) -> None:
    clerk = client_as("clerk")
    url = f"/api/billing/bills/{bill.pk}"
    assert clerk.post(f"{url}/void", {}, content_type="application/json").status_code == 422
    blank = clerk.post(f"{url}/void", {"reason": " "}, content_type="application/json")
    assert blank.status_code == 422 and blank.json()["detail"].startswith("reason:")
    live = clerk.post(f"{url}/rebill")
    assert (
        live.status_code == 422 and f"Bill {bill.pk} (posted to the ledger) is the live bill" in live.json()["detail"]
    )
    done = clerk.post(f"{url}/void", {"reason": MISREAD}, content_type="application/json")
    assert done.status_code == 200, done.content
    assert done.json() == {
        "bill_id": bill.pk,
        "status": "void",
        "voided_on": done.json()["voided_on"],
        "reason": MISREAD,
        "reversal": f"void:{bill.pk}",
        "reversed_amount": "-24.00",
    }
    again = clerk.post(f"{url}/void", {"reason": MISREAD}, content_type="application/json")
    assert again.status_code == 422 and "already void" in again.json()["detail"]
    correct_read(bill)
    rebilled = clerk.post(f"{url}/rebill")
    assert rebilled.status_code == 201, rebilled.content
    body = rebilled.json()
    assert (body["replaces"], body["total"]) == (bill.pk, "18.00")
    assert LedgerEntry.objects.get(source_key=f"bill:{body['bill_id']}").amount == Decimal("18.00")
    assert (
        clerk.post("/api/billing/bills/999999/void", {"reason": "x"}, content_type="application/json").status_code
        == 404
    )
    inspector = client_as("inspector")
    assert inspector.post(f"/api/billing/bills/{body['bill_id']}/void", {"reason": "x"},
                          content_type="application/json").status_code == 403  # fmt: skip
