"""Who may print: anyone who reads a bill opens its PDF; the clerk's office and the Superintendent print the
period's bills for the mailing, a job whose progress the screen polls and the command line prints, and
whose file only they download."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.test import override_settings
from pypdf import PdfReader

from sewerworks.billing.engine.run import run_drafts
from sewerworks.billing.models import Bill, BillBatch, BillingPeriod
from sewerworks.billing.tests.test_bill_pdfs import posted
from sewerworks.core.models import AuditEvent, Job

pytestmark = pytest.mark.django_db
IMMEDIATE = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
ONE_PROCESS = {"TASKS": IMMEDIATE, "SEWERWORKS_BILL_PDF_WORKERS": 1}


@pytest.fixture
def two_bills(staff: Any, make_account: Any, autumn: BillingPeriod, settings: Any, tmp_path: Any) -> BillingPeriod:
    settings.MEDIA_ROOT = tmp_path / "media"
    make_account(meters=[(0, 6_000)])
    make_account(meters=[(0, 9_000)])
    make_account(meters=[(5_000, None)])  # held: not printed
    return posted(autumn, staff)


@pytest.mark.parametrize("role", ["board member", "inspector", "clerk"])
def test_everyone_who_reads_a_bill_opens_it_as_a_pdf(client_as: Any, two_bills: BillingPeriod, role: str) -> None:
    bill = Bill.objects.filter(basis="reads").first()
    client = client_as(role)
    assert f'href="/billing/bills/{bill.pk}/pdf/"' in client.get(f"/billing/bills/{bill.pk}/").content.decode()
    response = client.get(f"/billing/bills/{bill.pk}/pdf/")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert bill.account.account_number in PdfReader(io.BytesIO(response.content)).pages[0].extract_text()
    api = client.get(f"/api/billing/bills/{bill.pk}/pdf")
    assert api.status_code == 200 and api.content.startswith(b"%PDF-")


def test_a_user_without_a_role_gets_no_pdf_and_a_held_bill_is_not_printed(
    client_as: Any, two_bills: BillingPeriod
) -> None:
    bill = Bill.objects.filter(basis="reads").first()
    held = Bill.objects.get(basis="held")
    assert client_as().get(f"/billing/bills/{bill.pk}/pdf/").status_code == 403
    client = client_as("clerk")
    refused = client.get(f"/billing/bills/{held.pk}/pdf/")
    assert refused.status_code == 409 and "held for a person (I-61)" in refused.content.decode()
    assert client.get(f"/api/billing/bills/{held.pk}/pdf").status_code == 422
    assert client.get("/api/billing/bills/999999/pdf").status_code == 404
    assert f'/billing/bills/{held.pk}/pdf/"' not in client.get(f"/billing/bills/{held.pk}/").content.decode()


@pytest.mark.parametrize("role", ["inspector", "board member", "town engineer"])
def test_only_the_clerks_office_and_the_superintendent_print_the_mailing(
    client_as: Any, two_bills: BillingPeriod, role: str
) -> None:
    client = client_as(role)
    page = client.get(f"/billing/periods/{two_bills.pk}/mailing/").content.decode()
    assert "Print the bills as one PDF" not in page and "for the clerk's office and the Superintendent" in page
    assert client.post(f"/billing/periods/{two_bills.pk}/mailing/", {"order": "route"}).status_code == 403
    api = client.post(
        f"/api/billing/periods/{two_bills.pk}/mailing", {"order": "route"}, content_type="application/json"
    )
    assert api.status_code == 403
    assert BillBatch.objects.count() == 0 and Job.objects.count() == 0


@override_settings(**ONE_PROCESS)
def test_the_clerk_prints_the_mailing_as_a_job_sees_its_progress_and_downloads_it(
    client_as: Any, two_bills: BillingPeriod, django_capture_on_commit_callbacks: Any, make_user: Any, client: Any
) -> None:
    clerk = client_as("clerk")
    with django_capture_on_commit_callbacks(execute=True):
        started = clerk.post(f"/billing/periods/{two_bills.pk}/mailing/", {"order": "address"})
    assert started.status_code == 302
    batch = BillBatch.objects.get()
    job = batch.job
    assert job.status == Job.Status.SUCCEEDED, job.message
    assert (job.done, job.total, job.result["bills"], job.result["pages"]) == (2, 2, 2, 2)
    assert (batch.bills, batch.pages, batch.order) == (2, 2, "address") and batch.file.name.endswith(".pdf")
    assert AuditEvent.objects.filter(action="do_start_bill_batch", actor=clerk.user).count() == 1
    fragment = clerk.get(f"/billing/mailing/{batch.pk}/").content.decode()
    assert "2 bills, 2 pages" in fragment and f"/files/bill-batch/{batch.pk}/" in fragment
    assert "hx-trigger" not in fragment  # finished: no more polling
    download = clerk.get(f"/files/bill-batch/{batch.pk}/")
    assert download.status_code == 200 and download["Content-Disposition"].startswith("attachment")
    assert len(PdfReader(io.BytesIO(b"".join(download.streaming_content))).pages) == 2
    client.force_login(make_user("inspector"))
    assert client.get(f"/files/bill-batch/{batch.pk}/").status_code == 403
    assert client.get(f"/billing/mailing/{batch.pk}/").status_code == 403


def test_a_running_batch_is_polled_until_its_job_finishes(client_as: Any, two_bills: BillingPeriod) -> None:
    clerk = client_as("clerk")
    clerk.post(f"/billing/periods/{two_bills.pk}/mailing/", {"order": "route"})  # queued: no worker in tests
    batch = BillBatch.objects.get()
    Job.objects.filter(pk=batch.job_id).update(status=Job.Status.RUNNING, done=1, total=2, message="Typeset 1 of 2")
    fragment = clerk.get(f"/billing/mailing/{batch.pk}/").content.decode()
    assert 'hx-trigger="every 2s"' in fragment and 'aria-valuenow="50"' in fragment and "Typeset 1 of 2" in fragment
    page = clerk.get(f"/billing/periods/{two_bills.pk}/mailing/").content.decode()
    assert f'id="batch-{batch.pk}"' in page
    period_page = clerk.get(f"/billing/periods/{two_bills.pk}/").content.decode()
    assert f'href="/billing/periods/{two_bills.pk}/mailing/"' in period_page


@override_settings(**ONE_PROCESS)
def test_the_api_starts_a_batch_and_reports_it(
    client_as: Any, two_bills: BillingPeriod, django_capture_on_commit_callbacks: Any
) -> None:
    clerk = client_as("superintendent")
    url = f"/api/billing/periods/{two_bills.pk}/mailing"
    bad = clerk.post(url, {"order": "zip"}, content_type="application/json")
    assert bad.status_code == 422
    with django_capture_on_commit_callbacks(execute=True):
        started = clerk.post(url, {"order": "route"}, content_type="application/json")
    assert started.status_code == 202 and started.json()["status"] == "queued"
    report = clerk.get(f"/api/billing/mailing/{started.json()['id']}").json()
    assert (report["status"], report["bills"], report["pages"], report["done"], report["total"]) == (
        "succeeded",
        2,
        2,
        2,
        2,
    )
    assert report["download"] == f"/files/bill-batch/{report['id']}/"


def test_the_command_line_prints_progress_and_writes_the_file(
    two_bills: BillingPeriod, staff: Any, tmp_path: Any, capsys: Any
) -> None:
    out = tmp_path / "mailing.pdf"
    call_command(
        "bill_pdfs", "2026-09-30", "--order", "address", "--out", str(out), "--as-user", staff.clerk.username,
        "--workers", "1",
    )  # fmt: skip
    printed = capsys.readouterr().out
    assert "2 bills to typeset in 1 chunks." in printed and "Typeset 2 of 2 bills (2 pages)." in printed
    assert len(PdfReader(str(out)).pages) == 2
    assert BillBatch.objects.get().job.status == Job.Status.SUCCEEDED
    with pytest.raises(CommandError, match="billing.print_bills"):
        call_command("bill_pdfs", "2026-09-30", "--as-user", staff.inspector.username)
    with pytest.raises(CommandError, match="no billing period ends on 2027-03-31"):
        call_command("bill_pdfs", "2027-03-31", "--as-user", staff.clerk.username)


def test_a_period_with_nothing_to_mail_is_refused_with_the_reason(
    client_as: Any, make_account: Any, autumn: BillingPeriod, staff: Any
) -> None:
    make_account(meters=[(5_000, None)])  # held: nothing to print
    run_drafts(autumn, acting_user=staff.clerk)
    clerk = client_as("clerk")
    refused = clerk.post(
        f"/api/billing/periods/{autumn.pk}/mailing", {"order": "route"}, content_type="application/json"
    )
    assert refused.status_code == 422 and "has no bills to print" in refused.json()["detail"]
    page = clerk.post(f"/billing/periods/{autumn.pk}/mailing/", {"order": "route"}, follow=True).content.decode()
    assert "has no bills to print" in page and BillBatch.objects.count() == 0


@override_settings(**ONE_PROCESS)
def test_a_failed_batch_leaves_no_file_and_its_rerun_prints_it(
    client_as: Any, two_bills: BillingPeriod, django_capture_on_commit_callbacks: Any, monkeypatch: Any
) -> None:
    from sewerworks.billing.documents import batch as batch_module
    from sewerworks.core.jobs.runner import do_rerun_job

    real = batch_module.write_batch

    def broken(*args: Any, **kwargs: Any) -> Any:
        args[2].write(b"%PDF-half")
        raise OSError("disk full")

    monkeypatch.setattr(batch_module, "write_batch", broken)
    clerk = client_as("clerk")
    with django_capture_on_commit_callbacks(execute=True):
        clerk.post(f"/billing/periods/{two_bills.pk}/mailing/", {"order": "route"})
    batch = BillBatch.objects.get()
    assert batch.job.status == Job.Status.FAILED and "disk full" in batch.job.message
    assert not batch.file and not list((two_bills_media(batch)).glob("*.pdf"))
    assert "rerun it from the job's page" in clerk.get(f"/billing/mailing/{batch.pk}/").content.decode()
    monkeypatch.setattr(batch_module, "write_batch", real)
    with django_capture_on_commit_callbacks(execute=True):
        do_rerun_job(batch.job, acting_user=clerk.user)
    batch.refresh_from_db()
    assert batch.job.status == Job.Status.SUCCEEDED and (batch.bills, batch.pages) == (2, 2)
    assert [p.name for p in two_bills_media(batch).glob("*.pdf")] == [batch.file.name.rsplit("/", 1)[-1]]


def two_bills_media(batch: BillBatch) -> Any:
    from django.conf import settings

    return settings.MEDIA_ROOT / "bill-batches" / str(batch.period_id)
