from __future__ import annotations

from django.db import models


class TableGeneration(models.Model):
    """How many times a table's records have changed: a row per table, moved on after every committed change
    to it (``core.records.generation``), so that figures computed from the records can be kept for a short
    while and known stale, in every server process, the moment a table they read changes (the dashboard's
    panels). The row "*" moves for a change no statement names, and every kept figure depends on it."""

    table = models.CharField("table", max_length=100, primary_key=True)
    value = models.PositiveBigIntegerField(
        "generation", default=0, help_text="Moved on by one after each committed transaction that changed the table."
    )

    class Meta:
        verbose_name = "table generation"
        verbose_name_plural = "table generations"

    def __str__(self) -> str:
        return f"{self.table}: generation {self.value}"
