"""A signal for bulk writes. ``bulk_create`` and raw SQL send no ``post_save``, so a bulk path (the demo,
an import) says what it wrote once it has written it, and the apps that derive work from such records
(enforcement's duties) catch up. Core names no app: any app may listen."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.db import models
from django.dispatch import Signal

# sender: the model class written; pks: the primary keys written, or None for "possibly any row".
records_written = Signal()


def announce_written(model: type[models.Model], pks: Collection[Any] | None = None) -> None:
    """Tell listeners that rows of ``model`` were written in bulk (call it inside the writing transaction)."""
    records_written.send(sender=model, pks=pks)
