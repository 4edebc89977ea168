from __future__ import annotations

from django.conf import settings
from django.db import models


class AuditEvent(models.Model):
    """One line of the audit trail for work done in bulk.

    Editable records keep their own field-by-field history (django-simple-history). Append-only
    records written in bulk (meter reads, bills, ledger entries, lab results) do not: each batch run
    writes one AuditEvent naming who ran it, what it did and how many rows it wrote.
    """

    at = models.DateTimeField("when", auto_now_add=True, db_index=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="who",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="The signed-in user who did it; empty for the system (a scheduled sweep).",
    )
    action = models.CharField("action", max_length=80, help_text="The do_* action or batch run.")
    run = models.CharField("run", max_length=64, blank=True, help_text="Identifier of the batch run.")
    subject = models.CharField("subject", max_length=200, blank=True, help_text="What it acted on.")
    rows = models.PositiveIntegerField("rows written", default=0)
    detail = models.JSONField("detail", default=dict, blank=True)

    class Meta:
        verbose_name = "audit event"
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action} {self.subject}".strip()
