"""Background jobs: start a task with a progress record, report progress from inside it.

The queue is django-tasks with its database backend (works on SQLite and PostgreSQL);
``sewerworks worker`` runs it. A task that wants progress takes ``job_id`` and calls
:func:`report_progress`; :func:`start_job` creates the :class:`Job` row and enqueues the task.

A running job names its worker process (host, pid, process start) and keeps a heartbeat; when a worker
dies, the next one to start marks its jobs interrupted (``core.jobs.workers``), and ``do_rerun_job`` runs the
same task with the same arguments again.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.module_loading import import_string

from sewerworks.core.access.permissions import require
from sewerworks.core.jobs import queue
from sewerworks.core.jobs.workers import this_worker
from sewerworks.core.models import AuditEvent, Job


def start_job(
    task: Any,
    *,
    kind: str,
    title: str,
    acting_user: Any,
    priority: int = queue.DEFAULT,
    same_as: dict[str, Any] | None = None,
    run_here: bool = False,
    **kwargs: Any,
) -> Job:
    """Record a job and enqueue ``task(job_id=..., **kwargs)`` once the transaction commits, at ``priority``
    (``queue.INTERACTIVE`` before ``queue.BATCH``).

    A job of the same kind queued or running with the same ``same_as`` arguments (default: all of ``kwargs``)
    is returned instead (``job.reused``); otherwise a user with the most jobs waiting is refused
    (``core.jobs.queue``). With ``run_here`` the job is recorded, not queued: the caller runs it in its own
    process (the command line), so it is neither compared nor counted. The task's path and arguments are kept
    on the job so that it can be rerun (they must be JSON, as the queue requires anyway)."""
    key = "" if run_here else queue.request_key(kind, kwargs if same_as is None else same_as)
    with transaction.atomic():
        if not run_here:
            equal = queue.equal_job(kind, kwargs if same_as is None else same_as)
            if equal is not None:
                return equal
            queue.check_room(acting_user)
        try:
            with transaction.atomic():
                job = Job.objects.create(
                    kind=kind,
                    title=title,
                    created_by=acting_user,
                    task_path=str(getattr(task, "module_path", "")),
                    task_kwargs=kwargs,
                    priority=priority,
                    request_key=key,
                )
        except IntegrityError:  # an equal request committed its job a moment ago: that one
            found = queue.equal_job(kind, kwargs if same_as is None else same_as)
            if found is None:
                raise
            return found
        if not run_here:
            enqueue(task, job, kwargs)
    return job


def enqueue(task: Any, job: Job, kwargs: dict[str, Any]) -> None:
    """Enqueue ``task`` for ``job`` at the job's priority once the current transaction commits."""

    def _enqueue() -> None:
        result = task.using(priority=job.priority).enqueue(job_id=job.pk, **kwargs)
        Job.objects.filter(pk=job.pk).update(task_result_id=str(result.id))

    transaction.on_commit(_enqueue)


def report_progress(job_id: int, *, done: int, total: int | None = None, message: str = "") -> None:
    """Called by a running task: how far it has got. One UPDATE, no read."""
    fields: dict[str, Any] = {"done": done, "status": Job.Status.RUNNING, "heartbeat_at": timezone.now()}
    if total is not None:
        fields["total"] = total
    if message:
        fields["message"] = message
    Job.objects.filter(pk=job_id).update(**fields)


class JobCancelled(RuntimeError):
    """The job was cancelled before it started (``core.jobs.queue.do_cancel_job``): its task does not run."""


def job_started(job_id: int) -> None:
    """The job is running in this process: say which one, so that its death can be seen. A job cancelled
    before a worker took it (its queue row already claimed) is not run: JobCancelled."""
    host, pid, process_start = this_worker()
    now = timezone.now()
    if Job.objects.filter(pk=job_id, status=Job.Status.CANCELLED).exists():
        raise JobCancelled(f"Job {job_id} was cancelled before it started.")
    Job.objects.filter(pk=job_id).update(
        status=Job.Status.RUNNING,
        started_at=now,
        heartbeat_at=now,
        worker_host=host,
        worker_pid=pid,
        worker_process_start=process_start,
    )


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


def do_rerun_job(job: Job, *, acting_user: Any) -> Job:
    """Run an interrupted or failed job's task again, with the same arguments, on the same Job record.

    Only the job's own status decides: whatever the queue's earlier row of the task says (running,
    failed), a new task is enqueued. Audited (who, which attempt, from what status).
    """
    require(acting_user, "core.rerun_job", "rerun a background job")
    with transaction.atomic():
        job = Job.objects.select_for_update().get(pk=job.pk)
        if not job.task_path:
            raise ValidationError("This job was started before its task was kept: start it again from its screen.")
        if job.status not in {Job.Status.FAILED, Job.Status.INTERRUPTED}:
            raise ValidationError(
                f"Only an interrupted or failed job is rerun; this one is {job.get_status_display().lower()}."
            )
        try:
            task = import_string(job.task_path)
        except ImportError as exc:
            raise ValidationError(f"The task {job.task_path} no longer exists: {exc}") from exc
        previous = job.status
        job.status = Job.Status.QUEUED
        job.attempts += 1
        job.done, job.total, job.result = 0, None, {}
        job.started_at = job.finished_at = job.heartbeat_at = None
        job.worker_host, job.worker_pid, job.worker_process_start = "", None, ""
        who = getattr(acting_user, "username", "")
        job.message = f"Rerun (attempt {job.attempts}) requested by {who}; waiting for a worker."
        try:
            with transaction.atomic():
                job.save()
        except IntegrityError as exc:  # the same work was asked again since, and waits or runs: that job
            raise ValidationError(
                "The same work is already queued or running as another job: follow that one instead."
            ) from exc
        AuditEvent.objects.create(
            actor=acting_user,
            action="do_rerun_job",
            subject=f"job {job.pk}: {job.title}"[:200],
            rows=1,
            detail={"job": job.pk, "task": job.task_path, "from_status": previous, "attempt": job.attempts},
        )
        enqueue(task, job, dict(job.task_kwargs))
    return job
