"""Billing's background tasks: the bill run, with progress on its Job."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django_tasks import task

from sewerworks.core.jobs import JobRun


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
