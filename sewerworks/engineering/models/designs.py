"""Design revisions, their pipes and manholes, and the review's findings placed on them.

A revision is written once, by one import, and never edited: its elements and findings are append-only
(the import writes one AuditEvent). A corrected design is a new revision.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from sewerworks.engineering.choices import DesignFormat, ElementKind, ReviewOutcome, Severity
from sewerworks.registry.models.fields import WKTField


class DesignRevision(models.Model):
    """One submission of an extension's design, read from a GeoJSON or SWMM file and reviewed the day it
    was imported against §118-29, 32 and 33."""

    project = models.ForeignKey(
        "engineering.ExtensionProject", verbose_name="project", on_delete=models.PROTECT, related_name="revisions"
    )
    number = models.PositiveIntegerField("revision", help_text="1 for the first design, then 2, 3 ...")
    file_name = models.CharField("file", max_length=200)
    format = models.CharField("format", max_length=8, choices=DesignFormat.choices)
    crs = models.CharField("coordinate system", max_length=40, help_text="The CRS the file's coordinates were in.")
    units = models.CharField("units", max_length=2, default="ft", help_text="ft, or m for a metric SWMM file.")
    submitted_on = models.DateField("submitted on")
    reviewed_on = models.DateField("reviewed on", help_text="The date whose law and parameters the review applied.")
    outcome = models.CharField("outcome", max_length=14, choices=ReviewOutcome.choices)
    failing = models.PositiveIntegerField("failing findings", default=0)
    needing_review = models.PositiveIntegerField("findings for the Town Engineer", default=0)
    note = models.TextField("note", blank=True, help_text="What the revision changes, in the submitter's words.")
    imported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="imported by", on_delete=models.PROTECT, related_name="+"
    )
    imported_at = models.DateTimeField("imported at", auto_now_add=True)

    class Meta:
        verbose_name = "design revision"
        ordering = ["project", "number"]
        constraints = [
            models.UniqueConstraint(fields=["project", "number"], name="engineering_one_revision_number"),
        ]

    def __str__(self) -> str:
        return f"{self.project} revision {self.number}"

    def previous(self) -> DesignRevision | None:
        return self.project.revisions.filter(number__lt=self.number).order_by("-number").first()


class DesignElement(models.Model):
    """A pipe or a manhole of a design revision, with its geometry in EPSG:2260 (empty when the file did not
    place it) and what the review read of it."""

    revision = models.ForeignKey(
        DesignRevision, verbose_name="revision", on_delete=models.PROTECT, related_name="elements"
    )
    kind = models.CharField("kind", max_length=8, choices=ElementKind.choices)
    name = models.CharField("name", max_length=100)
    geometry = WKTField("geometry", blank=True, help_text="LineString or Point, WKT in EPSG:2260 (ft).")
    upstream = models.CharField("upstream manhole", max_length=100, blank=True)
    downstream = models.CharField("downstream manhole", max_length=100, blank=True)
    length_ft = models.DecimalField("length (ft)", max_digits=12, decimal_places=3, null=True, blank=True)
    diameter_in = models.DecimalField("diameter (in)", max_digits=7, decimal_places=2, null=True, blank=True)
    slope_percent = models.DecimalField("slope (%)", max_digits=9, decimal_places=4, null=True, blank=True)
    material = models.CharField("material", max_length=60, blank=True)
    rim_ft = models.DecimalField("rim (ft)", max_digits=10, decimal_places=3, null=True, blank=True)
    invert_ft = models.DecimalField("invert (ft)", max_digits=10, decimal_places=3, null=True, blank=True)
    detail = models.JSONField("detail", default=dict, blank=True, help_text="Other values read from the file.")

    class Meta:
        verbose_name = "design element"
        ordering = ["revision", "kind", "name"]
        constraints = [
            models.UniqueConstraint(fields=["revision", "kind", "name"], name="engineering_one_element_name"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.name}"


class DesignFinding(models.Model):
    """A finding of the review (the ordinance's Decision finding), placed on a pipe or manhole of the
    revision, or on the design as a whole (no element)."""

    revision = models.ForeignKey(
        DesignRevision, verbose_name="revision", on_delete=models.PROTECT, related_name="findings"
    )
    element = models.ForeignKey(
        DesignElement, verbose_name="element", on_delete=models.PROTECT, null=True, blank=True,
        related_name="findings",
    )  # fmt: skip
    place = models.CharField("placed on", max_length=100, help_text="The element's name, a section or 'design'.")
    requirement = models.CharField("requirement", max_length=60, db_index=True)
    severity = models.CharField("severity", max_length=10, choices=Severity.choices)
    section = models.CharField("section", max_length=12)
    sentence = models.TextField("finding")
    decided_by = models.CharField("decided by", max_length=80, blank=True)
    finding = models.JSONField("finding as decided", help_text="The ordinance's Finding, with what it compared.")

    class Meta:
        verbose_name = "design finding"
        ordering = ["revision", "id"]
        indexes = [models.Index(fields=["revision", "severity"], name="engineering_finding_severity")]

    def __str__(self) -> str:
        return f"{self.place}: {self.requirement} {self.severity}"

    @property
    def interpretations(self) -> list[str]:
        return list(self.finding.get("interpretations", []))
