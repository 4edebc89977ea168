"""The charges that run with the property beside the sewer bill: the §118-54 connection charge, its bill, and
the Town Clerk's search letter (I-123, I-124)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from sewerworks.core.attachments.files import PDF, stored_name
from sewerworks.core.money import MoneyField


class ConnectionCharge(models.Model):
    """The bill for a §118-54 connection charge, offered to the owner who taps in on the collection main: the
    Board's schedule by building-sewer diameter (I-42), a bill of its own (not the semiannual sewer bill), a
    lien levied on the property if not paid (I-123). Written once; paid at the counter by name."""

    number = models.CharField("bill number", max_length=20, unique=True, help_text="CC-<year>-<n>.")
    source_key = models.CharField(
        "source", max_length=120, unique=True, help_text="What it charges (a passed connection, the clerk's entry); "
        "the same source twice is the one charge.",
    )  # fmt: skip
    parcel = models.ForeignKey(
        "registry.Parcel", verbose_name="parcel", on_delete=models.PROTECT, related_name="connection_charges"
    )
    account = models.ForeignKey(
        "registry.SewerAccount", verbose_name="sewer account", on_delete=models.PROTECT, null=True, blank=True,
        related_name="connection_charges",
    )  # fmt: skip
    building = models.ForeignKey(
        "registry.Building", verbose_name="building", on_delete=models.PROTECT, null=True, blank=True,
        related_name="connection_charges",
    )  # fmt: skip
    diameter_in = models.DecimalField("building sewer diameter (in)", max_digits=5, decimal_places=2)
    installed_by_town_ft = models.DecimalField(
        "feet built under the town's contract", max_digits=8, decimal_places=2, null=True, blank=True
    )
    amount = MoneyField("charge ($)")
    offered_on = models.DateField("bill offered on")
    due_on = models.DateField("due on")
    pending_charge = models.OneToOneField(
        "core.PendingCharge", verbose_name="pending charge", on_delete=models.PROTECT, related_name="connection"
    )
    decision = models.ForeignKey(
        "core.StoredDecision", verbose_name="determination", on_delete=models.PROTECT, related_name="+"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="billed by", on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField("recorded at", auto_now_add=True)

    class Meta:
        verbose_name = "connection charge"
        ordering = ["-offered_on", "-id"]

    def __str__(self) -> str:
        return f"Connection charge {self.number}: ${self.amount:,}"

    @property
    def item_key(self) -> str:
        """How a payment names this bill on the ledger: ``payment:<receipt>:item:<item_key>``."""
        return f"pending-{self.pending_charge_id}"


def letter_file_name(letter: SearchLetter, _given: str) -> str:
    """``search-letters/<year>/<random>.pdf``: nothing of a user's choosing reaches the disk."""
    return stored_name(f"search-letters/{letter.as_of:%Y}", PDF.content_type)


class SearchLetter(models.Model):
    """The Town Clerk's letter stating what is owed on a parcel as of a day, for the buyer's attorney: unpaid
    charges run with the property (§118-53, §118-54). Dated, numbered, kept as the PDF handed over (I-124)."""

    number = models.CharField("letter number", max_length=20, unique=True, help_text="SL-<year>-<n>.")
    parcel = models.ForeignKey(
        "registry.Parcel", verbose_name="parcel", on_delete=models.PROTECT, related_name="search_letters"
    )
    as_of = models.DateField("as of")
    requested_by = models.CharField("requested by", max_length=200, help_text="The attorney or firm asking.")
    fee = MoneyField("fee ($)", default=0, help_text="The Board's fee for the letter, if it set one (I-124).")
    owed = MoneyField("owed on the parcel ($)", default=0, allow_negative=True, help_text="The letter's total.")
    file = models.FileField("PDF", upload_to=letter_file_name, max_length=200)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="written by", on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField("written at", auto_now_add=True)

    class Meta:
        verbose_name = "search letter"
        ordering = ["-as_of", "-id"]

    def __str__(self) -> str:
        return f"Search letter {self.number}"

    @property
    def download_name(self) -> str:
        return f"search-letter-{self.number}.pdf"


class Sale(models.Model):
    """A parcel sold: the final (special) read on the day of sale, the final bill it gives for the water since
    the last bill, and the ownership moved to the buyer. The account and its ledger stay with the parcel: unpaid
    charges run with the property (§118-53, I-125)."""

    parcel = models.ForeignKey("registry.Parcel", verbose_name="parcel", on_delete=models.PROTECT, related_name="sales")
    account = models.ForeignKey(
        "registry.SewerAccount", verbose_name="sewer account", on_delete=models.PROTECT, related_name="sales"
    )
    sold_on = models.DateField("sold on")
    seller = models.CharField("seller", max_length=200, help_text="The owner(s) of record before the sale.")
    ownership = models.OneToOneField(
        "registry.Ownership", verbose_name="buyer's ownership", on_delete=models.PROTECT, related_name="sale"
    )
    final_read = models.OneToOneField(
        "registry.MeterRead", verbose_name="final read", on_delete=models.PROTECT, related_name="sale"
    )
    billed_from = models.DateField("water since", help_text="The day after the last bill's period ended.")
    start_reading = models.PositiveBigIntegerField("last billed reading")
    gallons = models.DecimalField("gallons since the last bill", max_digits=18, decimal_places=5)
    amount = MoneyField("final bill ($)")
    decision = models.ForeignKey(
        "core.StoredDecision", verbose_name="determination", on_delete=models.PROTECT, related_name="+"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="recorded by", on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField("recorded at", auto_now_add=True)

    class Meta:
        verbose_name = "sale"
        ordering = ["-sold_on", "-id"]

    def __str__(self) -> str:
        return f"Sale of parcel {self.parcel_id} on {self.sold_on}"
