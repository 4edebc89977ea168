"""The capital cost amortization charge of a tax year (§118-49, 118-51, 118-52; I-28, I-122).

Not on the sewer bill and not on the sewer ledger: the charge is levied with the town's tax statement, so the
record is the computed charge per parcel, kept for the export to the county and for a parcel's search letter.
A run computes a tax year once (set-based); running it again writes only what is not there yet.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from sewerworks.core.money import MoneyField


class CapitalChargeRun(models.Model):
    """One computation of the capital charge for a tax year: its roll, its rates, its totals and what it could
    not charge (named for the clerk, never guessed)."""

    tax_year = models.PositiveSmallIntegerField("tax year")
    roll_year = models.PositiveSmallIntegerField("roll year", help_text="The roll whose taxable values were used.")
    run = models.CharField("run", max_length=64, unique=True)
    rates = models.JSONField("rates per $1,000", default=dict, help_text="Area code -> the rate used (I-122).")
    charged = models.PositiveIntegerField("parcels charged by this run", default=0)
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="run by", on_delete=models.PROTECT, related_name="+"
    )
    started_at = models.DateTimeField("run at")

    class Meta:
        verbose_name = "capital charge run"
        ordering = ["-tax_year", "-started_at"]

    def __str__(self) -> str:
        return f"Capital charge {self.tax_year} ({self.run})"


class CapitalCharge(models.Model):
    """A parcel's capital cost amortization charge for one tax year: its taxable value × its area's rate per
    $1,000, rounded half up to the cent. Written once per parcel and tax year; never edited."""

    tax_year = models.PositiveSmallIntegerField("tax year")
    parcel = models.ForeignKey(
        "registry.Parcel", verbose_name="parcel", on_delete=models.PROTECT, related_name="capital_charges",
        db_index=False,  # every read names the tax year: the unique (tax year, parcel) index serves it
    )
    area = models.ForeignKey(
        "registry.ImprovementArea",
        verbose_name="improvement area",
        on_delete=models.PROTECT,
        related_name="+",
        help_text="The parcel's area, or a contract user's revenue area (I-10).",
        db_index=False,  # two areas: an index of two values that a million inserts keep up and no query reads
    )
    contract_user = models.BooleanField("contract user", default=False)
    roll_year = models.PositiveSmallIntegerField("roll year")
    taxable_value = MoneyField("taxable value ($)")
    rate = models.DecimalField("rate per $1,000", max_digits=12, decimal_places=6)
    amount = MoneyField("charge ($)")
    run = models.ForeignKey(CapitalChargeRun, verbose_name="run", on_delete=models.PROTECT, related_name="charges",
                            db_index=False)  # fmt: skip  # one value a year: no query reads charges by run

    class Meta:
        verbose_name = "capital charge"
        ordering = ["tax_year", "parcel"]
        constraints = [
            models.UniqueConstraint(fields=["tax_year", "parcel"], name="billing_capital_charge_once"),
        ]

    def __str__(self) -> str:
        return f"{self.tax_year} capital charge ${self.amount:,} on parcel {self.parcel_id}"


class CapitalChargeIssue(models.Model):
    """A parcel the capital charge of a tax year could not charge, or the export could not take, and why; the
    clerk resolves it (the roll is corrected and the run repeated) or excludes it with a reason. Nothing of the
    year is exported while an issue is open."""

    class Problem(models.TextChoices):
        NO_VALUE = "no_value", "No value on the roll year"
        NO_TAXABLE_VALUE = "no_taxable_value", "No taxable value on the roll year"
        NO_PRINT_KEY = "no_print_key", "Tax map number not in the county's print-key layout"

    tax_year = models.PositiveSmallIntegerField("tax year")
    parcel = models.ForeignKey("registry.Parcel", verbose_name="parcel", on_delete=models.PROTECT, related_name="+")
    problem = models.CharField("problem", max_length=20, choices=Problem.choices)
    found_by = models.ForeignKey(
        CapitalChargeRun, verbose_name="found by", on_delete=models.PROTECT, related_name="issues"
    )
    excluded_reason = models.CharField("excluded because", max_length=200, blank=True)
    excluded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="excluded by", on_delete=models.PROTECT, null=True, blank=True,
        related_name="+",
    )  # fmt: skip
    excluded_at = models.DateTimeField("excluded at", null=True, blank=True)
    resolved_by = models.ForeignKey(
        CapitalChargeRun, verbose_name="resolved by", on_delete=models.PROTECT, null=True, blank=True,
        related_name="resolved", help_text="The later run that found the parcel's value and charged it.",
    )  # fmt: skip
    history = HistoricalRecords()

    class Meta:
        verbose_name = "capital charge issue"
        ordering = ["tax_year", "parcel"]
        constraints = [
            models.UniqueConstraint(fields=["tax_year", "parcel", "problem"], name="billing_capital_issue_once"),
        ]

    def __str__(self) -> str:
        return f"{self.tax_year}: parcel {self.parcel_id}: {self.get_problem_display()}"
