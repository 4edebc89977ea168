"""Table generations: a number per table that moves on whenever a change to that table is committed, so
that figures computed from the records (the dashboard's panels, ``core.web.dashboard``; the deadline board; an
API list's count) can be kept for a short while and known stale, in every server process, the moment anything
they were computed from changes, and only then.

Every write reaches the database as an ``INSERT``, ``UPDATE`` or ``DELETE`` through Django's connection, whether
a ``do_*`` action saved a model, a batch wrote in bulk or a statement was written by hand: a wrapper on every
connection (``connect``) reads the table each write names. ``COPY`` is the one way in it cannot see:
``core.inserts`` tells :func:`wrote` what it wrote (``COPIED``). The first write of a transaction schedules one
move, for after the commit, of the generations of the tables the transaction wrote (``TableGeneration``: one short
upsert, never inside the writer's transaction, so writers never queue on those rows); a write in autocommit
moves them at once. The process that made the change also moves counters of its own at once, so its next page
shows the change even before (or without) a commit that others see: a test's transaction, a view's.

:func:`kept` notes the tables a computation reads (every statement it runs, and those of the kept figures it
uses) and keeps its result while none of them has moved on: a determination stored or an inspection's result
no longer recomputes the district's figures (issue 38, item 13: every write moved one generation for all,
and under ``make load``'s mix the dashboard, the board and the reads' count were computed afresh almost every
time, 44% of the servers' CPU). A change no statement shows (a restore) moves everything: :func:`move_on`
with no table.

Not changes of the records: a session renewed (every request), a worker's heartbeat, the generations
themselves, and the writes of migrations (the server restarts after them; the table may not exist yet).
"""

from __future__ import annotations

import itertools
import re
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from django.core.cache import cache
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.backends.signals import connection_created
from django.db.models.signals import post_migrate, pre_migrate

from sewerworks.core.compiled import compiled

EVERYTHING = "*"  # the generation every kept figure depends on: moved by a change no statement names
NOT_RECORDS = frozenset({"django_session", "core_workerheartbeat", "core_tablegeneration", "django_migrations"})
_local = itertools.count(1)  # next() is atomic under the GIL: threads of one worker never share a value
_local_moves: dict[str, int] = {}  # table -> this process's last move of it
_PENDING = "_sewerworks_generation_pending"  # (the connection's pending-hooks list our move is in, its tables)
_MISSING = object()
# How long a move waits for SQLite's write lock before it is skipped (PostgreSQL: for the rows' locks): long
# enough for another request's commit, short of a batch's (whose own commit then moves them).
MOVE_WAIT_MS = 1000
KEPT_SECONDS = 60  # what ``kept`` keeps is kept this long at most, while nothing it read changes
T = TypeVar("T")

_WRITE = re.compile(r"\s*(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE|DELETE\s+FROM|REPLACE\s+INTO)\s+\"?(\w+)", re.I)
_WRITE_ANYWHERE = re.compile(
    r"(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE|DELETE\s+FROM|REPLACE\s+INTO|TRUNCATE(?:\s+TABLE)?)\s+\"?(\w+)", re.I
)
_READ_ONLY = re.compile(r"\s*(?:SELECT|SAVEPOINT|RELEASE|ROLLBACK|SET|SHOW|PRAGMA|EXPLAIN|BEGIN|COMMIT)\b", re.I)
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_state = threading.local()  # .reading: the table sets of the kept computations running in this thread
_tables: frozenset[str] | None = None
_migrating = [False]


def known_tables() -> frozenset[str]:
    """Every model's table (many-to-many tables too): what a statement's names are looked up in."""
    global _tables
    if _tables is None:
        from django.apps import apps

        _tables = frozenset(m._meta.db_table for m in apps.get_models(include_auto_created=True))
    return _tables


def written_tables(sql: str) -> set[str]:
    """The tables a statement writes (empty for a read)."""
    head = _WRITE.match(sql)
    if head:
        found = {head.group(1)}
    elif _READ_ONLY.match(sql):
        return set()
    else:  # a data-modifying WITH, a TRUNCATE, a statement of our own making
        found = set(_WRITE_ANYWHERE.findall(sql))
    return (found & known_tables()) - NOT_RECORDS


def read_tables(sql: str) -> set[str]:
    return set(_NAME.findall(sql)) & known_tables()


def _observe(execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any) -> Any:
    """The wrapper on every connection's statements (``connect``)."""
    result = execute(sql, params, many, context)
    reading = getattr(_state, "reading", None)
    if reading:
        tables = read_tables(sql)
        for found in reading:
            found.update(tables)
    if not _migrating[0]:
        written = written_tables(sql)
        if written:
            wrote(written, context["connection"].alias)
    return result


def _install(sender: Any, connection: Any, **kwargs: Any) -> None:
    if _observe not in connection.execute_wrappers:
        connection.execute_wrappers.insert(0, _observe)


def connect() -> None:
    """Observe every connection's writes (and the reads of kept computations), from its first statement."""
    from sewerworks.core import inserts

    connection_created.connect(_install, dispatch_uid="sewerworks_generation_observe")
    if _copied not in inserts.COPIED:
        inserts.COPIED.append(_copied)
    for connection in connections.all(initialized_only=True):
        _install(None, connection)
    pre_migrate.connect(_migration_starts, dispatch_uid="sewerworks_generation_pre_migrate")
    post_migrate.connect(_migration_ends, dispatch_uid="sewerworks_generation_post_migrate")


def _copied(table: str) -> None:
    wrote({table})


def _migration_starts(**kwargs: Any) -> None:
    _migrating[0] = True


def _migration_ends(**kwargs: Any) -> None:
    _migrating[0] = False


@contextmanager
def unobserved() -> Iterator[None]:
    """Writes in this block move nothing, as another process's writes look to this one before they commit
    (the tests of what is kept use it)."""
    was, _migrating[0] = _migrating[0], True
    try:
        yield
    finally:
        _migrating[0] = was


# --- what changed ------------------------------------------------------------------------------------------


def wrote(tables: Iterable[str], alias: str = DEFAULT_DB_ALIAS) -> None:
    """``tables`` changed: at once for this process, for the others after the commit (a write in autocommit:
    now). The wrapper calls it for every write; ``core.inserts`` for its ``COPY``."""
    tables = set(tables) - NOT_RECORDS
    if not tables or _migrating[0]:
        return
    for table in tables:
        _local_moves[table] = next(_local)
    connection = connections[alias]
    if not connection.in_atomic_block:
        move_on(tables, alias)
        return
    # One move per transaction: a discarded (rolled back) or run list of hooks is replaced by a new list
    # object, so "our list is the pending one" means the move is already scheduled in it, with these tables.
    pending = getattr(connection, _PENDING, None)
    if pending is not None and pending[0] is connection.run_on_commit:
        pending[1].update(tables)
        return
    scheduled = set(tables)
    transaction.on_commit(lambda: move_on(scheduled, alias), using=alias, robust=True)
    setattr(connection, _PENDING, (connection.run_on_commit, scheduled))


def move_on(tables: Iterable[str] = (EVERYTHING,), using: str = DEFAULT_DB_ALIAS) -> bool:
    """Move the shared generations of ``tables`` on by one (after a commit); False when a batch held the
    database longer than ``MOVE_WAIT_MS`` and the move was skipped rather than waited for
    (core.records.quickwrite): that batch's own commit moves them, and figures are kept ``KEPT_SECONDS`` at most."""
    from sewerworks.core.records.quickwrite import write_if_free

    names = sorted(set(tables))  # always in one order: two movers never wait on each other's rows
    for table in names:
        _local_moves[table] = next(_local)
    if not names:
        return True

    def work() -> None:
        marks = ", ".join(["(%s, 1)"] * len(names))
        with connections[using].cursor() as cursor:
            cursor.execute(
                f'INSERT INTO core_tablegeneration ("table", value) VALUES {marks} '  # noqa: S608 - marks only
                'ON CONFLICT ("table") DO UPDATE SET value = core_tablegeneration.value + 1',
                names,
            )

    return write_if_free(work, what="the table generations", wait_ms=MOVE_WAIT_MS)


# --- what is kept ------------------------------------------------------------------------------------------


def _shared(_: Any) -> Any:
    from sewerworks.core.models import TableGeneration

    return TableGeneration.objects.values_list("table", "value")


_SHARED = compiled("the table generations", _shared)  # its SQL compiled once per process (issue 38)


@dataclass(frozen=True)
class Generations:
    """The generations read at one moment: the shared ones (committed anywhere) and this process's own."""

    shared: dict[str, int]
    local: dict[str, int]

    def of(self, table: str) -> tuple[int, int]:
        return self.shared.get(table, 0), self.local.get(table, 0)


def current() -> Generations:
    """The generations now: what figures computed after this call are kept under."""
    return Generations(dict(_SHARED(None)), dict(_local_moves))


@dataclass(frozen=True)
class _Kept:
    read: tuple[tuple[str, tuple[int, int]], ...]  # each table read (and EVERYTHING), with its generations then
    value: Any

    def fresh(self, now: Generations) -> bool:
        return all(now.of(table) == then for table, then in self.read)


def kept(name: str, compute: Callable[[], T], seconds: int = KEPT_SECONDS, *, at: Generations | None = None) -> T:
    """``compute()``, kept (Django's cache, this process) under ``name`` for at most ``seconds`` while none of
    the tables it read changes: what a read computes from the records, shared by the screens that show it.
    ``at``: the generations :func:`current` gave, when one page keeps several things under the same reading."""
    now = at if at is not None else current()
    key = f"kept:{name}"
    reading: list[set[str]] = getattr(_state, "reading", None) or []
    found = cache.get(key, _MISSING)
    if isinstance(found, _Kept) and found.fresh(now):
        for outer in reading:  # a computation using these figures read their tables too
            outer.update(table for table, _ in found.read)
        return found.value  # type: ignore[no-any-return]
    tables: set[str] = {EVERYTHING}
    _state.reading = [*reading, tables]
    try:
        value = compute()
        before = frozenset(tables)
        cache.set(key, _Kept(tuple((t, now.of(t)) for t in sorted(before)), value), seconds)
        if tables != before:  # pickling ran a lazy queryset in ``value``: keep what it read too
            cache.set(key, _Kept(tuple((t, now.of(t)) for t in sorted(tables)), value), seconds)
    finally:
        _state.reading = reading
    for outer in reading:
        outer.update(tables)
    return value
