from __future__ import annotations

from django.conf import settings
from django.db import models

from sewerworks.billing.choices import LedgerKind
from sewerworks.core.money import MoneyField


class LedgerEntry(models.Model):
    """One entry on the sewer ledger: a charge, penalty, payment, adjustment, a charge from another
    program, or a transfer to the tax roll. Append-only: a mistake is corrected by another entry.

    Keyed by parcel, because unpaid charges run with the property (§118-53), and by account where there
    is one. Charges are positive, payments negative. Its ``source_key`` names what it posts
    (``bill:123``, ``payment:45``): the key is unique, so posting anything twice is a no-op. Balances are
    sums of entries (``billing.ledger.balances``), never stored.
    """

    parcel = models.ForeignKey(
        "registry.Parcel", verbose_name="parcel", on_delete=models.PROTECT, related_name="ledger_entries"
    )
    account = models.ForeignKey(
        "registry.SewerAccount",
        verbose_name="sewer account",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="ledger_entries",
    )
    kind = models.CharField("kind", max_length=16, choices=LedgerKind.choices)
    amount = MoneyField("amount ($)", allow_negative=True, help_text="Charges positive, payments negative; cents.")
    posted_on = models.DateField("posted on")
    source_key = models.CharField("source", max_length=120, help_text="What it posts, e.g. bill:123; unique.")
    description = models.CharField("description", max_length=200)
    section = models.CharField("section", max_length=12, blank=True)
    period = models.ForeignKey(
        "billing.BillingPeriod", verbose_name="billing period", on_delete=models.PROTECT, null=True, blank=True
    )
    bill = models.ForeignKey("billing.Bill", verbose_name="bill", on_delete=models.PROTECT, null=True, blank=True)
    run = models.CharField("run", max_length=64, blank=True, help_text="The run or action that wrote it.")
    created_at = models.DateTimeField("recorded at")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="recorded by",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        verbose_name = "ledger entry"
        verbose_name_plural = "ledger entries"
        ordering = ["posted_on", "id"]
        constraints = [models.UniqueConstraint(fields=["source_key"], name="billing_ledger_source_once")]
        indexes = [
            models.Index(fields=["parcel", "posted_on"], name="billing_ledger_parcel"),
            models.Index(fields=["account", "posted_on"], name="billing_ledger_account"),
        ]

    def __str__(self) -> str:
        return f"{self.posted_on} {self.get_kind_display()} ${self.amount:,} ({self.source_key})"
