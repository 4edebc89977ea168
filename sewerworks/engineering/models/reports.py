"""The Town Engineer's inspector's daily reports of an extension under construction, their photographs, and
the Town Engineer's stop-work orders and material rejections, each citing §118-31 ("The Town Engineer's
decision shall be final in matters of quality and methods of construction")."""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from sewerworks.core.records import events

FINAL_WORD = "118-31"


class DailyReport(models.Model):
    """One day of the full-time inspection (§118-31): weather, crew, pipe laid by station, the trench and
    bedding found, and the inspector's hours (billed to who builds the extension, I-141). One a day."""

    project = models.ForeignKey(
        "engineering.ExtensionProject", verbose_name="project", on_delete=models.PROTECT, related_name="daily_reports"
    )
    report_date = models.DateField("date")
    inspector = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="inspector", on_delete=models.PROTECT, related_name="+"
    )
    weather = models.CharField("weather", max_length=120)
    crew = models.CharField("crew", max_length=200, help_text="Who worked: foreman, operators, laborers.")
    pipe = models.CharField("pipe", max_length=100, blank=True, help_text="The design's pipe laid that day.")
    station_from_ft = models.DecimalField("laid from station (ft)", max_digits=9, decimal_places=2, null=True,
                                          blank=True)  # fmt: skip
    station_to_ft = models.DecimalField("laid to station (ft)", max_digits=9, decimal_places=2, null=True,
                                        blank=True)  # fmt: skip
    trench_width_in = models.DecimalField(
        "trench width (in)", max_digits=6, decimal_places=2, null=True, blank=True,
        help_text="Measured just above the crown of the pipe (§118-32).",
    )  # fmt: skip
    bedding_in = models.DecimalField("bedding (in)", max_digits=5, decimal_places=2, null=True, blank=True,
                                     help_text="Crushed stone under the pipe (§118-32: at least 3 in).")  # fmt: skip
    hours = models.DecimalField("inspection hours", max_digits=4, decimal_places=2)
    notes = models.TextField("notes", blank=True)
    recorded_at = models.DateTimeField("recorded at", default=events.now)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="recorded by", on_delete=models.PROTECT, related_name="+"
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = "daily inspection report"
        ordering = ["project", "report_date"]
        constraints = [
            models.UniqueConstraint(fields=["project", "report_date"], name="engineering_one_report_a_day"),
            models.CheckConstraint(condition=models.Q(hours__gte=0) & models.Q(hours__lte=24),
                                   name="engineering_report_hours_0_to_24"),
        ]  # fmt: skip

    def __str__(self) -> str:
        return f"{self.project}: report of {self.report_date}"

    @property
    def pipe_laid_ft(self) -> Decimal:
        if self.station_from_ft is None or self.station_to_ft is None:
            return Decimal("0.00")
        return self.station_to_ft - self.station_from_ft


class ReportPhoto(models.Model):
    """A photograph taken on the day (JPEG or PNG, judged by its content)."""

    report = models.ForeignKey(DailyReport, verbose_name="report", on_delete=models.PROTECT, related_name="photos")
    file = models.FileField("file", upload_to="engineering/")
    content_type = models.CharField("content type", max_length=60, editable=False)
    size = models.PositiveIntegerField("size (bytes)", editable=False)
    given_name = models.CharField("name as uploaded", max_length=200, editable=False)
    caption = models.CharField("caption", max_length=200, blank=True)
    uploaded_at = models.DateTimeField("uploaded at", default=events.now)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="uploaded by", on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        verbose_name = "report photograph"
        ordering = ["uploaded_at", "id"]

    def __str__(self) -> str:
        return self.caption or self.given_name


class StopWorkOrder(models.Model):
    """The Town Engineer stops the work (§118-31: his decision is final in matters of quality and methods of
    construction), recorded on the day's report. While it is open, no report records pipe laid; he lifts it."""

    project = models.ForeignKey(
        "engineering.ExtensionProject", verbose_name="project", on_delete=models.PROTECT, related_name="stop_work"
    )
    report = models.ForeignKey(DailyReport, verbose_name="recorded on", on_delete=models.PROTECT,
                               related_name="stop_work_orders")  # fmt: skip
    issued_on = models.DateField("issued on")
    reason = models.TextField("reason")
    section = models.CharField("section", max_length=12, default=FINAL_WORD, editable=False)
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="issued by", on_delete=models.PROTECT, related_name="+"
    )
    lifted_on = models.DateField("lifted on", null=True, blank=True)
    lifted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="lifted by", on_delete=models.PROTECT, null=True, blank=True,
        related_name="+",
    )  # fmt: skip
    lift_note = models.TextField("why it is lifted", blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = "stop-work order"
        ordering = ["issued_on", "id"]
        constraints = [
            models.UniqueConstraint(fields=["project"], condition=models.Q(lifted_on__isnull=True),
                                    name="engineering_one_open_stop_work"),
            models.CheckConstraint(condition=models.Q(lifted_on__isnull=True)
                                   | models.Q(lifted_on__gte=models.F("issued_on")),
                                   name="engineering_stop_work_lifted_after_issue"),
        ]  # fmt: skip

    def __str__(self) -> str:
        return f"Stop-work order of {self.issued_on}" + (f", lifted {self.lifted_on}" if self.lifted_on else "")

    def covers(self, day: object) -> bool:
        """Work is stopped on ``day``: after the order's day and before the day it is lifted."""
        return self.issued_on < day and (self.lifted_on is None or day < self.lifted_on)  # type: ignore[operator]


class MaterialRejection(models.Model):
    """Material on site the Town Engineer rejects (§118-31: his decision is final in matters of quality)."""

    report = models.ForeignKey(DailyReport, verbose_name="recorded on", on_delete=models.PROTECT,
                               related_name="rejections")  # fmt: skip
    material = models.CharField("material", max_length=200, help_text="What is rejected: pipe, bedding stone ...")
    reason = models.TextField("reason")
    section = models.CharField("section", max_length=12, default=FINAL_WORD, editable=False)
    rejected_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="rejected by", on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        verbose_name = "material rejection"
        ordering = ["report", "id"]

    def __str__(self) -> str:
        return f"{self.material} rejected on {self.report.report_date}"
