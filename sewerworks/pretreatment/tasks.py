"""The pretreatment program's background task: a period's lab results evaluated at once, with progress."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth import get_user_model
from django_tasks import task

from sewerworks.core.jobs.runner import JobRun
from sewerworks.core.models import Job
from sewerworks.pretreatment.period.run import evaluate_period

JOB_KIND = "pretreatment_evaluation"


@task()
def evaluate_period_task(job_id: int, start: str, end: str, user_id: int) -> None:
    """Evaluate the period, reporting each chunk of users written; the result names the run and its counts."""
    with JobRun(job_id) as job:
        user = get_user_model().objects.get(pk=user_id)
        run = evaluate_period(dt.date.fromisoformat(start), dt.date.fromisoformat(end), acting_user=user,
                                 progress=job.progress, job=Job.objects.get(pk=job_id))  # fmt: skip
        job.result = {"run": run.pk, "start": run.start.isoformat(), "end": run.end.isoformat(),
                      "results_read": run.results_read, "added": run.added, "changed": run.changed,
                      "withdrawn": run.withdrawn, "violations": run.violations}  # fmt: skip
