"""The period's "Import reads" link leads to the core import screens for the meter-read kind: upload,
preview with each bad row named, commit whole or valid rows only, the reject file, and back to the period."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from sewerworks.billing.models import BillingPeriod
from sewerworks.registry.models import MeterRead

pytestmark = pytest.mark.django_db
HOME = "/registry/import/reads/"


def upload(client: Any, text: str) -> Any:
    return client.post(HOME, {"file": SimpleUploadedFile("wd-2026-09.csv", text.encode(), "text/csv")})


@pytest.fixture
def reads(make_account: Any, autumn: BillingPeriod) -> str:
    meter = make_account(meters=[(10_000, None)]).meters.get()
    return (
        "meter_serial,account_number,read_on,reading,unit\n"
        f"{meter.serial},{meter.account.account_number},2026-09-30,18000,gal\n"
        "WM-NOPE,,2026-09-30,100,gal\n"
    )


def test_the_period_page_links_the_clerk_to_the_read_import_for_that_period(
    client_as: Any, autumn: BillingPeriod
) -> None:
    page = client_as("clerk").get(f"/billing/periods/{autumn.pk}/").content.decode()
    assert f'href="{HOME}?period={autumn.pk}&amp;next=/billing/periods/{autumn.pk}/"' in page
    assert ">Import reads</a>" in page


def test_a_board_member_sees_no_import_link_and_may_not_open_the_screen(client_as: Any, autumn: BillingPeriod) -> None:
    client = client_as("board member")
    assert "Import reads" not in client.get(f"/billing/periods/{autumn.pk}/").content.decode()
    assert client.get(HOME).status_code == 403


def test_upload_preview_and_valid_rows_only_then_back_to_the_period(
    client_as: Any, autumn: BillingPeriod, reads: str
) -> None:
    client = client_as("clerk")
    assert client.get(f"{HOME}?period={autumn.pk}&next=/billing/periods/{autumn.pk}/").status_code == 200
    staged = upload(client, reads)
    assert staged.status_code == 302 and staged["Location"] == f"{HOME}preview/"
    preview = client.get(f"{HOME}preview/").content.decode()
    assert "Water District meter reads (CSV): wd-2026-09.csv" in preview
    assert f"For the billing period {autumn.name}: reads dated 2026-09-15 to 2026-10-15 count" in preview
    assert "<td>3</td><td><code>meter_serial</code></td><td>No water meter WM-NOPE.</td>" in preview
    assert "Reads to record" in preview and not MeterRead.objects.filter(read_on=dt.date(2026, 9, 30)).exists()
    refused = client.post(f"{HOME}commit/", {"mode": "all"})
    assert refused["Location"] == f"{HOME}preview/" and not MeterRead.objects.filter(run__gt="").exists()
    done = client.post(f"{HOME}commit/", {"mode": "valid"})
    assert done.status_code == 302 and done["Location"].startswith(f"{HOME}result/?run=")
    result = client.get(done["Location"]).content.decode()
    assert f'href="/billing/periods/{autumn.pk}/">Back to the billing period</a>' in result
    run = done["Location"].split("run=")[1]
    rejects = client.get(f"{HOME}result/{run}/rejects/")
    assert rejects.status_code == 200 and b"WM-NOPE" in b"".join(rejects.streaming_content)
    assert MeterRead.objects.get(read_on=dt.date(2026, 9, 30)).reading == 18_000


def test_an_unknown_kind_or_the_roll_on_the_one_file_screen_is_not_found(client_as: Any) -> None:
    client = client_as("clerk")
    assert client.get("/registry/import/lab-results/").status_code == 404
    assert client.get("/registry/import/roll/").status_code == 404


def test_a_file_that_is_not_csv_is_refused_on_the_form(client_as: Any, autumn: BillingPeriod) -> None:
    client = client_as("clerk")
    refused = client.post(HOME, {"file": SimpleUploadedFile("reads.xlsx", b"PK\x03\x04", "application/zip")})
    assert refused.status_code == 400 and "the file name must end in .csv" in refused.content.decode()


def test_a_large_file_is_previewed_and_imported_by_jobs_for_the_period_the_link_named(
    client_as: Any, autumn: BillingPeriod, reads: str, monkeypatch: Any, django_capture_on_commit_callbacks: Any
) -> None:
    from sewerworks.core.imports import tasks
    from sewerworks.core.imports.kinds import get_kind
    from sewerworks.core.models import Job

    monkeypatch.setattr(get_kind("reads"), "preview_job_bytes", 10)
    monkeypatch.setattr(get_kind("reads"), "job_rows", 1)
    client = client_as("clerk")
    client.get(f"{HOME}?period={autumn.pk}")
    upload(client, reads)
    with django_capture_on_commit_callbacks(execute=False):
        waiting = client.get(f"{HOME}preview/").content.decode()
    assert "checked in the background" in waiting
    job = Job.objects.get(kind="registry-import-preview")
    assert job.task_kwargs["context"] == {"billing.period": autumn.pk}
    tasks.preview_upload_job.call(job_id=job.pk, **job.task_kwargs)
    preview = client.get(f"{HOME}preview/").content.decode()
    assert "No water meter WM-NOPE." in preview and f"For the billing period {autumn.name}" in preview
    with django_capture_on_commit_callbacks(execute=False):
        started = client.post(f"{HOME}commit/", {"mode": "valid"})
    job = Job.objects.get(kind="registry-import")
    assert started["Location"] == f"{HOME}result/?job={job.pk}"
    tasks.import_upload.call(job_id=job.pk, **job.task_kwargs)
    job.refresh_from_db()
    assert job.status == Job.Status.SUCCEEDED, job.message
    assert MeterRead.objects.get(read_on=dt.date(2026, 9, 30)).reading == 18_000
    assert "Reads to record" in client.get(started["Location"]).content.decode()
