"""Import batches: rows an import writes in short transactions stay invisible until the batch is published.

See :mod:`sewerworks.core.imports` for the design. A model that imports write into inherits
:class:`StagedRows`: it gains ``import_run`` (the batch that wrote the row) and a default manager that
hides the rows of batches not yet published.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models


class ImportBatch(models.Model):
    """One import's staged writes: pending while its chunks are written, then published (all rows visible
    at once) or discarded (its rows deleted)."""

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        PUBLISHED = "published", "Published"
        DISCARDED = "discarded", "Discarded"

    run = models.CharField("run", max_length=32, unique=True, help_text="32 hex digits; rows carry it.")
    label = models.CharField("label", max_length=200, blank=True, help_text="What is imported (file names).")
    status = models.CharField("status", max_length=10, choices=Status.choices, default=Status.PENDING)
    models_written = models.JSONField(
        "models written", default=list, blank=True, help_text="Model labels in the order their rows were written."
    )
    started_at = models.DateTimeField("started", auto_now_add=True)
    heartbeat_at = models.DateTimeField("last chunk", auto_now=True, help_text="When the last chunk was written.")
    finished_at = models.DateTimeField("published or discarded", null=True, blank=True)
    writer = models.CharField(
        "writing process",
        max_length=260,
        blank=True,
        help_text=(
            "host:pid:process start of the process writing it, so a batch whose writer was killed is "
            "discarded at once instead of after the abandonment delay."
        ),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="run by",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        verbose_name = "import batch"
        ordering = ["-started_at", "-id"]
        indexes = [models.Index(fields=["status"], name="core_importbatch_status")]

    def __str__(self) -> str:
        return f"{self.label or self.run} ({self.get_status_display()})"


class PublishedManager(models.Manager):  # type: ignore[type-arg]
    """Hides rows written by an import batch that is still pending (or was abandoned and not yet cleaned)."""

    def get_queryset(self) -> Any:
        pending = ImportBatch.objects.exclude(status=ImportBatch.Status.PUBLISHED).values("run")
        return super().get_queryset().exclude(import_run__in=pending)


class StagedRows(models.Model):
    """Abstract base of a model imports write into in chunks (see :mod:`sewerworks.core.imports`)."""

    import_run = models.CharField(
        "import run",
        max_length=32,
        null=True,
        blank=True,
        editable=False,
        db_index=True,
        help_text="The import batch that wrote this row; hidden until that batch is published.",
    )

    objects = PublishedManager()

    class Meta:
        abstract = True
