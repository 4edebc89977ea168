"""The billing screens: the period with exceptions first and buttons by role, the bill with its line items
and citations and the Decision recomputed, the parcel's ledger and balance, the dashboard panel."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import override_settings

from sewerworks.billing.actions import do_post_period, do_review_period
from sewerworks.billing.engine.run import run_drafts
from sewerworks.billing.models import Bill, BillingPeriod
from sewerworks.core.models import AuditEvent, Job

pytestmark = pytest.mark.django_db
IMMEDIATE = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}


def test_a_clerk_opens_a_period_on_a_calendar_day_and_is_told_which_days_end_one(client_as: Any) -> None:
    client = client_as("clerk")
    refused = client.post("/billing/", {"end": "2026-09-29"})
    assert refused.status_code == 200 and "periods end on 03-31 and 09-30" in refused.content.decode()
    opened = client.post("/billing/", {"end": "2026-09-30"})
    period = BillingPeriod.objects.get()
    assert opened.status_code == 302 and opened["Location"] == f"/billing/periods/{period.pk}/"
    assert (period.start, period.reads_from, period.bill_date, period.due_date) == (
        dt.date(2026, 4, 1),
        dt.date(2026, 9, 15),
        dt.date(2026, 10, 10),
        dt.date(2026, 10, 31),
    )
    again = client.post("/billing/", {"end": "2026-09-30"})
    assert "already open" in again.content.decode()
    before = client.post("/billing/", {"end": "1999-09-30"})
    assert (
        before.status_code == 200
        and "No billing calendar (§118-51) was in force on 1999-09-30" in before.content.decode()
    )


@override_settings(TASKS=IMMEDIATE)
def test_the_clerk_runs_the_draft_as_a_job_and_sees_exceptions_first(
    client_as: Any, make_account: Any, autumn: Any, django_capture_on_commit_callbacks: Any
) -> None:
    plain = make_account(meters=[(1_000, 9_000)])
    wash = make_account(
        user_class="commercial", meters=[(0, 15_000), {"start": 0, "end": 45_000, "purpose": "vehicle_wash"}]
    )
    estimate = make_account(metered=False, user_class="commercial")
    client = client_as("clerk")
    page = client.get(f"/billing/periods/{autumn.pk}/").content.decode()
    assert "Run the draft bills" in page and "Mark reviewed" not in page and "Post to the ledger" not in page
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(f"/billing/periods/{autumn.pk}/run/").status_code == 302
    job = Job.objects.get(kind="bill_run")
    assert job.status == Job.Status.SUCCEEDED, job.message
    assert (job.done, job.total, job.result["bills"]) == (3, 3, 3)
    assert AuditEvent.objects.filter(action="bill_run", rows=3).count() == 1
    page = client.get(f"/billing/periods/{autumn.pk}/").content.decode()
    assert "Succeeded" in page and "3 of 3" in page
    assert estimate.account_number in page and wash.account_number in page
    assert plain.account_number not in page  # no exception: not listed first
    only_wash = client.get(f"/billing/periods/{autumn.pk}/?flag=wash").content.decode()
    assert wash.account_number in only_wash and estimate.account_number not in only_wash


def test_the_superintendent_reviews_and_posts_from_the_period_page(
    client_as: Any, make_account: Any, autumn: Any, staff: Any
) -> None:
    make_account(meters=[(1_000, 9_000)])
    run_drafts(autumn, acting_user=staff.clerk)
    client = client_as("superintendent")
    assert "Mark reviewed" in client.get(f"/billing/periods/{autumn.pk}/").content.decode()
    client.post(f"/billing/periods/{autumn.pk}/review/", {"confirm": "on"})
    page = client.get(f"/billing/periods/{autumn.pk}/").content.decode()
    assert "Post to the ledger" in page
    done = client.post(f"/billing/periods/{autumn.pk}/post/", {"confirm": "on"}, follow=True).content.decode()
    assert "1 bill posted to the ledger." in done and "Posted" in done
    again = client.post(f"/billing/periods/{autumn.pk}/review/", {"confirm": "on"}, follow=True).content.decode()
    assert "cannot become reviewed" in again


def test_the_bill_page_lists_line_items_with_citations_and_the_recomputed_decision(
    client_as: Any, make_account: Any, autumn: Any, staff: Any
) -> None:
    account = make_account(
        user_class="commercial", meters=[(0, 15_000), {"start": 0, "end": 45_000, "purpose": "vehicle_wash"}]
    )
    run_drafts(autumn, acting_user=staff.clerk)
    bill = Bill.objects.get(account=account)
    page = client_as("inspector").get(f"/billing/bills/{bill.pk}/").content.decode()
    assert "Vehicle-wash water, separately metered, excluded from sewer usage" in page
    assert "§ 118-6" in page and "I-44" in page and "§ 118-52" in page
    assert "$45.00" in page and "Agrees with the bill to the cent" in page
    assert 'Outcome: <span class="text-uppercase">charge</span>' in page


def test_the_parcel_page_shows_the_ledger_and_balance(
    client_as: Any, make_account: Any, autumn: Any, staff: Any
) -> None:
    account = make_account(meters=[(1_000, 9_000)])
    run_drafts(autumn, acting_user=staff.clerk)
    client = client_as("clerk")
    page = client.get(f"/registry/parcels/{account.parcel.pk}/").content.decode()
    assert "Sewer ledger and balance" in page and "Balance: <strong>$0.00" in page and "Draft bills" in page
    do_review_period(autumn, acting_user=staff.superintendent)
    do_post_period(autumn, acting_user=staff.superintendent)
    page = client.get(f"/registry/parcels/{account.parcel.pk}/").content.decode()
    assert "Balance: <strong>$24.00" in page and "Sewer user charge 2026-04-01 – 2026-09-30" in page
    assert "Sewer bill posted: $24.00 for 2026-04-01 – 2026-09-30" in page  # on the parcel's timeline


def test_the_dashboard_panel_shows_the_latest_period_and_what_is_held(
    client_as: Any, make_account: Any, autumn: Any, staff: Any
) -> None:
    make_account(meters=[(500_000, 3_000)])
    run_drafts(autumn, acting_user=staff.clerk)
    page = client_as("board member").get("/").content.decode()
    assert "Billing" in page and autumn.name in page and "1 held" in page


def test_a_period_left_posting_shows_its_progress_and_the_superintendent_finishes_it(
    client_as: Any, make_account: Any, autumn: Any, staff: Any
) -> None:
    """I-108: a posting that stopped after its first chunk leaves the period "posting"; its page says how many
    bills are on the ledger, offers no new run, and "Finish posting" posts the rest."""
    for g in (9_000, 3_000):
        make_account(meters=[(1_000, g)])
    run_drafts(autumn, acting_user=staff.clerk)
    do_review_period(autumn, acting_user=staff.superintendent)

    def stop(**_: Any) -> None:
        raise RuntimeError("stopped between two chunks")

    with pytest.raises(RuntimeError):
        do_post_period(autumn, acting_user=staff.superintendent, chunk_size=1, progress=stop)
    client = client_as("superintendent")
    page = client.get(f"/billing/periods/{autumn.pk}/").content.decode()
    assert "<strong>Posting</strong> · 1 of 2 bills on the ledger" in page and "Finish posting" in page
    assert "Run the draft again" not in page
    done = client.post(f"/billing/periods/{autumn.pk}/post/", {"confirm": "on"}, follow=True).content.decode()
    assert "1 bill posted to the ledger, finishing the posting (2 in all)." in done
    assert "<strong>Posted</strong>" in done and Bill.objects.filter(status="posted").count() == 2
