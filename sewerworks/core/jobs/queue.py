"""The one worker's queue, shared fairly (issue 30): one API caller queued 63 screens, 7 bill runs and 19 PDF
batches in 8 minutes, and a real import waited 2 minutes behind them.

- **Equal requests are one job.** A request of the same kind with the same arguments (those its caller names
  as making two requests the same work, ``same_as``) as a job queued or running is answered with that job
  (``Job.reused``); the database holds no two such jobs (a unique index on ``request_key``, so two requests
  racing each other also end with one).
- **A user has at most** ``SEWERWORKS_JOBS_QUEUED_PER_USER`` (default 5) **jobs waiting.** One more is
  refused naming the rule; a job of the system (``acting_user`` None) is not counted.
- **Interactive work before batches.** The worker takes the highest priority first (django-tasks; the
  database queue orders by priority, then by when a job was queued): an import or a single document is
  :data:`INTERACTIVE`, a bill run, a batch of PDFs or a screen of the whole layer :data:`BATCH`.
- **The Superintendent cancels a queued job** (:func:`do_cancel_job`, from the jobs page or the API): its
  row of the queue is deleted, so no worker takes it; a job the worker has started is not cancelled.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.core.models import AuditEvent, Job

INTERACTIVE = 50  # an import, its preview, a single document: someone is waiting at the screen
DEFAULT = 0
BATCH = -50  # a bill run, a batch of bill PDFs, a screen of the whole parcel layer
DEFAULT_QUEUED_PER_USER = 5
WAITING = (Job.Status.QUEUED, Job.Status.RUNNING)


def queued_per_user() -> int:
    return int(getattr(settings, "SEWERWORKS_JOBS_QUEUED_PER_USER", DEFAULT_QUEUED_PER_USER))


def request_key(kind: str, same_as: dict[str, Any]) -> str:
    """A digest of the kind and the arguments that make two requests the same work."""
    text = json.dumps({"kind": kind, "arguments": same_as}, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def equal_job(kind: str, same_as: dict[str, Any]) -> Job | None:
    """The job of ``kind`` with the same ``same_as`` arguments that is queued or running, if any (``reused``)."""
    job = Job.objects.filter(request_key=request_key(kind, same_as), status__in=WAITING).first()
    if job is not None:
        job.reused = True
    return job


def check_room(acting_user: Any) -> None:
    """Refuse one more job for a user who already has the most jobs waiting that the setting allows.

    Called inside the caller's transaction: the user's row is locked, so two requests of one user at once
    are counted one after the other."""
    if acting_user is None or not getattr(acting_user, "pk", None):
        return
    get_user_model().objects.select_for_update().filter(pk=acting_user.pk).exists()
    cap = queued_per_user()
    waiting = Job.objects.filter(created_by=acting_user, status=Job.Status.QUEUED).count()
    if waiting >= cap:
        raise ValidationError(
            f"You have {waiting} jobs waiting for the worker (at most {cap}): wait until one starts, or ask the "
            "Superintendent to cancel one from the jobs page."
        )


def do_cancel_job(job: Job, *, acting_user: Any) -> Job:
    """Cancel a job still waiting for the worker: its row of the queue is deleted, so no worker takes it;
    the job says who cancelled it. Refused for a job the worker has started or that has ended. Audited."""
    require(acting_user, "core.cancel_job", "cancel a background job")
    with transaction.atomic():
        job = Job.objects.select_for_update().get(pk=job.pk)
        if job.status != Job.Status.QUEUED:
            raise ValidationError(f"Only a queued job is cancelled; this one is {job.get_status_display().lower()}.")
        if job.task_result_id and not _take_off_the_queue(job.task_result_id):
            raise ValidationError("Too late to cancel: the worker has started it, and it runs to its end.")
        who = getattr(acting_user, "username", "")
        job.status, job.finished_at = Job.Status.CANCELLED, timezone.now()
        job.message = f"Cancelled by {who} before it started."
        job.save(update_fields=["status", "finished_at", "message"])
        AuditEvent.objects.create(
            actor=acting_user,
            action="do_cancel_job",
            subject=f"job {job.pk}: {job.title}"[:200],
            rows=1,
            detail={"job": job.pk, "kind": job.kind, "task": job.task_path, "started_by": job.created_by_id},
        )
    return job


def _take_off_the_queue(task_result_id: str) -> bool:
    """Delete the queue's row of the task if no worker has taken it (True), else leave it (False)."""
    try:
        from django_tasks.base import TaskResultStatus
        from django_tasks_db.models import DBTaskResult
    except ImportError:  # another task backend: the job's status alone keeps it from running (JobRun)
        return True
    rows = DBTaskResult.objects.select_for_update().filter(id=task_result_id)
    row = rows.first()
    if row is None:
        return True
    if row.status != TaskResultStatus.READY:
        return False
    row.delete()
    return True
