"""The daily sweep as an action: advance everything due on a day, running the registered steps
(``enforcement.sweep``) in one transaction under the sweep's lock, with one SweepRun and one AuditEvent."""

from __future__ import annotations

import datetime as dt
import uuid
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.core.models import AuditEvent
from sewerworks.enforcement.models import SweepRun
from sewerworks.enforcement.sweep import SweepContext, steps

__all__ = ["SWEEP_LOCK", "SweepPreview", "do_sweep", "preview_sweep"]

SWEEP_LOCK = 11805  # PostgreSQL advisory lock key: §118-5


def _lock() -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [SWEEP_LOCK])


def _context(as_of: dt.date | None) -> SweepContext:
    """The context of a sweep as of ``as_of`` (default today), refused for a day still to come: a sweep "as of"
    a later day would open violations for deadlines nobody has missed yet (I-50)."""
    today = timezone.localdate()
    as_of = as_of or today
    if as_of > today:
        raise ValidationError({"as_of": f"The sweep cannot run as of {as_of}, a day still to come."})
    return SweepContext(as_of=as_of, now=timezone.now())


def _run_steps(ctx: SweepContext) -> None:
    """Every step of the sweep, in order, under its lock (in the caller's transaction)."""
    _lock()
    for step in steps():
        step.run(ctx)


def do_sweep(as_of: dt.date | None = None, *, acting_user: Any = None) -> SweepRun:
    """Advance everything due on ``as_of`` (default today). ``acting_user`` None is the scheduled run."""
    if acting_user is not None:
        require(acting_user, "enforcement.run_sweep", "run the daily sweep")
    ctx = _context(as_of)
    as_of = ctx.as_of
    with transaction.atomic():
        _run_steps(ctx)
        changes = {k: v for k, v in ctx.changes.items() if v}
        run = SweepRun.objects.create(as_of=as_of, finished_at=timezone.now(), changes=changes)
        AuditEvent.objects.create(
            actor=acting_user,
            action="sweep",
            run=f"sweep-{as_of}-{uuid.uuid4().hex[:8]}",
            rows=sum(changes.values()),
            detail={"as_of": as_of.isoformat(), "steps": [s.name for s in steps()], **changes},
        )
    return run


@dataclass(frozen=True)
class SweepPreview:
    """What a sweep as of a day would change: its steps' counts, nothing written."""

    as_of: dt.date
    changes: dict[str, int]


def preview_sweep(as_of: dt.date | None = None) -> SweepPreview:
    """What ``do_sweep(as_of)`` would change now: its very steps run under its lock in a transaction rolled back
    at the end, so the counts are the sweep's own and nothing is written (no run, no audit record). Reading
    only: any member of the staff may look."""
    ctx = _context(as_of)
    with transaction.atomic():
        _run_steps(ctx)
        transaction.set_rollback(True)
    return SweepPreview(ctx.as_of, {k: v for k, v in ctx.changes.items() if v})
