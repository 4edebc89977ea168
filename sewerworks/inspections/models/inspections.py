"""An inspection in the field, and the photographs taken at it."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.db import models
from simple_history.models import HistoricalRecords

from sewerworks.core.models import StoredDecision
from sewerworks.inspections.choices import Requester, Result
from sewerworks.registry.models import Parcel


class Inspection(models.Model):
    """One inspection of one subject a program registered (a permit's trench, its connection, its lateral):
    the notice that asked for it, when it is scheduled, the checklist as issued, and what the inspector found.
    A re-inspection names the inspection it repeats."""

    subject_type = models.ForeignKey(
        ContentType, verbose_name="kind of subject", on_delete=models.PROTECT, related_name="+"
    )
    subject_id = models.PositiveBigIntegerField("subject id")
    subject = GenericForeignKey("subject_type", "subject_id")
    parcel = models.ForeignKey(
        Parcel, verbose_name="property", on_delete=models.PROTECT, null=True, blank=True, related_name="inspections"
    )
    kind = models.CharField("inspection", max_length=30, help_text="The kind the subject registered: trench ...")
    # the request
    requested_on = models.DateField("requested on", help_text="The day the notice was received.")
    requested_by = models.CharField("notice given by", max_length=120)
    requester = models.CharField("who gave notice", max_length=10, choices=Requester.choices)
    requester_address = models.TextField("mailing address of who gave notice", blank=True)
    notice = models.CharField("notice", max_length=200, help_text="Which notice asked for the inspection.")
    repeats = models.ForeignKey(
        "self",
        verbose_name="re-inspection of",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="repeated_by",
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="entered by", on_delete=models.PROTECT, related_name="+"
    )
    entered_at = models.DateTimeField("entered at", auto_now_add=True)
    scheduled_for = models.DateField("scheduled for", null=True, blank=True)
    # the checklist as issued
    checklist = models.JSONField(
        "checklist",
        default=list,
        blank=True,
        help_text="The items as issued: section, kind, what to check, the design value.",
    )
    checklist_decision = models.ForeignKey(
        StoredDecision,
        verbose_name="checklist decision",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    # the result
    result = models.CharField("result", max_length=10, choices=Result.choices, blank=True)
    inspected_on = models.DateField("inspected on", null=True, blank=True)
    inspector = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="inspector",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    answers = models.JSONField("items as found", default=dict, blank=True)
    notes = models.TextField("notes", blank=True)
    latitude = models.DecimalField(
        "latitude",
        max_digits=9,
        decimal_places=6,
        null=True,
        blank=True,
        help_text="Where the inspection was made (WGS 84), if recorded.",
    )
    longitude = models.DecimalField("longitude", max_digits=9, decimal_places=6, null=True, blank=True)
    decision = models.ForeignKey(
        StoredDecision,
        verbose_name="order decision",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text="The determination of the inspection's place in the order.",
    )
    summary = models.TextField("what followed", blank=True, help_text="What the result started.")
    history = HistoricalRecords()

    class Meta:
        verbose_name = "inspection"
        ordering = ["-requested_on", "-id"]
        indexes = [models.Index(fields=["subject_type", "subject_id", "kind"], name="inspections_subject_kind")]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(result="") | models.Q(inspected_on__isnull=False), name="inspections_result_has_date"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} inspection {self.pk} ({self.result_label})"

    @property
    def result_label(self) -> str:
        if self.result:
            return self.get_result_display()
        return f"scheduled for {self.scheduled_for:%Y-%m-%d}" if self.scheduled_for else "requested"

    @property
    def is_open(self) -> bool:
        return not self.result

    def item(self, key: str) -> dict[str, Any] | None:
        return next((i for i in self.checklist if i["key"] == key), None)

    def answer(self, key: str) -> str:
        found = self.answers.get(key) or {}
        return str(found.get("answer", ""))


class InspectionPhoto(models.Model):
    """A photograph (or PDF) taken at an inspection; its type judged by content (JPEG, PNG or PDF)."""

    inspection = models.ForeignKey(
        Inspection, verbose_name="inspection", on_delete=models.PROTECT, related_name="photos"
    )
    file = models.FileField("file", upload_to="inspections/")
    content_type = models.CharField("type", max_length=60, editable=False)
    size = models.PositiveIntegerField("size (bytes)", editable=False)
    given_name = models.CharField("name as uploaded", max_length=200, editable=False)
    caption = models.CharField("caption", max_length=200, blank=True)
    uploaded_at = models.DateTimeField("uploaded at", auto_now_add=True)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="uploaded by", on_delete=models.PROTECT, related_name="+"
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = "inspection photo"
        ordering = ["uploaded_at", "id"]

    def __str__(self) -> str:
        return self.caption or self.given_name
