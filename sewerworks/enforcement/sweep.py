"""The steps of the daily sweep (``sewerworks sweep``, run by ``enforcement.actions.do_sweep``), registered.

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
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


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
