from __future__ import annotations

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from sewerworks.core.attachments.files import stored_name
from sewerworks.core.records.events import EventDated, EventHistory
from sewerworks.core.records.pipelines import TracksPipeline
from sewerworks.enforcement.choices import Discovery, Program
from sewerworks.enforcement.models.sections import validate_section
from sewerworks.enforcement.pipeline import VIOLATION
from sewerworks.registry.models import Owner, Parcel


class Violation(TracksPipeline):
    """A violation of a section of Chapter 118 on a property, and who is responsible for it.

    Its status moves along the pipeline (``enforcement.pipeline``): open, noticed, corrected, or
    escalated and referred to court, then closed. Each move is a :class:`StatusChange`.
    """

    section = models.CharField(
        "section violated",
        max_length=12,
        validators=[validate_section],
        help_text="Section of Chapter 118, e.g. 118-5.",
    )
    program = models.CharField("program", max_length=14, choices=Program.choices, default=Program.GENERAL)
    parcel = models.ForeignKey(Parcel, verbose_name="property", on_delete=models.PROTECT, related_name="violations")
    responsible_owner = models.ForeignKey(
        Owner,
        verbose_name="responsible person",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="violations",
        help_text="Usually the owner of record; empty if someone else.",
    )
    responsible_name = models.CharField("responsible person (as named)", max_length=200, blank=True)
    discovered_on = models.DateField("discovered on")
    how_discovered = models.CharField("how discovered", max_length=16, choices=Discovery.choices)
    description = models.TextField("nature of the violation", help_text="Stated in the written notice (§118-47).")
    pipeline = VIOLATION
    status = models.CharField("status", max_length=10, default="open", choices=list(VIOLATION.statuses.items()))
    source_deadline = models.OneToOneField(
        "enforcement.Deadline",
        verbose_name="missed deadline",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="violation",
        help_text="The deadline whose miss this violation is (one violation per deadline).",
    )
    corrected_on = models.DateField("corrected on", null=True, blank=True)
    created_at = models.DateTimeField("recorded at", auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="recorded by",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    history = HistoricalRecords(bases=[EventHistory])

    class Meta:
        verbose_name = "violation"
        ordering = ["-discovered_on", "-id"]
        indexes = [models.Index(fields=["status", "program"], name="enf_violation_status_program")]

    def __str__(self) -> str:
        return f"§{self.section} on {self.parcel.tax_map_number} ({self.get_status_display()})"


class StatusChange(EventDated):
    """One move of a violation along its pipeline: who moved it, when it happened (``occurred_at``: the
    service of the notice, the sweep's day, the correction), when it was recorded (``at``) and why.
    Never edited."""

    violation = models.ForeignKey(
        Violation, verbose_name="violation", on_delete=models.CASCADE, related_name="status_changes"
    )
    from_status = models.CharField("from", max_length=10)
    to_status = models.CharField("to", max_length=10)
    at = models.DateTimeField("recorded at", auto_now_add=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="who",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="Empty when the daily sweep moved it.",
    )
    why = models.TextField("why")

    class Meta:
        verbose_name = "status change"
        ordering = ["occurred_at", "id"]

    def __str__(self) -> str:
        return f"{self.from_status} → {self.to_status}"


def evidence_path(instance: Evidence, filename: str) -> str:
    """``evidence/<violation>/<random>.<extension of the sniffed type>``: the uploaded name is never used."""
    return stored_name(f"evidence/{instance.violation_id}", instance.content_type)


class Evidence(models.Model):
    """A photograph, report or document that shows the violation (type and size checked on upload)."""

    violation = models.ForeignKey(
        Violation, verbose_name="violation", on_delete=models.PROTECT, related_name="evidence"
    )
    file = models.FileField("file", upload_to=evidence_path)
    content_type = models.CharField("type", max_length=80)
    size = models.PositiveIntegerField("size (bytes)")
    description = models.CharField("description", max_length=200, blank=True)
    uploaded_at = models.DateTimeField("uploaded at", auto_now_add=True)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="uploaded by", on_delete=models.PROTECT, related_name="+"
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = "evidence"
        verbose_name_plural = "evidence"
        ordering = ["uploaded_at"]

    def __str__(self) -> str:
        return self.description or self.file.name
