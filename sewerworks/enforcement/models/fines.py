from __future__ import annotations

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from sewerworks.enforcement.models.violations import Violation


class AbandonmentFine(models.Model):
    """The §118-5 daily fine for failing to abandon a private system in time: $10 a day for the first 30
    days from the notification of violation, $25 a day after, until corrected (I-21). Accrues daily (the
    sweep recomputes it from the dates, so a rerun changes nothing) and is posted to the account's
    ledger when corrected or when the Superintendent posts it."""

    violation = models.OneToOneField(
        Violation, verbose_name="violation", on_delete=models.PROTECT, related_name="abandonment_fine"
    )
    notified_on = models.DateField("notification of violation served on")
    corrected_on = models.DateField("corrected on", null=True, blank=True)
    amount = models.DecimalField("fine to date ($)", max_digits=12, decimal_places=2, default=0)
    days = models.PositiveIntegerField("days in violation", default=0)
    computed_through = models.DateField("computed through", null=True, blank=True)
    posted_on = models.DateField("posted to the ledger on", null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = "abandonment fine (§118-5)"

    def __str__(self) -> str:
        return f"${self.amount} for {self.violation}"


class CourtFine(models.Model):
    """A fine a court imposed on conviction (§118-47, I-22). The software records it; it never imposes one."""

    violation = models.ForeignKey(
        Violation, verbose_name="violation", on_delete=models.PROTECT, related_name="court_fines"
    )
    imposed_on = models.DateField("imposed on")
    amount = models.DecimalField("amount ($)", max_digits=12, decimal_places=2)
    court = models.CharField("court", max_length=120, default="Town of Marlborough Justice Court")
    docket = models.CharField("docket no.", max_length=60, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="recorded by", on_delete=models.PROTECT, related_name="+"
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = "court fine (§118-47)"
        constraints = [models.CheckConstraint(condition=models.Q(amount__gte=0), name="enf_court_fine_not_negative")]

    def __str__(self) -> str:
        return f"${self.amount} imposed {self.imposed_on}"


class ViolatorCharge(models.Model):
    """An expense, loss or damage the Town incurred by reason of a violation, charged to the violator
    (§118-47). Pending charges are what the billing ledger picks up."""

    violation = models.ForeignKey(Violation, verbose_name="violation", on_delete=models.PROTECT, related_name="charges")
    description = models.CharField("expense, loss or damage", max_length=200)
    amount = models.DecimalField("amount ($)", max_digits=12, decimal_places=2)
    incurred_on = models.DateField("incurred on")
    billed_on = models.DateField("billed on", null=True, blank=True, help_text="Set when billing posts it.")
    billing_reference = models.CharField("billing reference", max_length=60, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="recorded by", on_delete=models.PROTECT, related_name="+"
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = "charge to the violator (§118-47)"
        constraints = [models.CheckConstraint(condition=models.Q(amount__gt=0), name="enf_charge_positive")]

    def __str__(self) -> str:
        return f"{self.description}: ${self.amount}"
