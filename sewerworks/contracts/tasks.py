"""The contract-user screen as a background job, with progress on its Job (``sewerworks worker`` runs it)."""

from __future__ import annotations

import datetime as dt

from django_tasks import task

from sewerworks.contracts.models import ScreenRun
from sewerworks.contracts.screen.run import run_screen
from sewerworks.core.jobs.runner import JobRun


@task()
def contract_screen(job_id: int, screen_id: int) -> None:
    """Screen the whole parcel layer for the ScreenRun ``screen_id`` (§118-29.1), reporting each chunk."""

    with JobRun(job_id) as run:
        record = ScreenRun.objects.get(pk=screen_id)
        done = run_screen(record, progress=run.progress)
        run.result = {
            "screen": done.pk,
            "as_of": dt.date.isoformat(done.as_of),
            "parcels": done.parcels_read,
            "candidates": done.candidates,
            "counts": done.counts,
            "mismatches": len(done.mismatches),
            "message": f"{done.candidates:,} candidates among {done.parcels_read:,} parcels outside the areas.",
        }
