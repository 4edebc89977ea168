"""§118-50: "The Town Board of the Town of Marlborough shall review the user charges annually and revise them
periodically to reflect the actual sewage works, operation and maintenance cost." The Board's cost figure per
area and fiscal year, and the year's review with its candidate rates (I-129)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from sewerworks.core.money import MoneyField
from sewerworks.core.records.events import EventHistory


class AreaBudget(models.Model):
    """The operation and maintenance cost of one Sewer Improvement Area for a fiscal year, as the Town Board
    adopted it (its budget), entered against the resolution. A later entry for the same area and year (an
    amended budget) is the one in force."""

    area = models.ForeignKey(
        "registry.ImprovementArea", verbose_name="Sewer Improvement Area", on_delete=models.PROTECT, related_name="+"
    )
    fiscal_year = models.PositiveSmallIntegerField("fiscal year", help_text="The Town's fiscal year (I-129).")
    amount = MoneyField("operation and maintenance cost ($)")
    resolution = models.ForeignKey(
        "core.BoardResolution", verbose_name="Town Board resolution", on_delete=models.PROTECT, related_name="+"
    )
    entered_at = models.DateTimeField("entered at")
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="entered by", on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        verbose_name = "area budget"
        ordering = ["-fiscal_year", "area__name", "-id"]

    def __str__(self) -> str:
        return f"{self.area} {self.fiscal_year}: ${self.amount:,}"


class ReviewStatus(models.TextChoices):
    DUE = "due", "Due (no period chosen yet)"
    DRAFT = "draft", "Draft: candidates under review"
    ADOPTED = "adopted", "New rates adopted by resolution"
    KEPT = "kept", "Rates kept by resolution"


class RateReview(models.Model):
    """The Board's annual review of the user charges for one fiscal year (§118-50, I-129): a posted period
    re-rated at candidate rates, the revenue set against each area's cost. Nothing is billed or recorded
    until the Board's resolution is recorded (``decision``), which sets the rates from its effective date."""

    fiscal_year = models.PositiveSmallIntegerField("fiscal year", unique=True)
    status = models.CharField("status", max_length=8, choices=ReviewStatus.choices, default=ReviewStatus.DUE)
    period = models.ForeignKey(
        "billing.BillingPeriod",
        verbose_name="posted period re-rated",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    decision = models.ForeignKey(
        "core.BoardResolution",
        verbose_name="Board's resolution",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    adopted = models.ForeignKey(
        "billing.RateCandidate",
        verbose_name="candidate adopted",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    decided_on = models.DateField("decided on", null=True, blank=True)
    notes = models.TextField("notes", blank=True)
    created_at = models.DateTimeField("opened at")
    history = HistoricalRecords(bases=[EventHistory])

    class Meta:
        verbose_name = "rate review"
        ordering = ["-fiscal_year"]

    def __str__(self) -> str:
        return f"Rate review {self.fiscal_year} (§118-50)"


class RateCandidate(models.Model):
    """One set of proposed rates: per gallon, the minimum charge and the gallons it covers (I-24), and the
    strength surcharge's rates per pound (I-03)."""

    review = models.ForeignKey(RateReview, verbose_name="review", on_delete=models.CASCADE, related_name="candidates")
    label = models.CharField("name", max_length=60)
    rate_per_gallon = models.DecimalField("rate per gallon ($)", max_digits=12, decimal_places=6)
    minimum_charge = MoneyField("minimum charge ($)")
    minimum_gallons = models.PositiveIntegerField("gallons the minimum covers")
    strength_rates = models.JSONField("strength surcharge ($/lb)", default=dict, help_text='{"bod": "0.30", ...}')
    created_at = models.DateTimeField("proposed at")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="proposed by", on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        verbose_name = "rate candidate"
        ordering = ["review", "id"]
        constraints = [models.UniqueConstraint(fields=["review", "label"], name="billing_rate_candidate_label_once")]

    def __str__(self) -> str:
        return f"{self.label}: ${self.rate_per_gallon}/gal"
