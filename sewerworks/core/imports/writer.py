"""Staged writes: an import's rows go to the database in short transactions, invisible until one short
final transaction publishes them all (see :mod:`sewerworks.core.imports` for the design)."""

from __future__ import annotations

import logging
import os
import socket
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

from django.db import models, transaction
from django.utils import timezone

from sewerworks.core.imports.sqlbatch import compile_inserts, history_rows, run_inserts
from sewerworks.core.jobs.workers import process_alive, this_worker
from sewerworks.core.models import AuditEvent, ImportBatch, StagedRows

log = logging.getLogger(__name__)

CHUNK_ROWS = 100  # rows of one model in the first chunk transaction (with their history rows)
TARGET_HOLD_S = 0.1  # later chunks are sized so that each holds the write lock about this long
MIN_ROWS, MAX_ROWS = 20, 1000
PAUSE_S = 0.05  # between chunks the lock is left free this long, so waiting writers get their turn
PAUSE_AFTER_ROWS = 2000  # a small import writes its few chunks without pausing
ABANDONED_AFTER = timedelta(minutes=30)  # a pending batch with no chunk written for this long is dead

# Called with (writer, chunks written so far) after each chunk commits: the tests and the benchmark watch.
chunk_listeners: list[Callable[[StagedWriter, int], None]] = []


class StagedWriter:
    """Writes one import batch. ``create`` stages new rows in chunks; ``on_publish`` queues work (updates of
    existing rows) for the final transaction; ``publish`` makes everything visible at once."""

    def __init__(self, *, label: str, acting_user: Any, chunk_rows: int | None = None) -> None:
        self.run = uuid.uuid4().hex
        self.chunk_rows = chunk_rows or CHUNK_ROWS
        self.adaptive = chunk_rows is None
        self.longest_hold_s = 0.0
        self.longest_hold_what = ""
        self.chunks_written = 0
        self.rows_written = 0
        self._publish: list[Callable[[], None]] = []
        self._models: list[str] = []
        with self.transaction():
            host, pid, started = this_worker()
            ImportBatch.objects.create(
                run=self.run, label=label[:200], created_by=acting_user, writer=f"{host}:{pid}:{started}"[:260]
            )

    @contextmanager
    def transaction(self, what: str = "batch record") -> Iterator[None]:
        """One short write transaction, timed: the longest is what other writers may have waited for."""
        start = time.perf_counter()
        with transaction.atomic():
            yield
        held = time.perf_counter() - start
        if held > self.longest_hold_s:
            self.longest_hold_s, self.longest_hold_what = held, what

    def create(self, model: type[StagedRows], objs: Sequence[Any], *, acting_user: Any, reason: str) -> None:
        """Insert ``objs`` (new rows, pk None) with their history, in chunks, hidden until :meth:`publish`.
        The objects get their primary keys, so later rows may refer to them. Each chunk's statements are
        compiled before its transaction (:mod:`sewerworks.core.imports.sqlbatch`); the rows and their
        history rows go in two transactions (a crash between leaves both to the cleanup)."""
        label = model._meta.label
        if label not in self._models:
            self._models.append(label)
            ImportBatch.objects.filter(run=self.run).update(models_written=list(self._models))
        done = 0
        while done < len(objs):
            part = list(objs[done : done + self.chunk_rows])
            done += len(part)
            for obj in part:
                obj.import_run = self.run
            compiled = compile_inserts(model, part, returning=True)
            start = time.perf_counter()
            with self.transaction(f"{len(part)} {model._meta.verbose_name_plural}"):
                run_inserts(compiled, part)
                ImportBatch.objects.filter(run=self.run).update(heartbeat_at=timezone.now())
            held = time.perf_counter() - start
            if getattr(model, "history", None) is not None:
                history_model, rows = history_rows(model, part, user=acting_user, reason=reason)
                compiled = compile_inserts(history_model, rows, returning=False)
                start = time.perf_counter()
                with self.transaction(f"history of {len(part)} {model._meta.verbose_name_plural}"):
                    run_inserts(compiled)
                held = max(held, time.perf_counter() - start)
            self.rows_written += len(part)
            self._resize(len(part), held)
            self.chunks_written += 1
            for listener in chunk_listeners:
                listener(self, self.chunks_written)

    def _resize(self, rows: int, held_s: float) -> None:
        """Size the next chunk to hold the lock about TARGET_HOLD_S, then leave the lock free a moment:
        SQLite gives the lock to whoever asks first, and a waiting writer polls, so without the pause
        the import would take the lock again before any waiter woke up."""
        if self.adaptive and held_s > 0:
            wanted = int(rows * TARGET_HOLD_S / held_s)
            self.chunk_rows = max(MIN_ROWS, min(MAX_ROWS, wanted, self.chunk_rows * 2))
        if PAUSE_S and self.rows_written > PAUSE_AFTER_ROWS:
            time.sleep(PAUSE_S)

    def on_publish(self, work: Callable[[], None]) -> None:
        self._publish.append(work)

    def publish(self, audits: Sequence[dict[str, Any]]) -> None:
        """Make every staged row visible, apply the queued updates and write the audit records: one transaction."""
        with self.transaction("publishing"):
            flipped = ImportBatch.objects.filter(run=self.run, status=ImportBatch.Status.PENDING).update(
                status=ImportBatch.Status.PUBLISHED, finished_at=timezone.now()
            )
            if flipped != 1:
                raise RuntimeError(
                    f"Import batch {self.run} was discarded while it was written (left idle "
                    f"longer than {ABANDONED_AFTER}); nothing was imported."
                )
            for work in self._publish:
                work()
            for audit in audits:
                AuditEvent.objects.create(**audit)

    def discard(self) -> None:
        discard_batch(self.run)


BATCH_NICENESS = 10  # CPU priority of a process that imports in the background (a worker, a command)


def batch_priority() -> None:
    """Lower this process's CPU priority to BATCH_NICENESS (never raise it): on a small server the web
    requests, which a clerk waits for, then win the cores from an import nobody is watching."""
    try:
        current = os.nice(0)
        if current < BATCH_NICENESS:
            os.nice(BATCH_NICENESS - current)
    except (AttributeError, OSError):  # pragma: no cover - not on this platform
        pass


def _delete_in_chunks(qs: Any) -> int:
    """Delete in short transactions, without signals (a row never published leaves no deletion history)."""
    deleted = 0
    while True:
        ids = list(qs.values_list("pk", flat=True)[:CHUNK_ROWS])
        if not ids:
            return deleted
        with transaction.atomic():
            part = qs.model._base_manager.filter(pk__in=ids)
            part._raw_delete(part.db)
        deleted += len(ids)


def discard_batch(run: str) -> int:
    """Mark the batch discarded (its rows stay hidden) and delete its rows and their history in short
    transactions, newest model first. Returns the rows deleted. Safe to run again after a crash."""
    from django.apps import apps

    batch = ImportBatch.objects.filter(run=run).first()
    if batch is None or batch.status == ImportBatch.Status.PUBLISHED:
        return 0
    ImportBatch.objects.filter(pk=batch.pk).update(status=ImportBatch.Status.DISCARDED)
    deleted = 0
    for label in reversed(batch.models_written or []):
        model: Any = apps.get_model(label)
        history = getattr(model, "history", None)
        if history is not None:
            deleted += _delete_in_chunks(history.model.objects.filter(import_run=run))
        deleted += _delete_in_chunks(model._base_manager.filter(import_run=run))
    ImportBatch.objects.filter(pk=batch.pk).update(finished_at=timezone.now())
    log.info("import batch %s discarded: %d rows deleted", run, deleted)
    return deleted


def _pending_of_dead_writers() -> list[str]:
    """Pending batches whose writing process, on this host, no longer runs (killed, out of memory): their
    rerun must not wait out the abandonment delay behind their rows (issue 19's fault tests)."""
    host = socket.gethostname()
    dead = []
    pending = ImportBatch.objects.filter(status=ImportBatch.Status.PENDING, writer__startswith=f"{host}:")
    for run, writer in pending.values_list("run", "writer"):
        _, pid, started = (writer.split(":") + ["", ""])[:3]
        if pid.isdigit() and not process_alive(int(pid), started):
            dead.append(run)
    return dead


def cleanup_abandoned(older_than: timedelta = ABANDONED_AFTER) -> list[str]:
    """Discard batches left pending by an import that died (no chunk for ``older_than``), and finish
    discarding any whose cleanup was itself cut short. Returns their run ids."""
    cutoff = timezone.now() - older_than
    dead = ImportBatch.objects.filter(
        models.Q(status=ImportBatch.Status.PENDING, heartbeat_at__lte=cutoff)
        | models.Q(status=ImportBatch.Status.DISCARDED, finished_at__isnull=True)
    )
    runs = list(dead.values_list("run", flat=True))
    runs += [r for r in _pending_of_dead_writers() if r not in runs]
    for run in runs:
        discard_batch(run)
    return runs
