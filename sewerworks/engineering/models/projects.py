"""Sewer extension projects and the approvals they need (§118-29..31)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.utils import timezone
from simple_history.models import HistoricalRecords

from sewerworks.core.records.events import EventHistory
from sewerworks.engineering.choices import Authority, Builder, ProjectStatus, required_authorities

if TYPE_CHECKING:
    from sewerworks.engineering.models.designs import DesignRevision


class ExtensionProject(models.Model):
    """An extension of the town's sanitary sewer system, from its first design to its approval for
    construction: who builds it (§118-30, 31), its drainage area and the future flows the design must
    allow for (§118-29), the approvals it needs, and its designs in revisions. Construction, the
    exfiltration test, acceptance and the guaranty (§118-34, 35) extend this record later."""

    name = models.CharField("name", max_length=120, unique=True, help_text="The extension's name, e.g. a street.")
    place = models.CharField("place", max_length=80, blank=True, help_text="Hamlet or area: Milton, Marlborough.")
    builder = models.CharField(
        "who builds", max_length=12, choices=Builder.choices, default=Builder.DEVELOPER,
        help_text="The town under public contract (§118-30) or an owner, builder or developer (§118-31).",
    )  # fmt: skip
    builder_name = models.CharField(
        "owner, builder or developer", max_length=120, blank=True, help_text="Who builds, when not the town."
    )
    drainage_area = models.TextField(
        "drainage area and future flows", blank=True,
        help_text="The immediate drainage area and the flows of all possible future extensions or developments "
        "within it, which the design must allow for (§118-29).",
    )  # fmt: skip
    future_flows_reviewed_on = models.DateField(
        "future flows reviewed on", null=True, blank=True,
        help_text="When the Town Engineer reviewed the drainage area's future flows (I-80).",
    )  # fmt: skip
    future_flows_note = models.TextField("future flows review", blank=True, help_text="The Town Engineer's note.")
    status = models.CharField(
        "status", max_length=20, choices=ProjectStatus.choices, default=ProjectStatus.UNDER_REVIEW
    )
    parcel = models.ForeignKey(
        "registry.Parcel", verbose_name="parcel of record", on_delete=models.PROTECT, null=True, blank=True,
        related_name="+", help_text="The property the extension is built for: the Town Engineer's inspection is "
        "billed to it (§118-31, I-141).",
    )  # fmt: skip
    contractor = models.CharField("contractor", max_length=120, blank=True, help_text="Who lays the pipe.")
    construction_started_on = models.DateField(
        "construction started on", null=True, blank=True,
        help_text="The first day of the Town Engineer's full-time inspection (§118-31).",
    )  # fmt: skip
    warrant_resolution = models.ForeignKey(
        "core.BoardResolution", verbose_name="Board's resolution that it warrants its cost", on_delete=models.PROTECT,
        null=True, blank=True, related_name="+",
        help_text="The Town Board finds that the properties served warrant the extension's cost (§118-30).",
    )  # fmt: skip
    warranted_on = models.DateField("warranted on", null=True, blank=True)
    opened_on = models.DateField("opened on", default=timezone.localdate)
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="opened by", on_delete=models.PROTECT, null=True, blank=True,
        related_name="+",
    )  # fmt: skip
    history = HistoricalRecords(bases=[EventHistory])

    class Meta:
        verbose_name = "sewer extension project"
        ordering = ["-opened_on", "name"]

    def __str__(self) -> str:
        return self.name

    def latest_revision(self) -> DesignRevision | None:
        return self.revisions.order_by("-number").first()

    def needed_authorities(self) -> list[str]:
        return required_authorities(self.builder)

    def missing_approvals(self) -> list[str]:
        have = set(self.approvals.values_list("authority", flat=True))
        return [a for a in self.needed_authorities() if a not in have]

    def board_approval(self) -> Approval | None:
        """The Town Board's approval of an extension an owner, builder or developer builds (§118-31)."""
        return self.approvals.filter(authority=Authority.TOWN_BOARD).select_related("resolution").first()

    def approved_revision(self) -> DesignRevision | None:
        """The design revision the Town Engineer approved: the one built and tested."""
        approval = self.approvals.filter(authority=Authority.TOWN_ENGINEER).select_related("revision").first()
        return approval.revision if approval is not None else None


class Approval(models.Model):
    """An approval the extension needs before construction, with its date: the Town Engineer's and the
    State Department of Health's of the plans (§118-29), the Town Board's of an extension an owner, builder
    or developer builds (§118-31)."""

    project = models.ForeignKey(
        ExtensionProject, verbose_name="project", on_delete=models.PROTECT, related_name="approvals"
    )
    authority = models.CharField("approved by", max_length=14, choices=Authority.choices)
    approved_on = models.DateField("approved on")
    revision = models.ForeignKey(
        "engineering.DesignRevision", verbose_name="design revision", on_delete=models.PROTECT, null=True,
        blank=True, related_name="approvals", help_text="The revision approved (the Town Engineer's approval).",
    )  # fmt: skip
    reference = models.CharField(
        "reference", max_length=120, blank=True, help_text="Letter, permit or resolution number."
    )
    resolution = models.ForeignKey(
        "core.BoardResolution", verbose_name="Town Board resolution", on_delete=models.PROTECT, null=True,
        blank=True, related_name="+", help_text="The recorded resolution by which the Town Board approved (§118-31); "
        "construction cannot start without it (I-144).",
    )  # fmt: skip
    security_demanded = models.BooleanField(
        "security demanded", default=False,
        help_text="The resolution demands a completion bond, maintenance bond or certified check (§118-35).",
    )  # fmt: skip
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="recorded by", on_delete=models.PROTECT, related_name="+"
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = "approval"
        ordering = ["approved_on", "id"]
        constraints = [
            models.UniqueConstraint(fields=["project", "authority"], name="engineering_one_approval_per_authority")
        ]

    def __str__(self) -> str:
        return f"{self.get_authority_display()} {self.approved_on}"
