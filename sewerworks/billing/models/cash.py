"""The clerk's cash (§118-53: bills are payable "to the Marlboro Sewer Improvement or Milton Sewer Improvement
Area", paid "to the Town Clerk"): the day's drawer closed into a deposit, and the month's moneys turned over to
the Supervisor per fund (I-11, I-126, I-127).

Both are written once and never changed: a deposit's items are the payments (and the reversals of deposited
payments) it took, each with the fund it was credited to when the deposit closed; a payment reversed after its
deposit closed is a line on the next deposit. A month's turnover keeps its per-fund lines as closed.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

from sewerworks.core.money import MoneyField


class DepositItemKind(models.TextChoices):
    PAYMENT = "payment", "Payment received"
    REVERSAL = "reversal", "Payment reversed after its deposit"


class WrittenOnce(models.Model):
    """A record written once and never changed nor deleted (I-127): saving it again or deleting it is refused."""

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise ValidationError(f"A closed {self._meta.verbose_name} never changes (I-127).")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> Any:
        raise ValidationError(f"A closed {self._meta.verbose_name} is never deleted (I-127).")


class Deposit(WrittenOnce):
    """One business day's drawer, closed into a deposit by the Town Clerk's office (I-127): every payment
    received on or before ``day`` not yet deposited, and every reversal of a deposited payment not yet
    deposited. Immutable once written (there is no open deposit: closing is what writes it)."""

    day = models.DateField("business day", unique=True, help_text="One deposit a day; never after today.")
    total = MoneyField("total ($)", allow_negative=True, help_text="The sum of its items, as closed.")
    cash_expected = MoneyField("cash in the items ($)", allow_negative=True)
    cash_counted = MoneyField("cash counted ($)", help_text="The cash the clerk counted in the drawer.")
    cash_difference = MoneyField(
        "cash over (+) or short (−) ($)", allow_negative=True, help_text="Counted less the cash in the items."
    )
    difference_reason = models.CharField("why the cash differs", max_length=200, blank=True)
    closed_at = models.DateTimeField("closed at")
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="closed by", on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        verbose_name = "deposit"
        ordering = ["-day"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(cash_difference=0) | ~models.Q(difference_reason=""),
                name="billing_deposit_difference_explained",
            ),
        ]

    def __str__(self) -> str:
        return f"Deposit {self.number}: ${self.total:,}"

    @property
    def number(self) -> str:
        return f"D-{self.day:%Y%m%d}"


class DepositItem(WrittenOnce):
    """One line of a deposit: a payment (positive) or the reversal of a deposited payment (negative), with the
    fund it is credited to (the area of the payment's parcel, or a contract user's revenue area, I-126; empty:
    no area). A payment is deposited once, and its reversal once."""

    deposit = models.ForeignKey(Deposit, verbose_name="deposit", on_delete=models.PROTECT, related_name="items")
    payment = models.ForeignKey(
        "billing.Payment", verbose_name="payment", on_delete=models.PROTECT, related_name="deposit_items"
    )
    kind = models.CharField("line", max_length=8, choices=DepositItemKind.choices)
    method = models.CharField("paid by", max_length=8)
    reference = models.CharField("reference", max_length=60, blank=True)
    receipt_number = models.CharField("receipt", max_length=40)
    account = models.ForeignKey(
        "registry.SewerAccount", verbose_name="sewer account", on_delete=models.PROTECT, related_name="+"
    )
    fund = models.ForeignKey(
        "registry.ImprovementArea",
        verbose_name="fund",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="The Sewer Improvement Area credited (I-11, I-126); empty: no area.",
    )
    amount = MoneyField("amount ($)", allow_negative=True)

    class Meta:
        verbose_name = "deposit item"
        ordering = ["deposit", "id"]
        constraints = [
            models.UniqueConstraint(fields=["payment", "kind"], name="billing_deposit_item_once"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.receipt_number}: ${self.amount:,}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        raise ValidationError(
            {
                "deposit": "A deposit's items are written when it closes; nothing is added to a closed deposit: a "
                "payment taken since goes on the next deposit (I-127)."
            }
        )


class MonthlyTurnover(WrittenOnce):
    """The moneys the Town Clerk turned over to the Supervisor for one month, per fund: the deposits of the
    month's business days (I-127). Closing the month freezes it: no deposit is closed on one of its days
    after, and its lines never change."""

    month = models.DateField("month", unique=True, help_text="Its first day.")
    total = MoneyField("total ($)", allow_negative=True)
    deposits = models.PositiveIntegerField("deposits")
    cash_difference = MoneyField("cash over (+) or short (−) ($)", allow_negative=True, default=0)
    closed_at = models.DateTimeField("closed at")
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="closed and signed by", on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        verbose_name = "monthly turnover"
        ordering = ["-month"]

    def __str__(self) -> str:
        return f"Turnover {self.month:%B %Y}: ${self.total:,}"


class TurnoverLine(WrittenOnce):
    """One fund's money in a month's turnover, as closed."""

    turnover = models.ForeignKey(
        MonthlyTurnover, verbose_name="turnover", on_delete=models.PROTECT, related_name="lines"
    )
    fund = models.ForeignKey(
        "registry.ImprovementArea",
        verbose_name="fund",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    fund_name = models.CharField("fund", max_length=120)
    amount = MoneyField("amount ($)", allow_negative=True)
    items = models.PositiveIntegerField("items")

    class Meta:
        verbose_name = "turnover line"
        ordering = ["turnover", "fund_name"]

    def __str__(self) -> str:
        return f"{self.fund_name}: ${self.amount:,}"
