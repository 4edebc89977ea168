"""A posted bill found wrong, voided, and the account billed again for its period (§118-52)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from sewerworks.billing.models.bills import Bill


class BillVoid(models.Model):
    """The record that a posted bill was voided: who, when and why. The bill keeps its line items and its
    ledger entries; a reversing entry (``void:<bill id>``) takes its total off the balance. A bill is
    voided once (a unique bill)."""

    bill = models.OneToOneField(Bill, verbose_name="bill voided", on_delete=models.PROTECT, related_name="voiding")
    reason = models.CharField("reason", max_length=300, help_text="Why the bill was wrong, in plain words.")
    voided_on = models.DateField("voided on", help_text="The day the reversal is posted to the ledger.")
    voided_at = models.DateTimeField("recorded at")
    voided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="voided by", on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        verbose_name = "voided bill"
        ordering = ["-voided_at"]

    def __str__(self) -> str:
        return f"Bill {self.bill_id} voided on {self.voided_on}: {self.reason}"


class Rebill(models.Model):
    """A bill computed again for one account and period after a voided bill, and posted on its own bill
    date. Its late penalty runs from the penalty date kept here (I-110), not the period's."""

    bill = models.OneToOneField(Bill, verbose_name="new bill", on_delete=models.PROTECT, related_name="rebilling")
    replaces = models.ForeignKey(
        Bill,
        verbose_name="voided bill it replaces",
        on_delete=models.PROTECT,
        related_name="rebilled_by",
        help_text="The period's latest voided bill of the account.",
    )
    bill_date = models.DateField("bill date", help_text="The day the new bill was posted to the ledger.")
    penalty_date = models.DateField(
        "penalty date", help_text="Unpaid at the end of this day, the bill gets its §118-53 penalty (I-110)."
    )
    runs_from = models.CharField(
        "penalty runs from",
        max_length=16,
        help_text="rebill_date or original_due_date: the reading of I-110 in force on the bill date.",
    )
    created_at = models.DateTimeField("recorded at")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="rebilled by", on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        verbose_name = "rebill"
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["penalty_date"], name="billing_rebill_penalty_date")]

    def __str__(self) -> str:
        return f"Bill {self.bill_id} rebills {self.replaces_id} on {self.bill_date}"
