"""Money put right after the fact (§118-53): a check the bank returned, an adjustment nobody makes alone,
a credit balance refunded through the Board's audit of claims, and the notes the clerk keeps on an account."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from sewerworks.core.money import MoneyField
from sewerworks.core.records.events import EventHistory


class ReturnedCheck(models.Model):
    """A check the bank returned unpaid: the payment's reversal (``do_reverse_payment``) with the bank's
    reference and reason, the returned-check fee in force that day (a charge on the account, I-128), and the
    letter to the payer."""

    payment = models.OneToOneField(
        "billing.Payment", verbose_name="payment", on_delete=models.PROTECT, related_name="returned_check"
    )
    bank_reference = models.CharField("bank's reference", max_length=60, help_text="The return item's number.")
    return_reason = models.CharField("bank's reason", max_length=120, help_text="e.g. NSF: insufficient funds.")
    returned_on = models.DateField("recorded on")
    fee = MoneyField("returned-check fee ($)", default=0)
    fee_charge = models.ForeignKey(
        "core.PendingCharge",
        verbose_name="fee charged",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    recorded_at = models.DateTimeField("recorded at")
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="recorded by", on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        verbose_name = "returned check"
        ordering = ["-returned_on", "-id"]

    def __str__(self) -> str:
        return f"Check returned: receipt {self.payment.receipt_number} ({self.return_reason})"


class AccountNote(models.Model):
    """A note the clerk's office keeps on an account (a returned check, a correction): shown at the counter."""

    account = models.ForeignKey(
        "registry.SewerAccount", verbose_name="sewer account", on_delete=models.PROTECT, related_name="billing_notes"
    )
    written_on = models.DateField("written on")
    text = models.CharField("note", max_length=300)
    source = models.CharField("about", max_length=80, help_text="e.g. returned-check:<receipt>.")
    written_at = models.DateTimeField("recorded at")
    written_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="written by", on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        verbose_name = "account note"
        ordering = ["-written_on", "-id"]

    def __str__(self) -> str:
        return f"{self.written_on}: {self.text}"


class AdjustmentReason(models.TextChoices):
    """Why a bill's charge or penalty is adjusted; a wrong bill is voided and rebilled instead."""

    PENALTY_IN_ERROR = "penalty_error", "Penalty added in error (the Town's own delay)"
    BOARD_ABATEMENT = "abatement", "Abated by resolution of the Town Board"
    SMALL_BALANCE = "small_balance", "Small balance written off"
    PAYMENT_DISPUTE = "dispute", "Settled dispute over the charge"
    OTHER = "other", "Other (explained)"


class AdjustmentStatus(models.TextChoices):
    PENDING = "pending", "Waiting for approval"
    POSTED = "posted", "Posted to the ledger"
    REFUSED = "refused", "Refused"


class Adjustment(models.Model):
    """An adjustment (``LedgerKind.ADJUSTMENT``) to one bill's charge or penalty, made by one person and,
    above the threshold in force (I-128), approved by another holding the approval permission; maker and
    checker both kept. Written to the ledger only when posted (``adjustment:<id>:bill:<bill>:<part>``)."""

    account = models.ForeignKey(
        "registry.SewerAccount", verbose_name="sewer account", on_delete=models.PROTECT, related_name="adjustments"
    )
    bill = models.ForeignKey("billing.Bill", verbose_name="bill", on_delete=models.PROTECT, related_name="adjustments")
    part = models.CharField("part", max_length=8, choices=[("charge", "Charge"), ("penalty", "Late penalty")])
    amount = MoneyField("amount ($)", allow_negative=True, help_text="Negative lowers what is owed.")
    reason = models.CharField("reason", max_length=16, choices=AdjustmentReason.choices)
    explanation = models.CharField("explanation", max_length=300)
    status = models.CharField("status", max_length=8, choices=AdjustmentStatus.choices)
    needs_approval = models.BooleanField("needs a second person")
    threshold = MoneyField("threshold in force ($)", help_text="charges.adjustment_approval_threshold (I-128).")
    made_on = models.DateField("made on")
    made_at = models.DateTimeField("made at")
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="made by", on_delete=models.PROTECT, related_name="+"
    )
    checked_at = models.DateTimeField("approved or refused at", null=True, blank=True)
    checked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="approved or refused by",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    check_note = models.CharField("approver's note", max_length=300, blank=True)
    posted_on = models.DateField("posted on", null=True, blank=True)
    history = HistoricalRecords(bases=[EventHistory])

    class Meta:
        verbose_name = "adjustment"
        ordering = ["-made_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=~models.Q(amount=0), name="billing_adjustment_not_zero"),
            models.CheckConstraint(
                condition=models.Q(checked_by__isnull=True) | ~models.Q(checked_by=models.F("made_by")),
                name="billing_adjustment_maker_not_checker",
            ),
        ]
        indexes = [models.Index(fields=["status", "made_at"], name="billing_adjustment_status")]

    def __str__(self) -> str:
        return f"Adjustment {self.pk}: ${self.amount:,} to the {self.part} of bill {self.bill_id}"

    @property
    def source_key(self) -> str:
        return f"adjustment:{self.pk}:bill:{self.bill_id}:{self.part}"


class RefundStatus(models.TextChoices):
    AUTHORISED = "authorised", "Authorised: a claim for the Board's audit"
    AUDITED = "audited", "Audited by the Town Board"
    PAID = "paid", "Paid by the Supervisor; the credit closed"
    CANCELLED = "cancelled", "Cancelled"


class Refund(models.Model):
    """A credit balance given back (I-128): the Town Clerk pays nothing out. The refund is authorised here
    (the credit it may not exceed is held from then on), presented to the Town Board as a claim it audits,
    and paid by the Supervisor; the day it was paid the credit is closed by ledger entries of kind
    ``refund`` (``credit:<receipt>:refund-<id>``)."""

    account = models.ForeignKey(
        "registry.SewerAccount", verbose_name="sewer account", on_delete=models.PROTECT, related_name="refunds"
    )
    payee = models.CharField("pay to", max_length=120)
    amount = MoneyField("amount ($)")
    status = models.CharField("status", max_length=10, choices=RefundStatus.choices)
    authorised_on = models.DateField("authorised on")
    authorised_at = models.DateTimeField("authorised at")
    authorised_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="authorised by", on_delete=models.PROTECT, related_name="+"
    )
    claim_number = models.CharField("claim (voucher) number", max_length=30, blank=True)
    audited_on = models.DateField("audited by the Board on", null=True, blank=True)
    abstract = models.CharField("abstract of audited claims", max_length=60, blank=True)
    paid_on = models.DateField("paid by the Supervisor on", null=True, blank=True)
    supervisor_check = models.CharField("Supervisor's check number", max_length=30, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="last recorded by",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    note = models.CharField("note", max_length=300, blank=True)
    history = HistoricalRecords(bases=[EventHistory])

    class Meta:
        verbose_name = "refund"
        ordering = ["-authorised_at", "-id"]
        constraints = [models.CheckConstraint(condition=models.Q(amount__gt=0), name="billing_refund_positive")]

    def __str__(self) -> str:
        return f"Refund {self.pk}: ${self.amount:,} to {self.payee}"

    @property
    def open(self) -> bool:
        return self.status in (RefundStatus.AUTHORISED, RefundStatus.AUDITED)
