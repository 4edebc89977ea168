from __future__ import annotations

from django.conf import settings
from django.db import models


class StoredDecision(models.Model):
    """A determination made by the ordinance engine and kept with the record it decided.

    The JSON is the ordinance layer's ``Decision`` as it was on the day: outcome, findings with their
    Chapter 118 citations, deadlines, amounts, the parameters read and the interpretation ids used.
    It is never edited; a new determination is a new row.
    """

    topic = models.CharField("topic", max_length=80, db_index=True)
    as_of = models.DateField("as of", help_text="The date whose law and parameters were applied.")
    outcome = models.CharField("outcome", max_length=40)
    summary = models.TextField("summary", blank=True)
    decision = models.JSONField("decision", help_text="The full Decision, as JSON.")
    subject_type = models.CharField("record type", max_length=80, blank=True, db_index=True)
    subject_id = models.CharField("record id", max_length=64, blank=True, db_index=True)
    made_at = models.DateTimeField("made at", auto_now_add=True)
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="made by",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        verbose_name = "stored decision"
        ordering = ["-made_at", "-id"]
        indexes = [models.Index(fields=["subject_type", "subject_id"], name="core_decision_subject")]

    def __str__(self) -> str:
        return f"{self.topic} {self.outcome} ({self.as_of})"

    @property
    def sections(self) -> list[str]:
        return list(self.decision.get("sections", []))
