"""The year end of unpaid sewer rents (§118-53): the Town Clerk's statement, its lines, a removal from the roll,
the notice batch. The county's export and settlement are in ``models.taxroll``.

A statement is filed once and never changes: its lines are the amounts chargeable on its date, per bill, with
the property and the owner of record that day. A later statement for the same roll supersedes it. The Board's
adoption (a recorded resolution) relevies it: the amounts move on the ledger (``RELEVY_TRANSFER`` entries,
``billing.taxroll.relevy``), never by editing a line.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from sewerworks.core.money import MoneyField
from sewerworks.core.records.pipelines import Pipeline, TracksPipeline

FILING, FILED, SUPERSEDED, RELEVIED = "filing", "filed", "superseded", "relevied"
STATEMENT = Pipeline(
    noun="a statement of unpaid sewer rents",
    statuses={FILING: "Being filed: its lines are being written", FILED: "Filed with the Town Board",
              SUPERSEDED: "Superseded by a later statement", RELEVIED: "Adopted and relevied on the tax roll"},
    transitions={
        FILING: {FILED: "its last lines were written (a filing interrupted is completed by filing it again)"},
        FILED: {SUPERSEDED: "a later statement for the same roll was filed",
                RELEVIED: "the Town Board adopted it: the amounts unpaid at the cut-off moved to the tax roll"},
        SUPERSEDED: {},
        RELEVIED: {},
    },  # fmt: skip
)


def statement_file_name(statement: UnpaidStatement, given: str) -> str:
    """``relevy/<statement date>/<random>.<pdf|csv>``: nothing of a user's choosing reaches the disk."""
    extension = ".csv" if given.endswith(".csv") else ".pdf"
    return f"relevy/{statement.statement_date:%Y-%m-%d}/{secrets.token_hex(16)}{extension}"


class UnpaidStatement(TracksPipeline):
    """The Town Clerk's statement "showing all sewer user charges, with penalties and interest thereon, which
    remain unpaid" (§118-53), filed with the Town Board: per property, the owner liable so far as may be known
    and the amount chargeable, for relevy on the tax roll of ``roll_year``."""

    pipeline = STATEMENT

    statement_date = models.DateField("statement date", help_text="The amounts are those unpaid at the end of it.")
    roll_year = models.PositiveSmallIntegerField("tax roll year", help_text="The roll the amounts are relevied on.")
    counter_cutoff = models.DateField(
        "counter cut-off", help_text="The last day the counter takes a payment toward a bill on it (I-120)."
    )
    certification_cutoff = models.DateField(
        "roll certified after", help_text="A removal from the roll is recorded on or before this day (I-120)."
    )
    status = models.CharField("status", max_length=12, choices=list(STATEMENT.statuses.items()), default=FILED)
    supersedes = models.OneToOneField(
        "self", verbose_name="supersedes", on_delete=models.PROTECT, null=True, blank=True, related_name="superseded_by"
    )
    bills = models.PositiveIntegerField("bills", default=0)
    parcels = models.PositiveIntegerField("properties", default=0)
    charge = MoneyField("unpaid sewer user charges ($)", default=0)
    penalty = MoneyField("unpaid late penalties ($)", default=0)
    interest = MoneyField("interest ($)", default=0)
    total = MoneyField("amount chargeable ($)", default=0)
    pdf = models.FileField("statement (PDF)", upload_to=statement_file_name, blank=True, max_length=200)
    csv = models.FileField("statement (CSV)", upload_to=statement_file_name, blank=True, max_length=200)
    filed_on = models.DateField("filed on", help_text="The day the Town Clerk filed it with the Town Board.")
    filed_at = models.DateTimeField("recorded at")
    filed_by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="filed by", on_delete=models.PROTECT,
                                 related_name="+")  # fmt: skip
    resolution = models.ForeignKey(
        "core.BoardResolution", verbose_name="adopted by", on_delete=models.PROTECT, null=True, blank=True,
        related_name="+",
    )  # fmt: skip
    adopted_on = models.DateField("adopted on", null=True, blank=True)
    relevied_total = MoneyField("relevied ($)", default=0, help_text="What moved to the tax roll on adoption.")
    relevied_at = models.DateTimeField("relevied at", null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = "statement of unpaid sewer rents"
        verbose_name_plural = "statements of unpaid sewer rents"
        ordering = ["-statement_date", "-id"]
        indexes = [models.Index(fields=["roll_year", "status"], name="billing_statement_roll")]

    def __str__(self) -> str:
        return f"Statement of {self.statement_date} for the {self.roll_year} tax roll ({self.get_status_display()})"


class StatementLine(models.Model):
    """One bill on a statement: what it owed unpaid on the statement date, with the property and its owner of
    record that day as they stood (kept, so the filed statement reads the same forever)."""

    statement = models.ForeignKey(UnpaidStatement, verbose_name="statement", on_delete=models.PROTECT,
                                  related_name="lines")  # fmt: skip
    source = models.CharField("what is owed", max_length=60, help_text="bill:<id>, or a relevied charge's key.")
    parcel = models.ForeignKey("registry.Parcel", verbose_name="parcel", on_delete=models.PROTECT, related_name="+")
    account = models.ForeignKey("registry.SewerAccount", verbose_name="account", on_delete=models.PROTECT,
                                related_name="+")  # fmt: skip
    bill = models.ForeignKey("billing.Bill", verbose_name="bill", on_delete=models.PROTECT, null=True, blank=True,
                             related_name="+")  # fmt: skip
    penalty_date = models.DateField("penalty date", null=True, blank=True)
    owner = models.ForeignKey("registry.Owner", verbose_name="owner of record", on_delete=models.PROTECT,
                              null=True, blank=True, related_name="+")  # fmt: skip
    owner_name = models.CharField("owner liable, so far as known", max_length=200, blank=True)
    tax_map_number = models.CharField("tax map number", max_length=40)
    address = models.CharField("property", max_length=160, blank=True)
    area = models.ForeignKey("registry.ImprovementArea", verbose_name="improvement area", on_delete=models.PROTECT,
                             null=True, blank=True, related_name="+")  # fmt: skip
    charge = MoneyField("unpaid charge ($)", default=0)
    penalty = MoneyField("unpaid penalty ($)", default=0)
    interest = MoneyField("interest ($)", default=0)
    total = MoneyField("amount ($)", default=0)

    class Meta:
        verbose_name = "line of a statement of unpaid sewer rents"
        ordering = ["statement", "tax_map_number", "id"]
        constraints = [models.UniqueConstraint(fields=["statement", "source"], name="billing_statement_line_once")]
        indexes = [models.Index(fields=["statement", "parcel"], name="billing_statement_parcel")]

    def __str__(self) -> str:
        return f"{self.tax_map_number} {self.source}: ${self.total:,}"

    @property
    def what(self) -> str:
        """The bill's number, or "§118-54 charge" for a connection charge's line (the statement, the notices)."""
        if self.bill_id:
            return str(self.bill_id)
        return "§118-54 charge" if self.connection_charge_id else self.source

    @property
    def connection_charge_id(self) -> int | None:
        """The §118-54 connection charge of a line that is one (``connection:<id>``, I-123), else None."""
        head, _, pk = self.source.partition(":")
        return int(pk) if head == "connection" and pk.isdigit() else None


class RollRemoval(models.Model):
    """A parcel taken off the tax roll before it is certified (I-120, I-121): its relevy transfers reversed by
    counter-entries, so what it owes is at the counter again."""

    statement = models.ForeignKey(UnpaidStatement, verbose_name="statement", on_delete=models.PROTECT,
                                  related_name="removals")  # fmt: skip
    parcel = models.ForeignKey("registry.Parcel", verbose_name="parcel", on_delete=models.PROTECT, related_name="+")
    removed_on = models.DateField("removed on")
    reason = models.CharField("reason", max_length=300)
    amount = MoneyField("returned to the account ($)", default=0)
    created_at = models.DateTimeField("recorded at")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="recorded by", on_delete=models.PROTECT,
                                   related_name="+")  # fmt: skip

    class Meta:
        verbose_name = "removal from the tax roll"
        ordering = ["statement", "removed_on", "id"]
        constraints = [models.UniqueConstraint(fields=["statement", "parcel"], name="billing_roll_removal_once")]

    def __str__(self) -> str:
        return f"Removed from the {self.statement.roll_year} roll on {self.removed_on}: {self.reason}"


def notice_file_name(batch: NoticeBatch, _given: str) -> str:
    return f"relevy-notices/{batch.statement_id}/{secrets.token_hex(16)}.pdf"


class NoticeBatch(models.Model):
    """The notice before relevy to every account on a filed statement, one PDF in mailing order, typeset by a
    background job through the bill-paper machinery (``billing.documents.batch``)."""

    statement = models.ForeignKey(UnpaidStatement, verbose_name="statement", on_delete=models.PROTECT,
                                  related_name="notice_batches")  # fmt: skip
    order = models.CharField("mailing order", max_length=8, default="route")
    job = models.OneToOneField("core.Job", verbose_name="background job", on_delete=models.PROTECT, null=True,
                               blank=True, related_name="relevy_notices")  # fmt: skip
    file = models.FileField("PDF", upload_to=notice_file_name, blank=True, max_length=200)
    notices = models.PositiveIntegerField("notices", default=0)
    pages = models.PositiveIntegerField("pages", default=0)
    size = models.PositiveBigIntegerField("size (bytes)", default=0)
    created_at = models.DateTimeField("requested at", auto_now_add=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="requested by", on_delete=models.PROTECT,
                                   related_name="+")  # fmt: skip
    finished_at = models.DateTimeField("finished at", null=True, blank=True)

    class Meta:
        verbose_name = "batch of notices before relevy"
        verbose_name_plural = "batches of notices before relevy"
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"Notices before relevy of {self.statement.statement_date}: {self.notices} notices"

    @property
    def download_name(self) -> str:
        return f"notices-before-relevy-{self.statement.statement_date:%Y-%m-%d}-{self.pk}.pdf"
