"""The contract-user screen's results: one run over the parcel layer, and the candidates it found."""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.db import models

from sewerworks.contracts.choices import ELIGIBLE_OUTCOMES, Outcome


class ScreenRun(models.Model):
    """One screening of the parcel layer against both Sewer Improvement Area boundaries (§118-29.1), as of a
    day, or of a few parcels after their boundary or discharge point changed. Written by the screen, never
    edited: a later run replaces the candidates it covers."""

    run = models.CharField("run", max_length=40, unique=True, help_text="Identifier written on its candidates.")
    as_of = models.DateField("as of", help_text="The day whose law and parameters were applied.")
    scope = models.CharField(
        "scope", max_length=20, default="all", help_text="'all': the whole parcel layer; 'parcels': the ones named."
    )
    reason = models.CharField("why", max_length=200, blank=True)
    job = models.ForeignKey(
        "core.Job", verbose_name="job", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="started by",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="Empty when a change to a boundary or a discharge point started it.",
    )
    started_at = models.DateTimeField("started", auto_now_add=True)
    finished_at = models.DateTimeField("finished", null=True, blank=True)
    parcels_read = models.PositiveIntegerField("parcels read", default=0)
    candidates = models.PositiveIntegerField("candidates written", default=0)
    counts = models.JSONField("candidates by outcome", default=dict, blank=True)
    sample = models.PositiveIntegerField("parcels checked against the topic", default=0)
    mismatches = models.JSONField(
        "mismatches", default=list, blank=True, help_text="Parcels where the screen and the per-parcel topic differ."
    )

    class Meta:
        verbose_name = "contract-user screen"
        ordering = ["-started_at", "-id"]

    def __str__(self) -> str:
        return f"Screen {self.run} as of {self.as_of}"


class Candidate(models.Model):
    """A parcel outside both Sewer Improvement Areas and within the screen's radius of a boundary, with what
    the ``contract-user-eligibility`` topic answers for it and the distances it was given (EPSG:2260 feet,
    rounded to the hundredth). Derived from the registry: rewritten whenever the parcel, its discharge point
    or an area boundary changes."""

    parcel = models.OneToOneField(
        "registry.Parcel", verbose_name="parcel", on_delete=models.CASCADE, related_name="contract_candidate"
    )
    area = models.ForeignKey(
        "registry.ImprovementArea",
        verbose_name="nearer Sewer Improvement Area",
        on_delete=models.PROTECT,
        related_name="contract_candidates",
    )
    outcome = models.CharField("outcome", max_length=30, choices=Outcome.choices, db_index=True)
    boundary_gap_ft = models.DecimalField(
        "gap to the boundary (ft)",
        max_digits=10,
        decimal_places=2,
        help_text="Shortest distance from the parcel polygon to the nearer area (I-10: adjoining within 1 ft).",
    )
    discharge_distance_ft = models.DecimalField(
        "discharge point to the boundary (ft)",
        max_digits=10,
        decimal_places=2,
        null=True,
        blank=True,
        help_text="Empty when no discharge point is on record (I-82).",
    )
    as_of = models.DateField("as of")
    run = models.CharField("screen run", max_length=40, db_index=True)

    class Meta:
        verbose_name = "contract-user candidate"
        ordering = ["boundary_gap_ft", "parcel_id"]
        constraints = [
            models.CheckConstraint(condition=models.Q(boundary_gap_ft__gte=0), name="contracts_candidate_gap_ge_0"),
            models.CheckConstraint(
                condition=models.Q(discharge_distance_ft__isnull=True) | models.Q(discharge_distance_ft__gte=0),
                name="contracts_candidate_discharge_ge_0",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.parcel_id}: {self.outcome}"

    @property
    def eligible(self) -> bool:
        return self.outcome in ELIGIBLE_OUTCOMES

    def facts(self) -> dict[str, object]:
        """The topic's facts, exactly as the screen measured them."""
        gap: Decimal = self.boundary_gap_ft
        out: dict[str, object] = {"inside_area": False, "boundary_gap_ft": str(gap)}
        if self.discharge_distance_ft is not None:
            out["discharge_distance_ft"] = str(self.discharge_distance_ft)
        return out
