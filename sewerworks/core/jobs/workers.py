"""Which worker process runs a job, whether it is still alive, and what happens to jobs of dead workers.

A job records its worker's host, pid and process start time (so that a pid reused by another process is
not mistaken for the worker). When a worker starts, :func:`recover_interrupted_jobs` looks at every job
still "running": one whose worker on this host no longer exists, or, on another host or without a
recorded worker, whose last sign of life is older than ``SEWERWORKS_JOB_STALE_MINUTES``, becomes
"interrupted", and the queue's own record of the task is closed as failed so nothing waits on it.
"""

from __future__ import annotations

import datetime as dt
import os
import socket
from pathlib import Path

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from sewerworks.core.models import AuditEvent, Job

DEFAULT_STALE_MINUTES = 60


def process_start(pid: int) -> str:
    """The process's start time in clock ticks since boot (Linux ``/proc``); "" where unknown."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return ""
    # The command name (field 2) may hold spaces and parentheses: split after its closing parenthesis.
    fields = stat[stat.rfind(")") + 2 :].split()
    return fields[19] if len(fields) > 19 else ""


def this_worker() -> tuple[str, int, str]:
    pid = os.getpid()
    return socket.gethostname(), pid, process_start(pid)


def process_alive(pid: int, started: str) -> bool:
    """Whether the process ``pid`` that started at ``started`` still runs (on this host)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # it exists, under another user
        pass
    now_start = process_start(pid)
    if now_start and started and now_start != started:
        return False  # the pid was reused by another process
    state = _state(pid)
    return state not in {"Z", "X"}  # a zombie has stopped running


def _state(pid: int) -> str:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return ""
    fields = stat[stat.rfind(")") + 2 :].split()
    return fields[0] if fields else ""


def _dead(job: Job, host: str, stale_before: dt.datetime) -> bool:
    if job.worker_host == host and job.worker_pid:
        return not process_alive(job.worker_pid, job.worker_process_start)
    last = job.heartbeat_at or job.started_at or job.created_at
    return last < stale_before


def recover_interrupted_jobs(*, now: dt.datetime | None = None) -> list[Job]:
    """Mark the running jobs of dead workers interrupted; return them. Called by every worker as it starts."""
    now = now or timezone.now()
    minutes = int(getattr(settings, "SEWERWORKS_JOB_STALE_MINUTES", DEFAULT_STALE_MINUTES))
    stale_before = now - dt.timedelta(minutes=minutes)
    host = socket.gethostname()
    interrupted: list[Job] = []
    with transaction.atomic():
        for job in Job.objects.select_for_update().filter(status=Job.Status.RUNNING):
            if not _dead(job, host, stale_before):
                continue
            who = f"pid {job.worker_pid} on {job.worker_host}" if job.worker_pid else "its worker"
            job.status = Job.Status.INTERRUPTED
            job.finished_at = now
            job.message = (
                f"Interrupted: the worker running it ({who}) stopped before it finished, "
                f"after {job.done}{f' of {job.total}' if job.total else ''}. It can be rerun."
            )
            job.save(update_fields=["status", "finished_at", "message"])
            interrupted.append(job)
        if interrupted:
            _close_queue_rows([j.task_result_id for j in interrupted if j.task_result_id], now)
            AuditEvent.objects.create(
                action="recover_interrupted_jobs",
                subject=", ".join(f"job {j.pk}" for j in interrupted)[:200],
                rows=len(interrupted),
                detail={"jobs": [j.pk for j in interrupted], "host": host},
            )
    return interrupted


def _close_queue_rows(task_ids: list[str], now: dt.datetime) -> None:
    """The database queue's own rows of those tasks stay "running" too: close them as failed."""
    if not task_ids:
        return
    try:
        from django_tasks.base import TaskResultStatus
        from django_tasks_db.models import DBTaskResult
    except ImportError:  # another task backend keeps no such rows
        return
    DBTaskResult.objects.filter(Q(id__in=task_ids), status=TaskResultStatus.RUNNING).update(
        status=TaskResultStatus.FAILED,
        finished_at=now,
        exception_class_path="sewerworks.core.jobs.workers.WorkerStopped",
        traceback="The worker process running this task stopped before it finished.",
    )
