"""The shapes of the year end's REST endpoints (``api.relevy``), each named ``Relevy…`` (schema names are unique
across the whole API), and the functions that fill them."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from ninja import Field, Schema

from sewerworks.billing.models import CountySettlement, MailingOrder, TaxRollExport, UnpaidStatement
from sewerworks.billing.taxroll.differences import relevy_differences
from sewerworks.billing.taxroll.settlement import reconcile
from sewerworks.billing.taxroll.statement import Draft
from sewerworks.core.api.schemas import Day
from sewerworks.core.attachments.files import attachment_url


class RelevyLineOut(Schema):
    tax_map_number: str
    address: str
    owner_name: str = Field(..., description="The owner of record on the statement date, so far as known.")
    parcel_id: int
    account_id: int
    bill_id: int | None
    penalty_date: dt.date | None
    charge: Decimal
    penalty: Decimal
    interest: Decimal
    total: Decimal


class RelevyExclusionOut(Schema):
    reason: str
    account_id: int
    parcel_id: int
    bill_id: int | None
    amount: Decimal


class RelevyDraftOut(Schema):
    statement_date: dt.date
    roll_year: int
    counter_cutoff: dt.date
    bills: int
    parcels: int
    charge: Decimal
    penalty: Decimal
    interest: Decimal
    total: Decimal = Field(..., description="The amount chargeable: every line, not only those listed.")
    lines: list[RelevyLineOut]
    exclusions: list[RelevyExclusionOut]
    notes: list[str]


class RelevyChangeOut(Schema):
    tax_map_number: str
    bill_id: int | None
    stated: Decimal
    relevied: Decimal
    sentence: str


class RelevyStatementIn(Schema):
    statement_date: Day = Field(..., description="The statement's date: unpaid at the end of it (§118-53).")


class RelevyStatementOut(Schema):
    id: int
    statement_date: dt.date
    filed_on: dt.date
    roll_year: int
    status: str = Field(..., description="filed, superseded or relevied.")
    counter_cutoff: dt.date
    certification_cutoff: dt.date
    supersedes_id: int | None
    bills: int
    parcels: int
    charge: Decimal
    penalty: Decimal
    interest: Decimal
    total: Decimal
    resolution_id: int | None
    adopted_on: dt.date | None
    relevied_total: Decimal = Field(..., description="What moved to the tax roll, net of removals.")
    pdf: str = Field("", description="Where the statement for the Board is downloaded (PDF).")
    csv: str = Field("", description="Where the statement is downloaded as CSV.")
    differences: list[RelevyChangeOut] = Field([], description="Relevied: each bill not relevied as stated, and why.")


class RelevyNoticesIn(Schema):
    order: MailingOrder = Field(MailingOrder.ROUTE, description="Mailing order: route or address.")


class RelevyNoticesOut(Schema):
    id: int = Field(..., description="The notice batch; its job at /api/jobs/{job_id}.")
    statement_id: int
    job_id: int | None
    order: str


class RelevyAdoptionIn(Schema):
    resolution_id: int = Field(..., description="The Board's resolution, recorded first (/api/resolutions).")
    adopted_on: Day = Field(..., description="The day of adoption: after the counter's cut-off (I-120).")


class RelevyRemovalIn(Schema):
    parcel_id: int
    reason: str = Field(..., max_length=300, description="Why it comes off the roll.")
    removed_on: Day | None = Field(None, description="Default today; on or before the roll's certification.")


class RelevyRemovalOut(Schema):
    statement_id: int
    parcel_id: int
    removed_on: dt.date
    amount: Decimal = Field(..., description="What went back to the accounts, owed at the counter again.")
    reason: str


class RelevyRejectOut(Schema):
    parcel_id: int
    tax_map_number: str
    amount: Decimal
    reasons: list[str]


class RelevyLayoutIn(Schema):
    spec: dict[str, Any] = Field(..., description="name, version, format (csv or fixed), note and columns.")


class RelevyLayoutOut(Schema):
    id: int
    name: str
    version: int
    spec: dict[str, Any]


class RelevyExportIn(Schema):
    layout_id: int | None = Field(None, description="A recorded layout; default the built-in illustrative sample.")


class RelevyExportOut(Schema):
    id: int
    statement_id: int
    layout: str
    written_on: dt.date
    rows: int
    total: Decimal
    file: str = Field(..., description="GET it: /api/billing/relevy/exports/{id}/file.")


class RelevyCreditIn(Schema):
    print_key: str = Field(..., max_length=40)
    amount: str = Field(..., description='Dollars and cents as a string, e.g. "43.03".')


class RelevySettlementIn(Schema):
    received_on: Day
    file_text: str | None = Field(None, description="The county's file, in the export's layout, as text.")
    lines: list[RelevyCreditIn] = Field([], description="Or the credits entered, one per parcel.")


class RelevyDifferenceOut(Schema):
    print_key: str
    exported: Decimal
    credited: Decimal
    sentence: str


class RelevySettlementOut(Schema):
    id: int
    export_id: int
    received_on: dt.date
    source: str
    total: Decimal
    differences: list[RelevyDifferenceOut] = Field(..., description="Empty: reconciled with no difference.")


def draft_out(d: Draft) -> dict[str, Any]:
    return {"statement_date": d.terms.statement_date, "roll_year": d.terms.roll_year,
            "counter_cutoff": d.terms.counter_cutoff, "bills": d.bills, "parcels": d.parcels, "charge": d.charge,
            "penalty": d.penalty, "interest": d.interest, "total": d.total, "lines": d.lines,
            "exclusions": [vars(x) for x in d.exclusions], "notes": d.notes}  # fmt: skip


def statement_out(s: UnpaidStatement, *, differences: bool = True) -> dict[str, Any]:
    changes = []
    if differences and s.status == "relevied":
        changes = [{"tax_map_number": c.tax_map_number, "bill_id": c.bill_id, "stated": c.before,
                    "relevied": c.after, "sentence": c.sentence} for c in relevy_differences(s)]  # fmt: skip
    fields = ("id", "statement_date", "filed_on", "roll_year", "status", "counter_cutoff", "certification_cutoff",
              "supersedes_id", "bills", "parcels", "charge", "penalty", "interest", "total", "resolution_id",
              "adopted_on", "relevied_total")  # fmt: skip
    return {**{f: getattr(s, f) for f in fields}, "differences": changes,
            "pdf": attachment_url("relevy-statement", s.pk) if s.pdf else "",
            "csv": attachment_url("relevy-statement-csv", s.pk) if s.csv else ""}  # fmt: skip


def export_out(e: TaxRollExport) -> dict[str, Any]:
    return {"id": e.pk, "statement_id": e.statement_id, "layout": str(e.layout), "written_on": e.written_on,
            "rows": e.rows, "total": e.total, "file": f"/api/billing/relevy/exports/{e.pk}/file"}  # fmt: skip


def settlement_out(s: CountySettlement) -> dict[str, Any]:
    return {"id": s.pk, "export_id": s.export_id, "received_on": s.received_on, "source": s.source, "total": s.total,
            "differences": [vars(d) for d in reconcile(s)]}  # fmt: skip
