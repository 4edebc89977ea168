"""Billing's background tasks: the bill run and the bills for the mailing, with progress on their Job."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone
from django_tasks import task

from sewerworks.core.jobs.runner import JobRun


@task()
def bill_run(job_id: int, period_id: int, user_id: int) -> None:
    """Compute the period's draft bills in chunks, reporting progress after each."""
    from sewerworks.billing.engine.run import run_drafts
    from sewerworks.billing.models import BillingPeriod

    with JobRun(job_id) as run:
        period = BillingPeriod.objects.get(pk=period_id)
        user = get_user_model().objects.get(pk=user_id)
        result = run_drafts(period, acting_user=user, progress=run.progress)
        run.result = {
            "bills": result.bills,
            "total_cents": result.total_cents,
            "flags": result.flags,
            "message": result.message,
            "run": result.run,
        }


def run_bill_batch(job_id: int, batch_id: int, *, progress: Any = None, workers: int | None = None) -> dict[str, Any]:
    """Typeset the batch's bills into its file, reporting progress on its Job (and to ``progress``)."""
    from django.core.files.storage import default_storage

    from sewerworks.billing.documents.batch import describe, write_batch
    from sewerworks.billing.models import BillBatch
    from sewerworks.billing.models.batches import batch_file_name

    with JobRun(job_id) as run:

        def report(*, done: int, total: int | None = None, message: str = "") -> None:
            run.progress(done=done, total=total, message=message)
            if progress is not None:
                progress(done=done, total=total, message=message)

        batch = BillBatch.objects.select_related("period", "period__area").get(pk=batch_id)
        old = batch.file.name
        name = batch_file_name(batch, "")
        path = Path(default_storage.path(name))
        path.parent.mkdir(parents=True, exist_ok=True)
        # Written under one name per batch, renamed when complete: a process killed mid-write (SIGKILL runs
        # no cleanup) leaves only this .partial, which the rerun overwrites (issue 19's fault test).
        partial = path.with_name(f"batch-{batch.pk}.partial")
        try:
            with partial.open("wb") as out:
                outcome = write_batch(batch.period, batch.order, out, progress=report, workers=workers)
            partial.replace(path)
        except BaseException:
            partial.unlink(missing_ok=True)
            raise
        BillBatch.objects.filter(pk=batch.pk).update(
            file=name,
            bills=outcome.bills,
            pages=outcome.pages,
            size=outcome.size,
            seconds=Decimal(f"{outcome.seconds:.2f}"),
            finished_at=timezone.now(),
        )
        if old and old != name:  # a rerun replaces the file of the earlier attempt
            default_storage.delete(old)
        run.result = {
            "batch": batch.pk,
            "bills": outcome.bills,
            "pages": outcome.pages,
            "bytes": outcome.size,
            "seconds": round(outcome.seconds, 2),
            "message": f"Ready to download: {describe(outcome)}.",
        }
    return run.result


@task()
def bill_pdfs(job_id: int, batch_id: int) -> None:
    """A period's bills as one PDF for the mailing, in chunks, reporting progress after each."""
    run_bill_batch(job_id, batch_id)


def run_notice_batch(job_id: int, batch_id: int, *, progress: Any = None, workers: int | None = None) -> dict[str, Any]:
    """Typeset a statement's notices before relevy into the batch's file (§118-53), with progress on its Job."""
    from django.core.files.storage import default_storage

    from sewerworks.billing.documents.batch import describe
    from sewerworks.billing.models import NoticeBatch
    from sewerworks.billing.models.relevy import notice_file_name
    from sewerworks.billing.taxroll.notices import write_notices

    with JobRun(job_id) as run:

        def report(*, done: int, total: int | None = None, message: str = "") -> None:
            run.progress(done=done, total=total, message=message)
            if progress is not None:
                progress(done=done, total=total, message=message)

        batch = NoticeBatch.objects.select_related("statement").get(pk=batch_id)
        name = notice_file_name(batch, "")
        path = Path(default_storage.path(name))
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"notices-{batch.pk}.partial")  # a killed run leaves only this, rerun overwrites it
        try:
            with partial.open("wb") as out:
                outcome = write_notices(batch.statement, batch.order, out, progress=report, workers=workers)
            partial.replace(path)
        except BaseException:
            partial.unlink(missing_ok=True)
            raise
        NoticeBatch.objects.filter(pk=batch.pk).update(file=name, notices=outcome.bills, pages=outcome.pages,
                                                       size=outcome.size, finished_at=timezone.now())  # fmt: skip
        run.result = {"batch": batch.pk, "notices": outcome.bills, "pages": outcome.pages, "bytes": outcome.size,
                      "message": f"Ready to download: {describe(outcome).replace('bills', 'notices', 1)}."}  # fmt: skip
    return run.result


@task()
def relevy_notices(job_id: int, batch_id: int) -> None:
    """The notices before relevy of a filed statement as one PDF, in chunks, reporting progress after each."""
    run_notice_batch(job_id, batch_id)
