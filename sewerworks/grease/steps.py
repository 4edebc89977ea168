"""The grease program's steps of the daily sweep.

- ``grease-missed-maintenance`` (before enforcement's handling of missed deadlines): a written notice of a
  maintenance noncompliance (pump-out due at 80%) whose hours ran out escalates its violation and asks the
  Building Inspector for the appearance ticket (§118-38: "if the owner is found to be in noncompliance with
  these maintenance and inspection requirements, the Building Inspector shall issue and serve an appearance
  ticket"), once, instead of the general §118-47 court-referral task. A missed 72-hour order is
  enforcement's own (``deadline_kinds``: appearance ticket, the violation it names escalated, I-56).
- ``grease-pump-outs-predicted``: counts the interceptors predicted to reach 80% within 30 days, and those
  whose predicted day has passed (advisory, I-67); the dashboard lists them.
"""

from __future__ import annotations

import datetime as dt

from django.db import IntegrityError, transaction

from sewerworks.enforcement import pipeline
from sewerworks.enforcement.actions.violations import move
from sewerworks.enforcement.choices import DeadlineKind, DeadlineStatus, Program
from sewerworks.enforcement.models import Deadline, FollowUp, Violation
from sewerworks.enforcement.sweep import SweepContext, sweep_step
from sewerworks.grease.models import Interceptor
from sewerworks.grease.readings import predicted_window, prediction

SOON_DAYS = 30
TICKET = "appearance_ticket"
TASK = "Building Inspector: issue and serve an appearance ticket; the pump-out due at 80% was not done (§118-38)"


@sweep_step("grease-missed-maintenance", order=25)
def missed_maintenance(ctx: SweepContext) -> None:
    missed = Deadline.objects.filter(
        status=DeadlineStatus.OVERDUE,
        kind=DeadlineKind.CORRECT,
        program=Program.GREASE,
        section="118-38",
        follow_ups__isnull=True,
    ).select_related("notice")
    for deadline in missed:
        named = deadline.notice.violation if deadline.notice is not None else None
        if named is not None:
            locked = Violation.objects.select_for_update().get(pk=named.pk)
            if locked.status == pipeline.NOTICED:
                why = f"Time limit of notice {deadline.notice} passed at {deadline.due_at or deadline.due_on}"
                move(locked, pipeline.ESCALATED, why=why, acting_user=None,
                     occurred_at=deadline.overdue_since or ctx.as_of)  # the day it was missed (I-115)  # fmt: skip
                ctx.count("violations_escalated")
        # addressed to the Building Inspector's role, not to the officer who served the order (I-113)
        task = FollowUp(deadline=deadline, kind=TICKET, title=TASK, raised_on=ctx.as_of, assigned_to=None)
        task._change_reason = "Raised by the daily sweep"  # type: ignore[attr-defined]
        try:
            with transaction.atomic():
                task.save()
        except IntegrityError:
            continue
        ctx.count("follow_ups_raised")


def predicted_due(as_of: dt.date, within_days: int = SOON_DAYS) -> list[tuple[Interceptor, dt.date, dt.date, dt.date]]:
    """Interceptors in use whose next pump-out is predicted on or before ``as_of + within_days``, earliest
    first: (interceptor, predicted, earliest, latest)."""
    horizon = as_of + dt.timedelta(days=within_days)
    out = []
    for interceptor in Interceptor.objects.filter(removed_on__isnull=True).select_related("establishment__building"):
        window = predicted_window(prediction(interceptor, as_of))
        if window is not None and window[1] <= horizon:
            out.append((interceptor, *window))
    return sorted(out, key=lambda row: (row[2], row[0].pk))


@sweep_step("grease-pump-outs-predicted", order=110)
def pump_outs_predicted(ctx: SweepContext) -> None:
    for _interceptor, _predicted, earliest, _latest in predicted_due(ctx.as_of):
        ctx.count("grease_predicted_overdue" if earliest < ctx.as_of else "grease_predicted_due_soon")
