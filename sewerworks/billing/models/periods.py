from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from sewerworks.billing import pipeline
from sewerworks.core.records.events import EventDated


class BillingPeriod(models.Model):
    """A semiannual billing period (§118-51): its days, read window, bill date and due date from the
    billing calendar in force on its last day (I-58, I-43), for one Sewer Improvement Area or all.

    Its status moves along ``billing.pipeline``: draft (the bill run computes and recomputes it),
    reviewed, posted (its bills on the ledger, final). Each move is a :class:`PeriodStatusChange`.
    """

    area = models.ForeignKey(
        "registry.ImprovementArea",
        verbose_name="Sewer Improvement Area",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="billing_periods",
        help_text="Empty: every account (both areas and the contract users).",
    )
    start = models.DateField("first day")
    end = models.DateField("last day", help_text="The values in force on this day rate the period (I-43).")
    reads_from = models.DateField("reads count from", help_text="Start of the read window (§118-51, I-58).")
    reads_until = models.DateField("reads count until", help_text="End of the read window (§118-51, I-58).")
    bill_date = models.DateField("bill date", help_text="With the Water District's bills (§118-51).")
    due_date = models.DateField("due date", help_text="Listed on the bill (§118-53).")
    status = models.CharField("status", max_length=10, default=pipeline.DRAFT, choices=list(pipeline.STATUSES.items()))
    created_at = models.DateTimeField("recorded at", auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="recorded by",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = "billing period"
        ordering = ["-end", "area__name"]
        constraints = [
            models.UniqueConstraint(
                fields=["area", "end"], condition=models.Q(area__isnull=False), name="billing_period_once_per_area"
            ),
            models.UniqueConstraint(
                fields=["end"], condition=models.Q(area__isnull=True), name="billing_period_once_for_all"
            ),
            models.CheckConstraint(condition=models.Q(start__lte=models.F("end")), name="billing_period_in_order"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        where = self.area.name if self.area is not None else "all accounts"
        return f"{self.start.isoformat()} – {self.end.isoformat()} ({where})"

    @property
    def start_reads_until(self) -> dt.date:
        """The last day of the previous period's read window: as far past the previous period's end as this
        period's window reaches past its own (the calendar's window is symmetric, I-58), and before this
        period's window opens. A meter's start read is its last read on or before it (I-60, I-96)."""
        reach = self.start - dt.timedelta(days=1) + (self.reads_until - self.end)
        return min(reach, self.reads_from - dt.timedelta(days=1))

    @property
    def slug(self) -> str:
        """How the command line names it: its last day, and the area's code when it has one."""
        return f"{self.end.isoformat()}:{self.area.code}" if self.area is not None else self.end.isoformat()


class PeriodStatusChange(EventDated):
    """One move of a billing period along its pipeline: who moved it, when it happened (``occurred_at``),
    when it was recorded (``at``) and why. Never edited."""

    period = models.ForeignKey(
        BillingPeriod, verbose_name="billing period", on_delete=models.CASCADE, related_name="status_changes"
    )
    from_status = models.CharField("from", max_length=10, blank=True)
    to_status = models.CharField("to", max_length=10)
    why = models.CharField("why", max_length=200)
    at = models.DateTimeField("recorded at", auto_now_add=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="by", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = "period status change"
        ordering = ["occurred_at", "id"]

    def __str__(self) -> str:
        return f"{self.period}: {self.from_status or '—'} → {self.to_status}"
