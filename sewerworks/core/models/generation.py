from __future__ import annotations

from django.db import models


class DataGeneration(models.Model):
    """How many times the records have changed: one row, moved on after every committed change
    (``core.records.generation``), so that figures computed from the records can be kept for a short while and
    known stale, in every server process, the moment anything changes (the dashboard's panels)."""

    value = models.PositiveBigIntegerField(
        "generation", default=0, help_text="Moved on by one after each committed transaction that changed a record."
    )
    changed_at = models.DateTimeField("last moved on", auto_now=True)

    class Meta:
        verbose_name = "data generation"
        verbose_name_plural = "data generation"
        constraints = [models.CheckConstraint(condition=models.Q(pk=1), name="core_datageneration_one_row")]

    def __str__(self) -> str:
        return f"generation {self.value}"
