"""Background jobs: start a task with a progress record, report progress from inside it.

The queue is django-tasks with its database backend (works on SQLite and PostgreSQL);
``sewerworks worker`` runs it. A task that wants progress takes ``job_id`` and calls
:func:`report_progress`; :func:`start_job` creates the :class:`Job` row and enqueues the task.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from sewerworks.core.models import Job


def start_job(task: Any, *, kind: str, title: str, acting_user: Any, **kwargs: Any) -> Job:
    """Record a job and enqueue ``task(job_id=..., **kwargs)`` once the transaction commits."""
    job = Job.objects.create(kind=kind, title=title, created_by=acting_user)

    def _enqueue() -> None:
        result = task.enqueue(job_id=job.pk, **kwargs)
        Job.objects.filter(pk=job.pk).update(task_result_id=str(result.id))

    transaction.on_commit(_enqueue)
    return job


def report_progress(job_id: int, *, done: int, total: int | None = None, message: str = "") -> None:
    """Called by a running task: how far it has got. One UPDATE, no read."""
    fields: dict[str, Any] = {"done": done, "status": Job.Status.RUNNING}
    if total is not None:
        fields["total"] = total
    if message:
        fields["message"] = message
    Job.objects.filter(pk=job_id).update(**fields)


def job_started(job_id: int) -> None:
    Job.objects.filter(pk=job_id).update(status=Job.Status.RUNNING, started_at=timezone.now())


def job_finished(job_id: int, *, result: dict[str, Any] | None = None, error: str = "") -> None:
    status = Job.Status.FAILED if error else Job.Status.SUCCEEDED
    Job.objects.filter(pk=job_id).update(
        status=status, finished_at=timezone.now(), result=result or {}, message=error or "Finished."
    )


class JobRun:
    """Context manager for a task body: marks the job running, then succeeded or failed.

    with JobRun(job_id) as run:
        run.progress(done=10, total=100)
        run.result = {...}
    """

    def __init__(self, job_id: int) -> None:
        self.job_id = job_id
        self.result: dict[str, Any] = {}

    def __enter__(self) -> JobRun:
        job_started(self.job_id)
        return self

    def progress(self, *, done: int, total: int | None = None, message: str = "") -> None:
        report_progress(self.job_id, done=done, total=total, message=message)

    def __exit__(self, exc_type: Any, exc: Any, tb: Any) -> None:
        if exc is not None:
            job_finished(self.job_id, error=f"{exc_type.__name__}: {exc}")
            return
        job_finished(self.job_id, result=self.result)
