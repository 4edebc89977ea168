"""A batch of bill PDFs killed with SIGKILL as its typeset parts are joined into the batch file: the batch
names no file, the job is "interrupted" once a worker starts again, and the rerun leaves exactly one
complete PDF for the batch in its folder, with one page per bill (issue 19; the bill run: test_killed_run.py)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.db import connection

from sewerworks.billing.actions.printing import do_start_bill_batch
from sewerworks.billing.models import BillBatch
from sewerworks.core.models import Job
from tests.operations.killpoint import ROOT, database_url, run_command

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


MID_BATCH = "after:sewerworks.billing.documents.batch:_Pool.submit"  # the pool forked, a part being drawn


def _marked(mark: str) -> list[int]:
    """The live processes started with ``SEWERWORKS_TEST_MARK=mark`` in their environment (zombies have none)."""
    wanted = f"SEWERWORKS_TEST_MARK={mark}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                environment = (entry / "environ").read_bytes()
            except OSError:  # gone, or not ours
                continue
            if wanted in environment.split(b"\0"):
                found.append(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="finds the processes through /proc (Linux)")
@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_batch_leaves_no_typesetting_process_alive(
    make_account: Any, autumn: Any, staff: Any, tmp_path: Path
) -> None:
    """Issue 30, item 3: the typesetting processes die with the worker that forked them (they held its
    database connection and the batch's .partial file open, and waited for work forever)."""
    mark = f"{os.getpid()}-{tmp_path.name}"
    env = {"SEWERWORKS_VAR": str(tmp_path / "var"), "SEWERWORKS_BILL_PDF_WORKERS": "2", "SEWERWORKS_TEST_MARK": mark}
    for i in range(3):
        make_account(meters=[(1_000, 1_700 + 300 * i)])
    call_command("bill_run", "2026-09-30", "--post", "--as-user", staff.superintendent.username)
    do_start_bill_batch(autumn, acting_user=staff.clerk)
    survivors: list[int] = []
    try:
        # Output to a file, not a pipe: a survivor holding the pipe would keep the run waiting for its end.
        with (tmp_path / "worker.log").open("w") as log:
            killed = subprocess.run(  # noqa: S603 - our own interpreter and module
                [sys.executable, "-m", "tests.operations.killpoint", MID_BATCH, "1", "--", "worker", "--batch"],
                cwd=ROOT, env={**os.environ, "DATABASE_URL": database_url(connection), "PYTHONPATH": str(ROOT), **env},
                stdout=log, stderr=subprocess.STDOUT, timeout=300, check=False,
            )  # fmt: skip
        assert killed.returncode == -signal.SIGKILL, (tmp_path / "worker.log").read_text()
        deadline = time.monotonic() + 10
        while (survivors := _marked(mark)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert survivors == [], "a typesetting process outlived the worker that forked it"
    finally:
        for pid in _marked(mark):  # never leave them on the machine, even when the test fails
            os.kill(pid, signal.SIGKILL)


def _what_a_typesetter_sees() -> tuple[bool, int]:
    from django.db import connection as inherited

    return inherited.connection is None, os.getppid()


@pytest.mark.django_db
def test_a_typesetting_process_never_uses_the_database_connection_it_inherits() -> None:
    from sewerworks.billing.documents.batch import _Pool

    connection.ensure_connection()
    pool = _Pool(2)
    try:
        assert pool.executor is not None
        let_go, parent = pool.executor.submit(_what_a_typesetter_sees).result(timeout=120)
    finally:
        pool.close()
    assert let_go and parent == os.getpid()
    with connection.cursor() as cursor:  # the parent's connection is still its own, open and working
        cursor.execute("SELECT 1")
        assert cursor.fetchone() == (1,)
