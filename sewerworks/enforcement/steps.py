"""Enforcement's own steps of the daily sweep (see ``enforcement.sweep``)."""

from __future__ import annotations

import datetime as dt

from django.db import IntegrityError, transaction
from django.db.models import Q

from sewerworks.core.parameters import current_parameters
from sewerworks.core.records import pipelines
from sewerworks.enforcement import pipeline
from sewerworks.enforcement.actions.followups import permission_for
from sewerworks.enforcement.actions.violations import do_open_violation, move
from sewerworks.enforcement.choices import DeadlineStatus, Discovery
from sewerworks.enforcement.deadline_kinds import WhenMissed, kind_rule
from sewerworks.enforcement.duties import reconcile
from sewerworks.enforcement.fines import refresh_fine
from sewerworks.enforcement.models import AbandonmentFine, Deadline, FollowUp, Violation
from sewerworks.enforcement.sweep import SweepContext, sweep_step


@sweep_step("reconcile-duties", order=10)
def reconcile_duties(ctx: SweepContext) -> None:
    """Open every deadline the records imply that nothing tracks (a duty deleted behind its back, a record
    written by a path that announced nothing), before passed deadlines are looked at."""
    ctx.count("duties_opened", reconcile(acting_user=None))


@sweep_step("mark-overdue", order=20)
def mark_overdue(ctx: SweepContext) -> None:
    overdue = Deadline.objects.filter(status=DeadlineStatus.OPEN).filter(
        Q(due_on__lt=ctx.as_of) | Q(due_at__isnull=False, due_at__lt=ctx.now, due_on__lte=ctx.as_of)
    )
    for deadline in overdue.select_for_update():
        deadline.overdue_since = min(ctx.as_of, deadline.due_on + dt.timedelta(days=1))
        why = "Passed: marked overdue by the daily sweep"
        # missed on its overdue_since, the day after its due day, whenever the sweep runs (I-115)
        pipelines.move(deadline, DeadlineStatus.OVERDUE, why=why, acting_user=None, also=("overdue_since",),
                       occurred_at=deadline.overdue_since)  # fmt: skip
        ctx.count("deadlines_overdue")


@sweep_step("missed-deadlines", order=30)
def handle_missed(ctx: SweepContext) -> None:
    """What each missed deadline does, by its kind (``deadline_kinds``). A missed deadline is handled once:
    the pass that handles it raises its follow-up, so only overdue deadlines without one are left to do."""
    pending = Deadline.objects.filter(status=DeadlineStatus.OVERDUE, follow_ups__isnull=True)
    for deadline in pending.select_related("parcel", "notice", "notice__violation"):
        _missed(deadline, ctx)


def _missed(deadline: Deadline, ctx: SweepContext) -> None:
    rule = kind_rule(deadline.kind)
    named = deadline.notice.violation if deadline.notice is not None else None
    if rule.escalates and named is not None:
        locked = Violation.objects.select_for_update().get(pk=named.pk)
        if locked.status == pipeline.NOTICED:
            why = f"Time limit of notice {deadline.notice} passed on {deadline.due_on}"
            missed_on = deadline.overdue_since or ctx.as_of  # escalated the day the limit was missed (I-115)
            move(locked, pipeline.ESCALATED, why=why, acting_user=None, occurred_at=missed_on)
            ctx.count("violations_escalated")
    title = rule.task if rule.when_missed != WhenMissed.REVIEW else f"{rule.task}: {deadline.title}"
    if rule.when_missed == WhenMissed.VIOLATION and deadline.parcel is not None:
        # I-56: a deadline set by a notice that names a violation is that violation's (escalated above), not
        # a second one: a missed 72-hour pump-out order escalates the §118-38 violation it was served for.
        if named is None and not Violation.objects.filter(source_deadline=deadline).exists():
            do_open_violation(
                parcel=deadline.parcel,
                section=rule.section,
                program=deadline.program,
                discovered_on=ctx.as_of,
                how_discovered=Discovery.MISSED_DEADLINE,
                source_deadline=deadline,
                acting_user=None,
                description=f"{deadline.title}: due by {deadline.due_on:%B %-d, %Y}, not done.",
            )
            ctx.count("violations_opened")
    elif rule.when_missed == WhenMissed.VIOLATION:  # a violation is of a property: without one, staff review
        title = f"Review the missed deadline (no property to cite): {deadline.title}"
    _raise(deadline, rule.follow_up, title[:200], ctx)


def _raise(deadline: Deadline, kind: str, title: str, ctx: SweepContext) -> None:
    """One follow-up per deadline and kind (the unique constraint guards it too)."""
    if FollowUp.objects.filter(deadline=deadline, kind=kind).exists():
        return
    task = FollowUp(deadline=deadline, kind=kind, title=title, raised_on=ctx.as_of, assigned_to=deadline.officer)
    if task.assigned_to is not None and not task.assigned_to.has_perm(permission_for(task)):
        task.assigned_to = None  # the officer may not do this task: it is addressed to the role that may (I-113)
    task._change_reason = "Raised by the daily sweep"  # type: ignore[attr-defined]
    try:
        with transaction.atomic():  # its history row is written with it
            task.save()
    except IntegrityError:  # raised by a sweep running at the same moment
        return
    ctx.count("follow_ups_raised")


@sweep_step("abandonment-fines", order=40)
def refresh_fines(ctx: SweepContext) -> None:
    params = current_parameters()
    for fine in AbandonmentFine.objects.filter(corrected_on__isnull=True, posted_on__isnull=True):
        if refresh_fine(fine, as_of=ctx.as_of, params=params):
            ctx.count("fines_accrued")
