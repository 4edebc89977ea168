"""Pending charges: what any program charges to a property, waiting for billing to post it."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.db import models
from simple_history.models import HistoricalRecords

from sewerworks.core.money import MoneyField
from sewerworks.core.sections import validate_section

# "enforcement.violator_charge:123": the app and kind of the record charged, then its id.
SOURCE_KEY = RegexValidator(
    r"^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*:[A-Za-z0-9_.\-/]+\Z",
    "A source key is app.kind:id, e.g. 'enforcement.violator_charge:123'.",
)
SLUG = RegexValidator(r"^[a-z][a-z0-9_]*\Z", "Lower-case letters, digits and underscores, e.g. 'violator_charge'.")


class PendingCharge(models.Model):
    """An amount a program charges to a property (a permit fee, a §118-47 charge to a violator, a §118-5
    fine, an inspection cost, a contract user's legal fees) for billing to post to the account's ledger.

    Programs write one through ``do_add_pending_charge``, keyed by the record it comes from, so writing it
    again changes nothing; billing marks it billed once (``do_mark_charge_billed``). Until then it is
    pending. The amount is whole cents in SQL, so billing's totals are exact on every database.
    """

    parcel = models.ForeignKey(
        "registry.Parcel",
        verbose_name="parcel",
        on_delete=models.PROTECT,
        related_name="pending_charges",
        help_text="The property charged.",
    )
    account = models.ForeignKey(
        "registry.SewerAccount",
        verbose_name="sewer account",
        on_delete=models.PROTECT,
        related_name="pending_charges",
        null=True,
        blank=True,
        help_text="The account to bill, when the program knows it; otherwise billing chooses among the parcel's.",
    )
    amount = MoneyField("amount ($)", help_text="Dollars and cents, more than zero; stored as whole cents.")
    section = models.CharField(
        "section", max_length=12, validators=[validate_section], help_text="Section of Chapter 118, e.g. 118-47."
    )
    description = models.CharField("what it is for", max_length=200)
    program = models.CharField(
        "program", max_length=40, validators=[SLUG], help_text="The program that charges it, e.g. 'connection'."
    )
    kind = models.CharField(
        "kind", max_length=60, validators=[SLUG], help_text="What sort of charge, e.g. 'abandonment_fine'."
    )
    source_key = models.CharField(
        "source",
        max_length=120,
        validators=[SOURCE_KEY],
        help_text="The record it comes from, as app.kind:id; one pending charge per source.",
    )
    incurred_on = models.DateField("incurred on")
    billed_on = models.DateField("billed on", null=True, blank=True, help_text="Set by billing when it posts it.")
    billing_reference = models.CharField(
        "billing reference", max_length=60, blank=True, help_text="Set by billing: the bill or ledger entry."
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="recorded by",
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
        help_text="Empty when the daily sweep wrote it.",
    )
    created_at = models.DateTimeField("recorded at", auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = "pending charge"
        ordering = ["incurred_on", "id"]
        constraints = [
            models.UniqueConstraint(fields=["source_key"], name="core_pending_charge_unique_source"),
            models.CheckConstraint(condition=models.Q(amount__gt=0), name="core_pending_charge_positive"),
            models.CheckConstraint(
                condition=models.Q(billed_on__isnull=True, billing_reference="")
                | models.Q(billed_on__isnull=False) & ~models.Q(billing_reference=""),
                name="core_pending_charge_billed_with_reference",
            ),
        ]
        indexes = [models.Index(fields=["billed_on", "parcel"], name="core_pending_charge_billing")]

    def __str__(self) -> str:
        return f"§{self.section} {self.description}: ${self.amount:,}"

    @property
    def pending(self) -> bool:
        return self.billed_on is None

    def clean(self) -> None:
        if self.amount is not None and self.amount <= 0:
            raise ValidationError({"amount": f"A charge is more than $0.00 (given ${self.amount})."})
        account_parcel = getattr(self.account, "parcel_id", None)
        if self.account_id is not None and self.parcel_id is not None and account_parcel != self.parcel_id:
            raise ValidationError({"account": "The sewer account is not on the parcel charged."})
