"""A batch of bill PDFs killed with SIGKILL as its typeset parts are joined into the batch file: the batch
names no file, the job is "interrupted" once a worker starts again, and the rerun leaves exactly one
complete PDF for the batch in its folder, with one page per bill (issue 19; the bill run: test_killed_run.py)."""

from __future__ import annotations

import signal
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.db import connection

from sewerworks.billing.actions.printing import do_start_bill_batch
from sewerworks.billing.models import BillBatch
from sewerworks.core.models import Job
from tests.operations.killpoint import run_command

JOIN = "before:sewerworks.billing.documents.batch:join_parts"


@pytest.mark.django_db(transaction=True)
def test_a_batch_killed_while_joining_names_no_file_and_its_rerun_leaves_one_complete_pdf(
    make_account: Any, autumn: Any, staff: Any, tmp_path: Path
) -> None:
    var = {"SEWERWORKS_VAR": str(tmp_path / "var")}  # the workers' uploads folder: this test's own
    for i in range(3):
        make_account(meters=[(1_000, 1_700 + 300 * i)])
    call_command("bill_run", "2026-09-30", "--post", "--as-user", staff.superintendent.username)
    batch = do_start_bill_batch(autumn, acting_user=staff.clerk)
    folder = tmp_path / "var" / "media" / f"bill-batches/{autumn.pk}"

    killed = run_command("worker", "--batch", connection=connection, point=JOIN, env=var)

    assert killed.returncode == -signal.SIGKILL, killed.stderr
    batch.refresh_from_db()
    assert not batch.file and batch.bills in (0, None)
    restarted = run_command("worker", "--batch", connection=connection, env=var)
    assert restarted.returncode == 0, restarted.stderr
    job = Job.objects.get(pk=batch.job_id)
    assert job.status == Job.Status.INTERRUPTED

    rerun = run_command("jobs", "--rerun", str(job.pk), "--as-user", staff.clerk.username, connection=connection)
    assert rerun.returncode == 0, rerun.stderr
    worked = run_command("worker", "--batch", connection=connection, env=var)
    assert worked.returncode == 0, worked.stderr
    batch = BillBatch.objects.get(pk=batch.pk)
    job.refresh_from_db()
    assert job.status == Job.Status.SUCCEEDED, job.message
    assert batch.bills == 3 and batch.pages == 3
    files = sorted(p.name for p in folder.iterdir())
    assert files == [Path(batch.file.name).name], "nothing half-written is left beside the batch's file"
    assert (folder / files[0]).read_bytes().startswith(b"%PDF") and (folder / files[0]).stat().st_size == batch.size
