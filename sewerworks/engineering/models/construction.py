"""What construction of an extension needs on record: the guaranty security the town demands (§118-35) and the
Town Engineer's inspection billed month by month to who builds it (§118-31, I-141)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from sewerworks.core.money import MoneyField
from sewerworks.engineering.choices import SecurityKind


class GuarantySecurity(models.Model):
    """A completion bond, maintenance bond or certified check the town holds as part of the guaranty of an
    extension an owner, builder or developer builds (§118-35: "At the sole discretion of the town, a completion
    bond and/or maintenance bond or certified check may be demanded as part of the guaranty")."""

    project = models.ForeignKey(
        "engineering.ExtensionProject", verbose_name="project", on_delete=models.PROTECT, related_name="securities"
    )
    kind = models.CharField("kind", max_length=20, choices=SecurityKind.choices)
    amount = MoneyField("amount")
    issuer = models.CharField("issuer", max_length=120, help_text="The surety company or the bank.")
    number = models.CharField("bond or check number", max_length=60)
    received_on = models.DateField("received on")
    expires_on = models.DateField("expires on", null=True, blank=True, help_text="Empty for a certified check.")
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="recorded by", on_delete=models.PROTECT, related_name="+"
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = "guaranty security"
        verbose_name_plural = "guaranty securities"
        ordering = ["received_on", "id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(expires_on__isnull=True) | models.Q(expires_on__gte=models.F("received_on")),
                name="engineering_security_expires_after_receipt",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.number} (${self.amount:,.2f})"

    def in_force_on(self, day: object) -> bool:
        return self.received_on <= day and (self.expires_on is None or day <= self.expires_on)  # type: ignore[operator]


class InspectionMonth(models.Model):
    """One calendar month of the Town Engineer's full-time inspection billed to who builds the extension
    (§118-31): its hours at the rate in force each day, a pending charge of kind ``extension_inspection`` on
    the project's parcel of record, billed as a bill of its own (I-141). Written once; never edited."""

    project = models.ForeignKey(
        "engineering.ExtensionProject", verbose_name="project", on_delete=models.PROTECT,
        related_name="inspection_months",
    )  # fmt: skip
    month = models.DateField("month", help_text="The first day of the calendar month billed.")
    hours = models.DecimalField("hours", max_digits=7, decimal_places=2)
    amount = MoneyField("amount")
    working = models.TextField("how it was reckoned", help_text="Hours at each rate in force that month.")
    charge = models.OneToOneField(
        "core.PendingCharge", verbose_name="pending charge", on_delete=models.PROTECT, related_name="+"
    )
    billed_on = models.DateField("billed on")
    billed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="billed by", on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        verbose_name = "month of inspection billed"
        ordering = ["project", "month"]
        constraints = [models.UniqueConstraint(fields=["project", "month"], name="engineering_one_bill_a_month")]

    def __str__(self) -> str:
        return f"{self.project}: inspection of {self.month:%B %Y}"
