"""The daily sweep (``sewerworks sweep``): advance what is due.

It marks passed deadlines overdue, opens the violation a missed deadline is (one per deadline), raises
follow-up tasks, escalates noticed violations whose time limit passed, and recomputes accruing §118-5
fines. Every step is decided by the state it finds, so a second sweep on the same day changes nothing;
two sweeps that overlap run one after the other (PostgreSQL advisory lock; SQLite's BEGIN IMMEDIATE).
"""

from __future__ import annotations

import datetime as dt
import uuid
from collections import Counter
from typing import Any

from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone

from sewerworks.core.models import AuditEvent
from sewerworks.core.parameters import current_parameters
from sewerworks.enforcement import pipeline
from sewerworks.enforcement.actions.common import require
from sewerworks.enforcement.actions.violations import do_open_violation, move
from sewerworks.enforcement.choices import DeadlineKind, DeadlineStatus, Discovery
from sewerworks.enforcement.fines import refresh_fine
from sewerworks.enforcement.models import AbandonmentFine, Deadline, FollowUp, SweepRun, Violation

SWEEP_LOCK = 11805  # PostgreSQL advisory lock key: §118-5

# What a missed deadline becomes: (section violated, follow-up kind, follow-up task)
MISSED: dict[str, tuple[str, str, str]] = {
    DeadlineKind.ABANDON: (
        "118-5",
        "serve_notice_of_violation",
        "Serve a Notice of Violation: the private system was not abandoned in time (§118-5)",
    ),
    DeadlineKind.CONNECT: (
        "118-5",
        "serve_notice_of_violation",
        "Serve a Notice of Violation: the building was not connected in time (§118-5, §118-47)",
    ),
    DeadlineKind.PUMP_OUT: (
        "118-38",
        "appearance_ticket",
        "Building Inspector: issue and serve an appearance ticket (§118-38)",
    ),
    DeadlineKind.INSTALL_METER: (
        "118-52",
        "serve_notice_of_violation",
        "Serve a Notice of Violation: no water meter installed (§118-52)",
    ),
}


def _lock() -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [SWEEP_LOCK])


def do_sweep(as_of: dt.date | None = None, *, acting_user: Any = None) -> SweepRun:
    """Advance everything due on ``as_of`` (default today). ``acting_user`` None is the scheduled run."""
    if acting_user is not None:
        require(acting_user, "enforcement.run_sweep", "run the daily sweep")
    today = timezone.localdate()
    as_of = as_of or today
    if as_of > today:  # a sweep "as of" a later day would open violations for deadlines nobody has missed yet (I-50)
        raise ValidationError({"as_of": f"The sweep cannot run as of {as_of}, a day still to come."})
    now = timezone.now()
    changes: Counter[str] = Counter()
    with transaction.atomic():
        _lock()
        overdue = Deadline.objects.filter(status=DeadlineStatus.OPEN).filter(
            Q(due_on__lt=as_of) | Q(due_at__isnull=False, due_at__lt=now, due_on__lte=as_of)
        )
        for deadline in overdue.select_for_update():
            deadline.status = DeadlineStatus.OVERDUE
            deadline.overdue_since = min(as_of, deadline.due_on + dt.timedelta(days=1))
            deadline.save(update_fields=["status", "overdue_since"])
            changes["deadlines_overdue"] += 1
        # A missed deadline is handled once: the pass that handles it raises its follow-up, so only overdue
        # deadlines without one are left to do (the daily cost follows what is new, not what has piled up).
        pending = Deadline.objects.filter(status=DeadlineStatus.OVERDUE, follow_ups__isnull=True)
        for deadline in pending.select_related("parcel", "notice"):
            _follow_up(deadline, as_of, changes)
        params = current_parameters()
        for fine in AbandonmentFine.objects.filter(corrected_on__isnull=True, posted_on__isnull=True):
            if refresh_fine(fine, as_of=as_of, params=params):
                changes["fines_accrued"] += 1
        run = SweepRun.objects.create(as_of=as_of, finished_at=timezone.now(), changes=dict(changes))
        AuditEvent.objects.create(
            actor=acting_user,
            action="sweep",
            run=f"sweep-{as_of}-{uuid.uuid4().hex[:8]}",
            rows=sum(changes.values()),
            detail={"as_of": as_of.isoformat(), **changes},
        )
    return run


def _follow_up(deadline: Deadline, as_of: dt.date, changes: Counter[str]) -> None:
    if deadline.kind == DeadlineKind.CORRECT:
        violation = deadline.notice.violation if deadline.notice else None
        if violation is not None:
            locked = Violation.objects.select_for_update().get(pk=violation.pk)
            if locked.status == pipeline.NOTICED:
                move(
                    locked,
                    pipeline.ESCALATED,
                    why=f"Time limit of notice {deadline.notice} passed on {deadline.due_on}",
                    acting_user=None,
                )
                changes["violations_escalated"] += 1
        _raise(
            deadline,
            "consider_court_referral",
            "Superintendent: the time limit passed; consider referring the case to court (§118-47)",
            as_of,
            changes,
        )
        return
    missed = MISSED.get(deadline.kind)
    if missed is None:
        _raise(deadline, "review_missed_deadline", f"Review the missed deadline: {deadline.title}", as_of, changes)
        return
    section, kind, title = missed
    if not Violation.objects.filter(source_deadline=deadline).exists():
        do_open_violation(
            parcel=deadline.parcel,
            section=section,
            program=deadline.program,
            discovered_on=as_of,
            how_discovered=Discovery.MISSED_DEADLINE,
            source_deadline=deadline,
            acting_user=None,
            description=f"{deadline.title}: due by {deadline.due_on:%B %-d, %Y}, not done.",
        )
        changes["violations_opened"] += 1
    _raise(deadline, kind, title, as_of, changes)


def _raise(deadline: Deadline, kind: str, title: str, as_of: dt.date, changes: Counter[str]) -> None:
    """One follow-up per deadline and kind (the unique constraint guards it too)."""
    if FollowUp.objects.filter(deadline=deadline, kind=kind).exists():
        return
    FollowUp.objects.bulk_create(
        [FollowUp(deadline=deadline, kind=kind, title=title, raised_on=as_of, assigned_to=deadline.officer)],
        ignore_conflicts=True,
    )
    changes["follow_ups_raised"] += 1
