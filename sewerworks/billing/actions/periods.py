"""The billing period's actions: open it, run its draft bills (a background job), review, post.

Each checks the role, is atomic, and leaves an audit record: the period keeps its history and its
status-change rows; a bill run and a posting each write one AuditEvent.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q

from sewerworks.billing import pipeline
from sewerworks.billing.engine.lock import BillRunBusy
from sewerworks.billing.engine.run import POST_CHUNK, Progress, RunResult, move, post_period
from sewerworks.billing.models import Bill, BillingPeriod
from sewerworks.core.access.permissions import require
from sewerworks.core.jobs.queue import BATCH
from sewerworks.core.jobs.runner import start_job
from sewerworks.core.models import AuditEvent, Job
from sewerworks.core.parameters import current_parameters
from sewerworks.ordinance.parameters.model import NotInForce, ParameterError
from sewerworks.ordinance.s118_51_billing_calendar import period_ending


def do_open_period(end: dt.date, *, area: Any = None, acting_user: Any) -> BillingPeriod:
    """Open the billing period ending on ``end`` with the §118-51 calendar in force that day (I-58)."""
    require(acting_user, "billing.open_period", "open a billing period")
    try:
        cal = period_ending(end, current_parameters().at(end))
    except NotInForce as exc:
        raise ValidationError(
            {"end": f"No billing calendar (§118-51) was in force on {end}: {exc.args[0] if exc.args else exc}"}
        ) from exc
    except (ValueError, ParameterError) as exc:
        raise ValidationError({"end": str(exc)}) from exc
    with transaction.atomic():
        clash = BillingPeriod.objects.filter(end=end)
        if area is not None:
            clash = clash.filter(Q(area__isnull=True) | Q(area=area))
        if clash.exists():
            raise ValidationError({"end": f"A billing period ending {end} is already open ({clash.first()})."})
        period = BillingPeriod(
            area=area,
            start=cal.start,
            end=cal.end,
            reads_from=cal.reads_from,
            reads_until=cal.reads_until,
            bill_date=cal.bill_date,
            due_date=cal.due_date,
            created_by=acting_user,
        )
        period._history_user = acting_user  # type: ignore[attr-defined]
        period.save()
        period.status_changes.create(
            from_status="", to_status=pipeline.DRAFT, why="period opened (§118-51)", by=acting_user
        )
    return period


def do_start_bill_run(period: BillingPeriod, *, acting_user: Any) -> Job:
    """Start the period's draft bill run as a background job with progress (``billing.tasks``)."""
    require(acting_user, "billing.run_bills", "run the bills")
    if period.status in (pipeline.POSTED, pipeline.POSTING):
        raise ValidationError(f"The period is {period.status}: its bills do not change.")
    from sewerworks.billing.tasks import bill_run

    with transaction.atomic():
        return start_job(
            bill_run,
            kind="bill_run",
            title=f"Bill run {period.name}"[:200],
            acting_user=acting_user,
            priority=BATCH,
            same_as={"period_id": period.pk},  # whoever asks: the period's bill run queued or running
            period_id=period.pk,
            user_id=acting_user.pk,
        )


def do_review_period(period: BillingPeriod, *, acting_user: Any, why: str = "") -> BillingPeriod:
    """Mark the draft reviewed (the exceptions seen). Refused before any bill is computed."""
    require(acting_user, "billing.review_period", "review a billing period")
    with transaction.atomic():
        period = BillingPeriod.objects.select_for_update().get(pk=period.pk)
        if period.status == pipeline.DRAFT and not Bill.objects.filter(period=period).exists():
            raise ValidationError("Run the bills before reviewing them: the period has no draft bill.")
        try:
            move(period, pipeline.REVIEWED, by=acting_user, why=why)
        except pipeline.InvalidTransition as exc:
            raise ValidationError(str(exc)) from exc
        AuditEvent.objects.create(
            actor=acting_user,
            action="do_review_period",
            subject=period.name[:200],
            rows=1,
            detail={"period": period.pk},
        )
    return period


def do_post_period(
    period: BillingPeriod, *, acting_user: Any, progress: Progress | None = None, chunk_size: int = POST_CHUNK
) -> RunResult:
    """Post a reviewed period to the ledger in chunks (I-108), or finish a posting that stopped; posting a
    posted period changes nothing. Then a credit an account holds from an earlier payment pays its new bill
    (``billing.actions.credits``, I-63), after the other programs' charges that ride on the bill are posted
    with it (``billing.pending.posting``)."""
    require(acting_user, "billing.post_period", "post a billing period")
    try:
        result = post_period(period, acting_user=acting_user, progress=progress, chunk_size=chunk_size)
    except pipeline.InvalidTransition as exc:
        raise ValidationError(str(exc)) from exc
    except BillRunBusy as exc:
        raise ValidationError(str(exc)) from exc
    if not result.unchanged:  # also a resumed posting whose last chunks were already in (I-108)
        from sewerworks.billing.actions.credits import apply_credits_to_period
        from sewerworks.billing.pending.posting import post_with_bills

        post_with_bills(period, user=acting_user)  # other programs' charges that ride on the bill
        apply_credits_to_period(period, acting_user=acting_user)
        pipeline.period_posted.send(sender=BillingPeriod, period=period, acting_user=acting_user)
    return result
