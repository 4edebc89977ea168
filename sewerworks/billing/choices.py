"""Choice lists of billing, in the ordinance's words."""

from django.db import models


class BillStatus(models.TextChoices):
    DRAFT = "draft", "Draft (not on the ledger)"
    POSTED = "posted", "Posted to the ledger"
    VOID = "void", "Void"


class Basis(models.TextChoices):
    """Where a bill's water used comes from (§118-52)."""

    READS = "reads", "Meter reads"
    ESTIMATE = "estimate", "Class estimate (I-27)"
    DEFECTIVE = "defective", "Defective meter: average of the last two good bills (I-26)"
    HELD = "held", "Held for a person (reads to check)"


class Flag(models.TextChoices):
    """What the review screen shows first: the bills a person should look at (issue 10)."""

    HELD = "held", "Held for a person"
    ESTIMATE = "estimate", "Estimate"
    DEFECTIVE = "defective", "Defective meter"
    ROLLOVER = "rollover", "Register rolled over"
    SURCHARGE = "surcharge", "Strength surcharge"
    ZERO_USE = "zero_use", "Zero use"
    WASH = "wash", "Vehicle-wash water excluded"
    CONTRACT = "contract", "Contract user"


class LedgerKind(models.TextChoices):
    CHARGE = "charge", "Sewer user charge"
    PENALTY = "penalty", "Late penalty (§118-53)"
    PAYMENT = "payment", "Payment"
    ADJUSTMENT = "adjustment", "Adjustment"
    PENDING_CHARGE = "pending_charge", "Charge from another program"
    RELEVY_TRANSFER = "relevy_transfer", "Transferred to the tax roll (relevy)"
    REVERSAL = "reversal", "Payment reversed (returned check)"
    INTEREST = "interest", "Interest on unpaid charges (§118-53)"
    RELEVY_CHARGE = "relevy_charge", "Relevy charge (Board resolution)"
    REFUND = "refund", "Credit refunded (paid by the Supervisor)"


class PaymentMethod(models.TextChoices):
    """How a payment reached the Town Clerk (§118-53); each but cash carries its reference."""

    CASH = "cash", "Cash"
    CHECK = "check", "Check"
    CARD = "card", "Card"
    ONLINE = "online", "Online payment"
