"""Evaluating a period's lab results at once (issue 36): started in the foreground (the command line) or as a
background job (the program page, the API). The run itself is ``period.run.evaluate_period``: it checks the
role, refuses a second run while one holds the lock, and writes the run's record and audit. (Not in
``actions/__init__``: the period's writing uses the hand-off of ``actions``, which must not import it back.)"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.core.jobs.runner import start_job
from sewerworks.core.models import Job
from sewerworks.pretreatment.models import EvaluationRun
from sewerworks.pretreatment.period.run import Progress, cut, evaluate_period
from sewerworks.pretreatment.tasks import JOB_KIND, evaluate_period_task

__all__ = ["JOB_KIND", "calendar_year", "do_evaluate_period", "do_start_period_evaluation"]


def calendar_year(on: dt.date) -> tuple[dt.date, dt.date]:
    """The default period: the calendar year of ``on``."""
    return dt.date(on.year, 1, 1), dt.date(on.year, 12, 31)


def do_evaluate_period(start: dt.date, end: dt.date, *, acting_user: Any, as_of: dt.date | None = None,
                       progress: Progress | None = None, job: Job | None = None,
                       chunk_users: int | None = None) -> EvaluationRun:  # fmt: skip
    """Evaluate ``start``..``end`` now, in this process (the command line, a job's worker)."""
    return evaluate_period(start, end, acting_user=acting_user, as_of=as_of, progress=progress, job=job,
                           chunk_users=chunk_users)  # fmt: skip


def do_start_period_evaluation(start: dt.date, end: dt.date, *, acting_user: Any) -> Job:
    """Start the evaluation of ``start``..``end`` as a background job with progress (``pretreatment.tasks``).
    Refused at once for a period that cannot be evaluated, or while another evaluation is queued or running."""
    require(acting_user, "pretreatment.evaluate_period", "evaluate a period's lab results")
    cut(start, end, timezone.localdate())  # a period still to come or without any result: refused here
    with transaction.atomic():
        waiting = Job.objects.select_for_update().filter(kind=JOB_KIND)
        busy = waiting.filter(status__in=[Job.Status.QUEUED, Job.Status.RUNNING]).first()
        if busy is not None:
            raise ValidationError(f"An evaluation is already {busy.status} (job {busy.pk}): wait until it has "
                                  "finished, then start another.")  # fmt: skip
        return start_job(evaluate_period_task, kind=JOB_KIND, title=f"Evaluate the lab results of {start} to {end}",
                         acting_user=acting_user, start=start.isoformat(), end=end.isoformat(),
                         user_id=acting_user.pk)  # fmt: skip
