from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from sewerworks.core.models import PendingCharge
from sewerworks.core.money import MoneyField
from sewerworks.enforcement.models.violations import Violation


class AbandonmentFine(models.Model):
    """The §118-5 daily fine for failing to abandon a private system in time: $10 a day for the first 30
    days from the notification of violation, $25 a day after, until corrected (I-21). Accrues daily (the
    sweep recomputes it from the dates, so a rerun changes nothing) and is posted when corrected or when the
    Superintendent posts it: posting writes the final amount as a pending charge, which billing posts to
    the account's ledger."""

    violation = models.OneToOneField(
        Violation, verbose_name="violation", on_delete=models.PROTECT, related_name="abandonment_fine"
    )
    notified_on = models.DateField("notification of violation served on")
    corrected_on = models.DateField("corrected on", null=True, blank=True)
    amount = MoneyField("fine to date ($)", default=0)
    days = models.PositiveIntegerField("days in violation", default=0)
    computed_through = models.DateField("computed through", null=True, blank=True)
    posted_on = models.DateField("posted on", null=True, blank=True, help_text="The day the amount became final.")
    pending_charge = models.OneToOneField(
        PendingCharge,
        verbose_name="pending charge",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="abandonment_fine",
        help_text="What billing posts; written when the fine is posted.",
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = "abandonment fine (§118-5)"
        constraints = [
            models.CheckConstraint(condition=models.Q(amount__gte=0), name="enf_abandonment_fine_not_negative"),
            models.CheckConstraint(
                condition=models.Q(pending_charge__isnull=True) | models.Q(posted_on__isnull=False),
                name="enf_abandonment_fine_charged_when_posted",
            ),
        ]

    def __str__(self) -> str:
        return f"${self.amount} for {self.violation}"

    @property
    def source_key(self) -> str:
        return f"enforcement.abandonment_fine:{self.pk}"


class CourtFine(models.Model):
    """A fine a court imposed on conviction (§118-47, I-22). The software records it; it never imposes one.
    It is paid to the court, not billed by the Town, so it is never a pending charge."""

    violation = models.ForeignKey(
        Violation, verbose_name="violation", on_delete=models.PROTECT, related_name="court_fines"
    )
    imposed_on = models.DateField("imposed on")
    amount = MoneyField("amount ($)")
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
    (§118-47): the enforcement record of it, linked to the pending charge that billing posts (billed on
    and the billing reference live there, once)."""

    violation = models.ForeignKey(Violation, verbose_name="violation", on_delete=models.PROTECT, related_name="charges")
    description = models.CharField("expense, loss or damage", max_length=200)
    amount = MoneyField("amount ($)")
    incurred_on = models.DateField("incurred on")
    pending_charge = models.OneToOneField(
        PendingCharge,
        verbose_name="pending charge",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="violator_charge",
        help_text="What billing posts; written with the charge, in the same transaction.",
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="recorded by", on_delete=models.PROTECT, related_name="+"
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = "charge to the violator (§118-47)"
        constraints = [models.CheckConstraint(condition=models.Q(amount__gt=0), name="enf_charge_positive")]

    def __str__(self) -> str:
        return f"{self.description}: ${self.amount}"

    @property
    def source_key(self) -> str:
        return f"enforcement.violator_charge:{self.pk}"

    @property
    def billed_on(self) -> dt.date | None:
        return self.pending_charge.billed_on if self.pending_charge else None
