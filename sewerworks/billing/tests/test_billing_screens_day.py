"""The billing screens as a new clerk reads them (issue 38, item 11): the periods newest first; the run said in
words, not raw JSON; the period's history with its imports and runs; an import that says the draft must be
run again; review and post each asking for a confirmation (the exceptions opened first); the statement
without internal keys; the receipt with what is still owed."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.test import override_settings

from sewerworks.billing.actions import do_open_period, do_take_payment
from sewerworks.billing.engine.run import run_drafts
from sewerworks.billing.models import BillingPeriod
from sewerworks.core.imports.runner import do_import

pytestmark = pytest.mark.django_db
IMMEDIATE = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}


def test_the_periods_are_listed_newest_first(staff: Any, client_as: Any) -> None:
    for end in (dt.date(2025, 9, 30), dt.date(2026, 9, 30), dt.date(2026, 3, 31)):
        do_open_period(end, acting_user=staff.clerk)
    page = client_as("clerk").get("/billing/").content.decode()
    assert "Periods, newest first" in page
    at = [page.index(p.name) for p in BillingPeriod.objects.order_by("-end")]
    assert at == sorted(at)


@override_settings(TASKS=IMMEDIATE)
def test_the_period_says_its_run_in_words_and_its_history_has_the_import_and_the_runs(
    make_account: Any, autumn: Any, staff: Any, client_as: Any, django_capture_on_commit_callbacks: Any
) -> None:
    meter = make_account(meters=[(10_000, None)]).meters.get()
    clerk = client_as("clerk")
    with django_capture_on_commit_callbacks(execute=True):
        clerk.post(f"/billing/periods/{autumn.pk}/run/")
    data = f"meter_serial,read_on,reading\n{meter.serial},2026-09-30,18000\n".encode()
    result = do_import("reads", acting_user=staff.clerk, data=data, file_name="wd.csv",
                       context={"billing.period": autumn.pk})  # fmt: skip
    assert "run the bills again for them to count" in result.note
    with django_capture_on_commit_callbacks(execute=True):
        clerk.post(f"/billing/periods/{autumn.pk}/run/")
    page = clerk.get(f"/billing/periods/{autumn.pk}/").content.decode()
    assert '"total_cents"' not in page and "1 draft bills, $24.00." in page
    history = page[page.index('id="chg-h"'):]
    assert history.count("Bill run: 1 draft bill") == 2
    assert "Reads imported (wd.csv): 1 read" in history


def test_review_and_post_ask_for_a_confirmation_naming_the_exceptions(
    make_account: Any, autumn: Any, staff: Any, client_as: Any
) -> None:
    make_account(meters=[(10_000, None)])  # held: no read in the window
    make_account(meters=[(1_000, 9_000)])
    run_drafts(autumn, acting_user=staff.clerk)
    sam = client_as("superintendent")
    page = sam.get(f"/billing/periods/{autumn.pk}/").content.decode()
    assert "I have opened the exceptions" in page and "1 held" in page
    sam.post(f"/billing/periods/{autumn.pk}/review/")
    autumn.refresh_from_db()
    assert autumn.status == "draft"  # not confirmed: nothing changes
    sam.post(f"/billing/periods/{autumn.pk}/review/", {"confirm": "on"})
    autumn.refresh_from_db()
    assert autumn.status == "reviewed"
    sam.post(f"/billing/periods/{autumn.pk}/post/")
    autumn.refresh_from_db()
    assert autumn.status == "reviewed"
    sam.post(f"/billing/periods/{autumn.pk}/post/", {"confirm": "on"})
    autumn.refresh_from_db()
    assert autumn.status == "posted"


def test_the_statement_has_no_internal_keys_and_the_receipt_says_what_is_still_owed(
    make_account: Any, autumn: Any, staff: Any, client_as: Any
) -> None:
    from sewerworks.billing.actions import do_post_period, do_review_period

    account = make_account(meters=[(1_000, 9_000)])
    run_drafts(autumn, acting_user=staff.clerk)
    do_review_period(autumn, acting_user=staff.superintendent)
    do_post_period(autumn, acting_user=staff.superintendent)
    payment = do_take_payment(account, amount=Decimal("10.00"), method="cash", acting_user=staff.clerk,
                              received_on=dt.date(2026, 10, 20), receipt_number="R-1").payment  # fmt: skip
    clerk = client_as("clerk")
    statement = clerk.get(f"/billing/accounts/{account.pk}/statement/").content.decode()
    assert "bill:" not in statement and "payment:" not in statement and "Source" not in statement
    receipt = clerk.get(f"/billing/receipts/{payment.pk}/").content.decode()
    assert "Still owed on the account" in receipt and "$14.00" in receipt
