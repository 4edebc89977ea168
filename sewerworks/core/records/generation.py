"""The data generation: a number that moves on whenever a change to the records is committed, so that
figures computed from the records (the dashboard's panels, ``core.web.dashboard``) can be kept for a short
while and known stale, in every server process, the moment anything changes.

Every state change in the product writes through the ORM (``do_*`` actions save their records, whose
simple-history rows are saved too; bulk writers leave an ``AuditEvent``), so the ``post_save``,
``post_delete`` and ``m2m_changed`` signals of any model see it. The first of them in a transaction
schedules one move of the shared row for after the commit (``DataGeneration``: one short UPDATE, never
inside the writer's transaction, so writers never queue on that row); a write in autocommit moves it at
once. The process that made the change also moves a counter of its own at once, so its next page shows
the change even before (or without) a commit that others see: a test's transaction, a view's.

Not changes of the records: a session renewed (every request), a worker's heartbeat, this row itself, and
the writes of migrations (the server restarts after them; this table may not exist yet).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any, TypeVar

from django.apps import apps as django_apps
from django.core.cache import cache
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.models import F
from django.db.models.signals import m2m_changed, post_delete, post_save
from django.utils import timezone

from sewerworks.core.compiled import compiled

NOT_RECORDS = frozenset({"sessions.session", "core.workerheartbeat", "core.datageneration"})
_local = itertools.count(1)  # next() is atomic under the GIL: threads of one worker never share a value
_local_value = [0]
_HOOKED = "_sewerworks_generation_hooked"  # the connection's pending-hooks list our move is in
_MISSING = object()
# How long a move waits for SQLite's write lock before it is skipped (PostgreSQL: for the row's lock): long
# enough for another request's commit, short of a batch's (whose own commit then moves it).
MOVE_WAIT_MS = 1000
KEPT_SECONDS = 60  # what ``kept`` keeps is kept this long at most, while nothing changes
T = TypeVar("T")


def _shared(_: Any) -> Any:
    from sewerworks.core.models import DataGeneration

    return DataGeneration.objects.filter(pk=1).values_list("value", flat=True)


_SHARED = compiled("the data generation", _shared)  # its SQL compiled once per process (issue 38)


def current() -> tuple[int, int]:
    """(the shared generation, this process's own), read now: a key for figures computed after this call."""
    shared = next(iter(_SHARED(None)), None)
    return shared or 0, _local_value[0]


def kept(name: str, compute: Callable[[], T], seconds: int = KEPT_SECONDS, *, at: tuple[int, int] | None = None) -> T:
    """``compute()``, kept (Django's cache, this process) under ``name`` for at most ``seconds`` while the
    generation stays the same: what a read computes from the records, shared by the screens that show it.
    ``at``: the generation :func:`current` gave, when one page keeps several things under the same reading."""
    shared, local = at if at is not None else current()
    key = f"kept:{name}:{shared}:{local}"
    found = cache.get(key, _MISSING)
    if found is _MISSING:
        found = compute()
        cache.set(key, found, seconds)
    return found  # type: ignore[return-value]


def move_on(using: str = DEFAULT_DB_ALIAS) -> bool:
    """Move the shared generation on by one (after a commit); False when a batch held the database longer than
    ``MOVE_WAIT_MS`` and the move was skipped rather than waited for (core.records.quickwrite): that batch's own commit
    moves it, and figures are kept ``KEPT_SECONDS`` at most."""
    from sewerworks.core.models import DataGeneration
    from sewerworks.core.records.quickwrite import write_if_free

    _local_value[0] = next(_local)

    def work() -> None:
        rows = DataGeneration.objects.using(using).filter(pk=1)
        if not rows.update(value=F("value") + 1, changed_at=timezone.now()):
            DataGeneration.objects.using(using).get_or_create(pk=1, defaults={"value": 1})

    return write_if_free(work, what="the data generation", wait_ms=MOVE_WAIT_MS)


def record_changed(sender: Any, using: str | None = None, **kwargs: Any) -> None:
    """A record was saved, deleted or its many-to-many links changed: the generation moves on."""
    if str(kwargs.get("action", "post_")).startswith("pre_") or sender._meta.label_lower in NOT_RECORDS:
        return
    if sender._meta.apps is not django_apps:  # a migration's model, written before this table may exist
        return
    changed(using or DEFAULT_DB_ALIAS)


def changed(alias: str = DEFAULT_DB_ALIAS) -> None:
    """Something screens show changed: at once for this process, for the others after the commit. Called by
    the signals above, and by a write no signal sees that a screen shows (a background job starting or
    ending, ``core.jobs.runner``)."""
    _local_value[0] = next(_local)
    connection = connections[alias]
    if not connection.in_atomic_block:
        move_on(alias)
        return
    # One move per transaction: a discarded (rolled back) or run list of hooks is replaced by a new list
    # object, so "our list is the pending one" means the move is already scheduled in it.
    if getattr(connection, _HOOKED, None) is connection.run_on_commit:
        return
    transaction.on_commit(lambda: move_on(alias), using=alias, robust=True)
    setattr(connection, _HOOKED, connection.run_on_commit)


def connect() -> None:
    for signal in (post_save, post_delete, m2m_changed):
        signal.connect(record_changed, dispatch_uid=f"sewerworks_generation_{id(signal)}")
