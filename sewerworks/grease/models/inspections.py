from __future__ import annotations

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from sewerworks.core.models import StoredDecision
from sewerworks.enforcement.models import Notice, Violation
from sewerworks.grease.choices import InspectionOutcome
from sewerworks.grease.models.establishments import Interceptor


class GreaseInspection(models.Model):
    """An inspection of an interceptor (§118-38 Inspection): what was measured, whether it performs, the fill
    it gives (I-36), and what followed: the written notice at 80%, or the 72-hour order."""

    interceptor = models.ForeignKey(
        Interceptor, verbose_name="interceptor", on_delete=models.PROTECT, related_name="inspections"
    )
    inspected_at = models.DateTimeField("inspected at", help_text="The 72 hours run from this moment (I-20, I-68).")
    inspector = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="inspector", on_delete=models.PROTECT, related_name="+"
    )
    grease_depth_in = models.DecimalField("grease layer (in)", max_digits=6, decimal_places=2, null=True, blank=True)
    solids_depth_in = models.DecimalField("solids layer (in)", max_digits=6, decimal_places=2, null=True, blank=True)
    grease_retained_lb = models.DecimalField(
        "grease retained (lb)", max_digits=7, decimal_places=2, null=True, blank=True
    )
    adequately_performing = models.BooleanField("adequately performing its intended function")
    log_made_available = models.BooleanField(
        "pump-out log made available", default=True, help_text="§118-38 Recordkeeping: shown at the inspection."
    )
    fill_percent = models.DecimalField("fill (%)", max_digits=7, decimal_places=2)
    outcome = models.CharField("outcome", max_length=16, choices=InspectionOutcome.choices)
    decision = models.ForeignKey(StoredDecision, verbose_name="decision", on_delete=models.PROTECT, related_name="+")
    violation = models.ForeignKey(
        Violation,
        verbose_name="violation",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="grease_inspections",
        help_text="The §118-38 violation this inspection found, or the open one it reinspected.",
    )
    notice = models.ForeignKey(
        Notice,
        verbose_name="notice given",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="The written notice (80%) or the 72-hour order served at the inspection.",
    )
    notes = models.TextField("notes", blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = "grease inspection"
        ordering = ["-inspected_at", "-id"]
        indexes = [models.Index(fields=["interceptor", "inspected_at"], name="grease_inspection_when")]

    def __str__(self) -> str:
        return f"Inspection {self.inspected_at:%Y-%m-%d %H:%M}: {self.fill_percent}%"

    @property
    def passed(self) -> bool:
        return self.outcome == InspectionOutcome.IN_ORDER
