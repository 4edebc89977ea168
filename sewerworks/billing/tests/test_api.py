"""Billing over the API: open, run, review and post a period; a bill line by line with its citations; the
parcel's ledger and balance; refusals naming the rule, 403 for a role that may not."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.test import override_settings

from sewerworks.billing.models import Bill

pytestmark = pytest.mark.django_db
IMMEDIATE = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}


@override_settings(TASKS=IMMEDIATE)
def test_a_period_from_opening_to_posting_through_the_api(
    client_as: Any, make_account: Any, staff: Any, client: Any, django_capture_on_commit_callbacks: Any
) -> None:
    account = make_account(meters=[(1_000, 9_000)])
    clerk = client_as("clerk")
    bad = clerk.post("/api/billing/periods", {"end": "2026-09-29"}, content_type="application/json")
    assert bad.status_code == 422 and "ends no billing period" in str(bad.json()["detail"])
    period = clerk.post("/api/billing/periods", {"end": "2026-09-30"}, content_type="application/json").json()
    assert period["start"] == "2026-04-01" and period["status"] == "draft"
    with django_capture_on_commit_callbacks(execute=True):
        job = clerk.post(f"/api/billing/periods/{period['id']}/runs")
    assert job.status_code == 202
    assert clerk.post(f"/api/billing/periods/{period['id']}/review").status_code == 403
    bills = clerk.get(f"/api/billing/periods/{period['id']}/bills").json()
    assert bills["count"] == 1 and bills["items"][0]["total"] == "24.00"
    detail = clerk.get(f"/api/billing/bills/{bills['items'][0]['id']}").json()
    assert [(x["kind"], x["amount"], x["section"], x["interpretations"]) for x in detail["lines"]] == [
        ("first-gallons", "15.00", "118-52", "I-24"),
        ("gallons-beyond", "9.00", "118-52", "I-24"),
    ]
    decided = clerk.post("/api/determinations/user-charge", detail["facts"], content_type="application/json")
    assert decided.status_code == 200, decided.content

    client.force_login(staff.superintendent)
    assert client.post(f"/api/billing/periods/{period['id']}/post").status_code == 422  # not reviewed
    assert client.post(f"/api/billing/periods/{period['id']}/review").json()["status"] == "reviewed"
    posted = client.post(f"/api/billing/periods/{period['id']}/post").json()
    assert posted == {"posted": 1, "unchanged": False, "message": "1 bill posted to the ledger."}
    assert client.post(f"/api/billing/periods/{period['id']}/post").json()["unchanged"] is True
    ledger = client.get(f"/api/billing/parcels/{account.parcel_id}/ledger").json()
    bill = Bill.objects.get()
    assert [(e["amount"], e["source_key"]) for e in ledger["items"]] == [("24.00", f"bill:{bill.pk}")]
    assert client.get(f"/api/billing/parcels/{account.parcel_id}/balance").json()["balance"] == "24.00"
    assert client.get("/api/billing/bills/999999").status_code == 404


def test_strength_is_recorded_with_who_and_from_what_and_refused_naming_the_field(
    client_as: Any, make_account: Any, autumn: Any
) -> None:
    account = make_account(user_class="industrial", meters=[(0, 100_000)])
    engineer = client_as("town engineer")
    url = f"/api/billing/periods/{autumn.pk}/strengths"
    ok = engineer.post(
        url, {"account_id": account.pk, "bod": "500", "source": "Lab report 2026-114"}, content_type="application/json"
    )
    assert ok.status_code == 200 and Decimal(ok.json()["bod"]) == 500 and ok.json()["entered_by_id"] == engineer.user.pk
    blank = engineer.post(url, {"account_id": account.pk, "source": "Lab report"}, content_type="application/json")
    assert blank.status_code == 422 and "bod" in str(blank.json()["detail"])
    negative = engineer.post(
        url, {"account_id": account.pk, "bod": "-1", "source": "x"}, content_type="application/json"
    )
    assert negative.status_code == 422
    assert (
        client_as("inspector")
        .post(url, {"account_id": account.pk, "bod": "1", "source": "x"}, content_type="application/json")
        .status_code
        == 403
    )
