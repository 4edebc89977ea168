"""Staged writes: an import's rows go to the database in short transactions, invisible until one short
final transaction publishes them all (see :mod:`sewerworks.core.imports` for the design)."""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

from django.db import models, transaction
from django.utils import timezone
from simple_history.utils import bulk_create_with_history

from sewerworks.core.imports.common import CHUNK, chunks
from sewerworks.core.models import AuditEvent, ImportBatch, StagedRows

log = logging.getLogger(__name__)

CHUNK_ROWS = 2000  # rows of one model per chunk transaction (with their history rows)
ABANDONED_AFTER = timedelta(minutes=30)  # a pending batch with no chunk written for this long is dead

# Called with (writer, chunks written so far) after each chunk commits: the tests and the benchmark watch.
chunk_listeners: list[Callable[[StagedWriter, int], None]] = []


class StagedWriter:
    """Writes one import batch. ``create`` stages new rows in chunks; ``on_publish`` queues work (updates of
    existing rows) for the final transaction; ``publish`` makes everything visible at once."""

    def __init__(self, *, label: str, acting_user: Any, chunk_rows: int | None = None) -> None:
        self.run = uuid.uuid4().hex
        self.chunk_rows = chunk_rows or CHUNK_ROWS
        self.longest_hold_s = 0.0
        self.chunks_written = 0
        self._publish: list[Callable[[], None]] = []
        self._models: list[str] = []
        with self.transaction():
            ImportBatch.objects.create(run=self.run, label=label[:200], created_by=acting_user)

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One short write transaction, timed: the longest is what other writers may have waited for."""
        start = time.perf_counter()
        with transaction.atomic():
            yield
        self.longest_hold_s = max(self.longest_hold_s, time.perf_counter() - start)

    def create(self, model: type[StagedRows], objs: Sequence[Any], *, acting_user: Any, reason: str) -> None:
        """Insert ``objs`` (new rows, pk None) with their history, in chunks, hidden until :meth:`publish`.
        The objects get their primary keys, so later rows may refer to them."""
        label = model._meta.label
        if label not in self._models:
            self._models.append(label)
            ImportBatch.objects.filter(run=self.run).update(models_written=list(self._models))
        for part in chunks(objs, self.chunk_rows):
            for obj in part:
                obj.import_run = self.run
            with self.transaction():
                bulk_create_with_history(list(part), model, batch_size=CHUNK, default_user=acting_user,
                                         default_change_reason=reason)
                ImportBatch.objects.filter(run=self.run).update(heartbeat_at=timezone.now())
            self.chunks_written += 1
            for listener in chunk_listeners:
                listener(self, self.chunks_written)

    def on_publish(self, work: Callable[[], None]) -> None:
        self._publish.append(work)

    def publish(self, audits: Sequence[dict[str, Any]]) -> None:
        """Make every staged row visible, apply the queued updates and write the audit records: one transaction."""
        with self.transaction():
            flipped = ImportBatch.objects.filter(run=self.run, status=ImportBatch.Status.PENDING).update(
                status=ImportBatch.Status.PUBLISHED, finished_at=timezone.now())
            if flipped != 1:
                raise RuntimeError(f"Import batch {self.run} was discarded while it was written (left idle "
                                   f"longer than {ABANDONED_AFTER}); nothing was imported.")
            for work in self._publish:
                work()
            for audit in audits:
                AuditEvent.objects.create(**audit)

    def discard(self) -> None:
        discard_batch(self.run)


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


def cleanup_abandoned(older_than: timedelta = ABANDONED_AFTER) -> list[str]:
    """Discard batches left pending by an import that died (no chunk for ``older_than``), and finish
    discarding any whose cleanup was itself cut short. Returns their run ids."""
    cutoff = timezone.now() - older_than
    dead = ImportBatch.objects.filter(
        models.Q(status=ImportBatch.Status.PENDING, heartbeat_at__lte=cutoff)
        | models.Q(status=ImportBatch.Status.DISCARDED, finished_at__isnull=True)
    )
    runs = list(dead.values_list("run", flat=True))
    for run in runs:
        discard_batch(run)
    return runs
