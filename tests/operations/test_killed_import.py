"""An import job killed with SIGKILL in its commit, every chunk written but before the batch is published:
no parcel of it is visible, the job is "interrupted" once a worker starts again, and the rerun imports
every row exactly once."""

from __future__ import annotations

import signal
from typing import Any

import pytest
from django.db import connection

from sewerworks.core.imports import staging
from sewerworks.core.imports.tasks import import_upload
from sewerworks.core.jobs.runner import start_job
from sewerworks.core.models import ImportBatch, Job
from sewerworks.registry.models import ImprovementArea, Ownership, Parcel
from sewerworks.registry.search import search
from sewerworks.registry.tests.test_imports import MARLBOROUGH, roll, row
from tests.operations.killpoint import run_command

pytestmark = pytest.mark.django_db(transaction=True)
ROWS = 230  # three chunks of parcels (core.imports.writer: 100 rows a chunk, then adapting)
PUBLISH = "before:sewerworks.core.imports.writer:StagedWriter.publish"


def test_an_import_killed_before_it_publishes_shows_nothing_and_its_rerun_imports_each_row_once(make_user: Any) -> None:
    ImprovementArea.objects.create(code="marlborough", name="Hamlet of Marlborough", boundary=MARLBOROUGH)
    clerk = make_user("clerk")
    data = roll(*[row(f"108.12-3-{n}", owner_name=f"Owner {n}") for n in range(1, ROWS + 1)])
    token = staging.stage([staging.StagedFile("roll", "roll-2025.csv", data)], user_id=clerk.pk)
    job = start_job(
        import_upload,
        kind="registry-import",
        title="Roll 2025",
        acting_user=clerk,
        token=token,
        user_id=clerk.pk,
        valid_rows_only=False,
        as_of="2025-06-01",
    )

    killed = run_command("worker", "--batch", connection=connection, point=PUBLISH)

    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert Parcel._base_manager.count() == ROWS, "every chunk was written before the kill"
    assert Parcel.objects.count() == 0 and Ownership.objects.count() == 0 and search("108.12-3") == []
    assert ImportBatch.objects.get().status == ImportBatch.Status.PENDING
    assert Job.objects.get(pk=job.pk).status == Job.Status.RUNNING  # until a worker sees its worker is dead

    restarted = run_command("worker", "--batch", connection=connection)
    assert restarted.returncode == 0, restarted.stderr
    job.refresh_from_db()
    assert job.status == Job.Status.INTERRUPTED and "stopped before it finished" in job.message
    assert Parcel.objects.count() == 0

    rerun = run_command("jobs", "--rerun", str(job.pk), "--as-user", clerk.username, connection=connection)
    assert rerun.returncode == 0, rerun.stderr
    worked = run_command("worker", "--batch", connection=connection)
    assert worked.returncode == 0, worked.stderr
    job.refresh_from_db()
    assert job.status == Job.Status.SUCCEEDED, job.message
    assert job.attempts == 2
    numbers = list(Parcel.objects.values_list("tax_map_number", flat=True))
    assert len(numbers) == ROWS and len(set(numbers)) == ROWS
    assert Ownership.objects.count() == ROWS
