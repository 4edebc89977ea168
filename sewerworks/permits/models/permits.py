"""A permit and its application: one record from the day staff enter the application to the day it closes."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone
from simple_history.models import HistoricalRecords

from sewerworks.core.records.events import EventHistory
from sewerworks.core.records.pipelines import Pipeline, TracksPipeline
from sewerworks.permits.choices import PermitClass, PermitKind
from sewerworks.permits.pipelines import ALL_STATUSES, PIPELINES
from sewerworks.registry.models import Building, Parcel

COUNTY_INSPECTION_HOURS = 48  # §118-9: "within 48 hours of the receipt of notice" (I-89)


class _KindPipeline:
    """The pipeline of the permit's own kind on a record; the union of statuses on the class."""

    def __get__(self, instance: Any, owner: Any) -> Pipeline:
        return ALL_STATUSES if instance is None else PIPELINES[instance.kind]


class Permit(TracksPipeline):
    """A permit of Chapter 118 from its application on: a building sewer permit (§118-15, Class 1 or 2), a
    Town Board permit to open or disturb a public sewer (§118-14), a private sewage disposal system recorded
    with the county's permit (§§118-7..11), or the reuse of an old building sewer (§118-18)."""

    pipeline = _KindPipeline()  # type: ignore[assignment]

    kind = models.CharField("kind of permit", max_length=20, choices=PermitKind.choices)
    permit_class = models.CharField(
        "class",
        max_length=10,
        choices=PermitClass.choices,
        blank=True,
        help_text="Building sewer permits only: Class 1 residential and commercial, Class 2 industrial (I-01).",
    )
    status = models.CharField("status", max_length=20, default="submitted")
    parcel = models.ForeignKey(Parcel, verbose_name="parcel", on_delete=models.PROTECT, related_name="permits")
    building = models.ForeignKey(
        Building, verbose_name="building", on_delete=models.PROTECT, related_name="permits", null=True, blank=True
    )
    applicant = models.CharField("applicant", max_length=120, help_text="The owner, or the owner's agent (§118-15).")
    applicant_is_agent = models.BooleanField("applicant is the owner's agent", default=False)
    filed_on = models.DateField("filed on", help_text="The day the application was filed with the town.")
    description = models.TextField("work described", blank=True)
    design = models.JSONField(
        "design",
        default=dict,
        blank=True,
        help_text="The design as facts of the review's topics: building-sewer, lateral-connection, "
        "building-drain-lift, "
        "separate-building-sewer, new-development, old-building-sewer.",
    )
    review = models.JSONField("technical review", default=dict, blank=True, editable=False)
    review_outcome = models.CharField("review outcome", max_length=20, blank=True, editable=False)
    # Class 2 (I-01)
    constituents = models.TextField(
        "wastewater constituents", blank=True, help_text="Class 2: what the wastes contain."
    )
    characteristics = models.TextField("wastewater characteristics", blank=True, help_text="Class 2: flow, strength.")
    activity = models.TextField("type of activity", blank=True, help_text="Class 2: the establishment's activity.")
    industrial_user = models.ForeignKey(
        "pretreatment.IndustrialUser",
        verbose_name="industrial user (pretreatment)",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="class_2_permits",
        help_text="Class 2: the pretreatment program's record of the industrial user on the permit's building (I-172).",
    )
    industrial_user_legacy = models.CharField(
        "industrial user as first entered",
        max_length=120,
        blank=True,
        help_text="The name or number typed before the link existed, when it matched no industrial user exactly "
        "(I-172): kept as written for the clerk to link.",
    )
    county_conditions = models.TextField(
        "county conditions", blank=True, help_text="Conditions of the Ulster County Health Department (I-02)."
    )
    # §118-14
    resolution = models.ForeignKey(
        "core.BoardResolution",
        verbose_name="Town Board resolution",
        on_delete=models.PROTECT,
        related_name="permits",
        null=True,
        blank=True,
        help_text="Opening permits: the resolution granting it.",
    )
    # §§118-7..11
    availability = models.JSONField("availability of a public sewer", default=dict, blank=True, editable=False)
    county_permit_number = models.CharField("county permit number", max_length=40, blank=True)
    county_permit_on = models.DateField("county permit issued on", null=True, blank=True)
    county_notified_at = models.DateTimeField("county notified at", null=True, blank=True)
    county_inspected_at = models.DateTimeField("county final inspection at", null=True, blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="entered by", on_delete=models.PROTECT, related_name="+"
    )
    history = HistoricalRecords(bases=[EventHistory])

    class Meta:
        verbose_name = "permit"
        ordering = ["-filed_on", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(kind="building_sewer") | ~models.Q(permit_class=""),
                name="permits_building_sewer_has_class",
            ),
            models.CheckConstraint(
                condition=~models.Q(kind="opening", status="granted") | models.Q(resolution__isnull=False),
                name="permits_granted_opening_has_resolution",
            ),
        ]

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Every save that writes the design re-runs the technical review on the filing date's law."""
        fields = kwargs.get("update_fields")
        if fields is None or "design" in fields:
            from sewerworks.permits.review import review_design

            found = review_design(self.kind, self.design or {}, self.filed_on)
            self.review, self.review_outcome = found.as_json(), found.outcome
            if fields is not None:
                kwargs["update_fields"] = [*fields, "review", "review_outcome"]
        super().save(*args, **kwargs)

    def __str__(self) -> str:
        return f"{self.number} {self.get_kind_display().split(' (')[0]}"

    @property
    def number(self) -> str:
        prefix = {"building_sewer": "BSP", "opening": "OP", "private_system": "PSD", "old_sewer_reuse": "OBS"}
        return f"{prefix.get(self.kind, 'P')}-{self.filed_on:%Y}-{self.pk or 0:04d}"

    @property
    def status_label(self) -> str:
        return self.pipeline.statuses.get(self.status, self.status)

    def county_inspection_overdue(self, now: dt.datetime | None = None) -> bool:
        """§118-9: the county inspects within 48 hours of the notice; shown when none is recorded (I-89).
        The county's duty: nothing here falls on the owner."""
        if self.county_notified_at is None or self.county_inspected_at is not None:
            return False
        return (now or timezone.now()) > self.county_notified_at + dt.timedelta(hours=COUNTY_INSPECTION_HOURS)
