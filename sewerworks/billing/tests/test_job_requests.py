"""A bill run or a batch of bills asked for twice is one job (issue 30, item 4): the API answers the job, or
the batch, already queued or running; both are batches, which the worker takes after interactive work."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command

from sewerworks.billing.models import BillBatch
from sewerworks.core.jobs.queue import BATCH
from sewerworks.core.models import Job

pytestmark = pytest.mark.django_db
JSON = "application/json"


def test_a_bill_run_asked_twice_is_one_job_run_last(client_as: Any, autumn: Any) -> None:
    clerk = client_as("clerk")
    first = clerk.post(f"/api/billing/periods/{autumn.pk}/runs")
    again = client_as("superintendent").post(f"/api/billing/periods/{autumn.pk}/runs")
    assert first.status_code == again.status_code == 202
    assert again.json()["id"] == first.json()["id"]
    assert Job.objects.filter(kind="bill_run").count() == 1
    assert Job.objects.get(kind="bill_run").priority == BATCH


def test_a_batch_of_bills_asked_twice_is_one_batch(client_as: Any, make_account: Any, autumn: Any,
                                                   staff: Any) -> None:  # fmt: skip
    make_account(meters=[(1_000, 1_700)])
    call_command("bill_run", "2026-09-30", "--post", "--as-user", staff.superintendent.username)
    clerk = client_as("clerk")
    first = clerk.post(f"/api/billing/periods/{autumn.pk}/mailing", {"order": "route"}, content_type=JSON)
    again = clerk.post(f"/api/billing/periods/{autumn.pk}/mailing", {"order": "route"}, content_type=JSON)
    assert first.status_code == again.status_code == 202 and again.json()["id"] == first.json()["id"]
    other = clerk.post(f"/api/billing/periods/{autumn.pk}/mailing", {"order": "address"}, content_type=JSON)
    assert other.status_code == 202 and other.json()["id"] != first.json()["id"]  # another order: another batch
    assert BillBatch.objects.count() == 2
    assert set(Job.objects.filter(kind="bill_pdfs").values_list("priority", flat=True)) == {BATCH}
