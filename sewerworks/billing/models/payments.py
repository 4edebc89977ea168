from __future__ import annotations

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from sewerworks.billing.choices import PaymentMethod
from sewerworks.core.money import MoneyField


class Payment(models.Model):
    """A payment made to the Town Clerk on a sewer account (§118-53), with its receipt.

    The receipt number is the idempotency key: posting the same receipt twice leaves this one payment
    and its one set of ledger entries. What the payment settled is on the ledger (``payment:<receipt>:…``
    entries, split by ``billing.actions.payments``, I-63, I-65); a returned check is reversed, never
    deleted, by entries of its own (``reversal:<receipt>:…``).
    """

    receipt_number = models.CharField(
        "receipt number",
        max_length=40,
        help_text="Printed on the receipt; unique: entering the same receipt again changes nothing.",
    )
    account = models.ForeignKey(
        "registry.SewerAccount", verbose_name="sewer account", on_delete=models.PROTECT, related_name="payments"
    )
    parcel = models.ForeignKey(
        "registry.Parcel",
        verbose_name="parcel",
        on_delete=models.PROTECT,
        related_name="payments",
        help_text="The account's parcel when paid: unpaid charges run with the property (§118-53).",
    )
    method = models.CharField("paid by", max_length=8, choices=PaymentMethod.choices)
    reference = models.CharField(
        "reference",
        max_length=60,
        blank=True,
        help_text="Check number, last four digits of the card, or the online confirmation; empty for cash.",
    )
    payer = models.CharField("paid by (name)", max_length=120, blank=True, help_text="Who handed it in, if known.")
    amount = MoneyField("amount ($)", help_text="What was paid, in dollars and cents.")
    received_on = models.DateField("received on", help_text="The day the Clerk received it (never after today, I-50).")
    received_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="taken by", on_delete=models.PROTECT, related_name="+"
    )
    recorded_at = models.DateTimeField("recorded at", auto_now_add=True)
    credit = MoneyField("left as credit ($)", default=0, help_text="What was more than the account owed (I-63).")
    reversed_on = models.DateField("reversed on", null=True, blank=True, help_text="A returned check (I-65).")
    reversal_reason = models.CharField("why reversed", max_length=200, blank=True)
    reversed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="reversed by",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = "payment"
        ordering = ["-received_on", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["receipt_number"], name="billing_payment_receipt_once"),
            models.CheckConstraint(condition=models.Q(amount__gt=0), name="billing_payment_positive"),
        ]
        indexes = [
            models.Index(fields=["received_on", "method"], name="billing_payment_day"),
            models.Index(fields=["account", "received_on"], name="billing_payment_account"),
        ]

    def __str__(self) -> str:
        return f"Receipt {self.receipt_number}: ${self.amount:,} {self.get_method_display()} {self.received_on}"

    @property
    def is_reversed(self) -> bool:
        return self.reversed_on is not None
