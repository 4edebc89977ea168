"""What goes to the county and what comes back (§118-53, I-121): a layout of columns (versioned), the export
of a relevied statement in it, and the county's settlement reconciled against it."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models

from sewerworks.core.money import MoneyField


class ExportLayout(models.Model):
    """A county file layout: its columns (names, order, widths) and format, as ``billing.taxroll.columns`` reads
    them. Never changed once recorded: a new specification is a new version."""

    name = models.SlugField("layout", max_length=60, help_text="e.g. 'ulster-relevy'.")
    version = models.PositiveSmallIntegerField("version")
    spec = models.JSONField("columns", help_text="The column map (billing.taxroll.columns.ColumnMap.to_spec).")
    note = models.CharField("note", max_length=300, blank=True)
    created_at = models.DateTimeField("recorded at")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="recorded by", on_delete=models.PROTECT,
                                   null=True, blank=True, related_name="+")  # fmt: skip

    class Meta:
        verbose_name = "county file layout"
        ordering = ["name", "-version"]
        constraints = [models.UniqueConstraint(fields=["name", "version"], name="billing_layout_version_once")]

    def __str__(self) -> str:
        return f"{self.name} v{self.version}"


def export_file_name(export: TaxRollExport, given: str) -> str:
    extension = ".txt" if given.endswith(".txt") else ".csv"
    return f"tax-roll-exports/{export.statement_id}/{secrets.token_hex(16)}{extension}"


class TaxRollExport(models.Model):
    """A relevied statement written for the county in a layout: one row per parcel, its amount the parcel's net
    relevy transfers (I-121). Written only when no row is rejected."""

    statement = models.ForeignKey("billing.UnpaidStatement", verbose_name="statement", on_delete=models.PROTECT,
                                  related_name="exports")  # fmt: skip
    layout = models.ForeignKey(ExportLayout, verbose_name="layout", on_delete=models.PROTECT, related_name="+")
    file = models.FileField("file", upload_to=export_file_name, max_length=200)
    rows = models.PositiveIntegerField("rows", default=0)
    total = MoneyField("total ($)", default=0)
    written_on = models.DateField("written on", help_text="The day it was written for the county.")
    created_at = models.DateTimeField("recorded at")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="written by", on_delete=models.PROTECT,
                                   related_name="+")  # fmt: skip

    class Meta:
        verbose_name = "tax roll export"
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"Export {self.pk} of the {self.statement.roll_year} relevy ({self.layout}): {self.rows} rows"

    @property
    def download_name(self) -> str:
        extension = ".txt" if self.file.name.endswith(".txt") else ".csv"
        return f"relevy-{self.statement.roll_year}-{self.layout.name}-v{self.layout.version}-{self.pk}{extension}"


def settlement_file_name(settlement: CountySettlement, _given: str) -> str:
    return f"county-settlements/{settlement.export_id}/{secrets.token_hex(16)}.dat"


class CountySettlement(models.Model):
    """What the county credits the town for an export, per parcel (its file imported, or entered)."""

    export = models.ForeignKey(TaxRollExport, verbose_name="export", on_delete=models.PROTECT,
                               related_name="settlements")  # fmt: skip
    received_on = models.DateField("received on")
    source = models.CharField("from", max_length=8, choices=[("file", "The county's file"), ("entry", "Entered")])
    file = models.FileField("file", upload_to=settlement_file_name, blank=True, max_length=200)
    total = MoneyField("credited ($)", default=0)
    created_at = models.DateTimeField("recorded at")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="recorded by", on_delete=models.PROTECT,
                                   related_name="+")  # fmt: skip

    class Meta:
        verbose_name = "county settlement"
        ordering = ["-received_on", "-id"]

    def __str__(self) -> str:
        return f"County settlement of {self.received_on} for export {self.export_id}: ${self.total:,}"


class SettlementLine(models.Model):
    """One parcel's credit in a county settlement, by its print key."""

    settlement = models.ForeignKey(CountySettlement, verbose_name="settlement", on_delete=models.PROTECT,
                                   related_name="lines")  # fmt: skip
    row = models.PositiveIntegerField("row")
    print_key = models.CharField("print key", max_length=40)
    parcel = models.ForeignKey("registry.Parcel", verbose_name="parcel", on_delete=models.PROTECT, null=True,
                               blank=True, related_name="+")  # fmt: skip
    amount = MoneyField("credited ($)", allow_negative=True)

    class Meta:
        verbose_name = "line of a county settlement"
        ordering = ["settlement", "row"]

    def __str__(self) -> str:
        return f"{self.print_key}: ${self.amount:,}"
