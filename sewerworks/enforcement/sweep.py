"""The daily sweep (``sewerworks sweep``): advance what is due, in registered steps.

Each program adds its daily work with ``@sweep_step`` (billing's late penalties, grease's pump-outs due)
without editing this module. The steps run in a stable order (``order``, then name), all inside one
transaction holding the sweep's lock (a PostgreSQL advisory lock; SQLite's writer lock), each told the
day swept (``as_of``) and counting what it changed into the run's ``changes``. Enforcement's own steps
(``enforcement.steps``): reconcile the duties the records imply, mark passed deadlines overdue, handle
what a missed deadline does (``deadline_kinds``), recompute accruing §118-5 fines. Every step is decided
by the state it finds, so a second sweep on the same day changes nothing.
"""

from __future__ import annotations

import datetime as dt
import uuid
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.utils import timezone

from sewerworks.core.models import AuditEvent
from sewerworks.enforcement.actions.common import require
from sewerworks.enforcement.models import SweepRun

SWEEP_LOCK = 11805  # PostgreSQL advisory lock key: §118-5


@dataclass
class SweepContext:
    """What a step is told: the day swept, the moment the sweep started, and the tally of changes."""

    as_of: dt.date
    now: dt.datetime
    changes: Counter[str] = field(default_factory=Counter)

    def count(self, what: str, n: int = 1) -> None:
        if n:
            self.changes[what] += n


@dataclass(frozen=True)
class SweepStep:
    name: str
    order: int
    run: Callable[[SweepContext], Any]


_STEPS: dict[str, SweepStep] = {}


def sweep_step(
    name: str, *, order: int = 100
) -> Callable[[Callable[[SweepContext], Any]], Callable[[SweepContext], Any]]:
    """Register ``fn(ctx)`` as a step of the daily sweep under ``name`` (a second registration replaces the
    first). Lower ``order`` runs first; programs use 100 and above, after enforcement's own."""

    def register(fn: Callable[[SweepContext], Any]) -> Callable[[SweepContext], Any]:
        _STEPS[name] = SweepStep(name, order, fn)
        return fn

    return register


def unregister(name: str) -> None:
    _STEPS.pop(name, None)


def steps() -> list[SweepStep]:
    return sorted(_STEPS.values(), key=lambda s: (s.order, s.name))


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
    ctx = SweepContext(as_of=as_of, now=timezone.now())
    with transaction.atomic():
        _lock()
        for step in steps():
            step.run(ctx)
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
