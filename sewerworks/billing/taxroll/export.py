"""The relevy for the county (§118-53, I-121): one row per parcel of a relevied statement, in a layout
(``columns``), and the rows the county cannot take.

Each parcel's amount is minus its net relevy transfers under the statement (bills and relevy charge, removals
counted): exactly what moved off its accounts onto the roll. Its fields: the town's SWIS code
(``relevy.swis_code``), the print key and the 20-character section-block-lot derived from the tax map number
(``print_key``), the levy code of its improvement area (``relevy.levy_codes``), the owner of record on the
statement date (read now from the registry, so a correction recorded since counts), the tax map number, the
address and the roll year. A row with no print key, no owner or no levy code is a **reject**: nothing is
written until each is resolved in the registry or taken off the roll by the clerk with a reason.
"""
# ruff: noqa: S608

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import connection

from sewerworks.billing.choices import LedgerKind
from sewerworks.billing.models import LedgerEntry, StatementLine, UnpaidStatement
from sewerworks.billing.taxroll.columns import ColumnMap
from sewerworks.billing.taxroll.statement import OWNER, PARCEL, owner_of_record, owner_params
from sewerworks.billing.taxroll.terms import view_on
from sewerworks.registry.models import ImprovementArea

LEDGER, LINE, AREA = LedgerEntry._meta.db_table, StatementLine._meta.db_table, ImprovementArea._meta.db_table
FIELDS = ("swis", "print_key", "sbl", "levy_code", "amount", "owner", "tax_map_number", "address", "roll_year",
          "area")  # fmt: skip
# section.subsection-block-lot[.sublot][-suffix], as New York tax maps number parcels: 108.12-3-45, 108-1-2.1
PRINT_KEY = re.compile(r"^(\d{1,3})(?:\.(\d{1,3}))?-(\d{1,4})-(\d{1,3})(?:\.(\d{1,3}))?(?:-([A-Za-z0-9]{1,4}))?$")
ILLUSTRATIVE = {
    "name": "relevy-illustrative",
    "version": 1,
    "format": "fixed",
    "note": "Illustrative until the county's specification is on file: a sample fixed-width layout (I-121).",
    "columns": [
        {"name": "SWIS", "field": "swis", "width": 6},
        {"name": "SBL", "field": "sbl", "width": 20},
        {"name": "PRINT KEY", "field": "print_key", "width": 25},
        {"name": "LEVY", "field": "levy_code", "width": 8},
        {"name": "AMOUNT", "field": "amount", "kind": "cents", "width": 11, "align": "right", "pad": "0"},
        {"name": "OWNER", "field": "owner", "width": 40},
        {"name": "YEAR", "field": "roll_year", "kind": "integer", "width": 4},
    ],
}


def illustrative_layout() -> ColumnMap:
    return ColumnMap.from_spec(ILLUSTRATIVE, fields=FIELDS)


def print_key(tax_map_number: str) -> tuple[str, str] | None:
    """(print key, 20-character SBL) of a tax map number, or None when it is not section-block-lot. The SBL:
    section 3, subsection 3, block 4, lot 3, sublot 3 digits zero-filled, suffix 4 (the county's layout, I-121)."""
    found = PRINT_KEY.match((tax_map_number or "").strip())
    if not found:
        return None
    section, sub, block, lot, sublot, suffix = found.groups()
    key = f"{int(section)}{'.' + str(int(sub)) if sub else ''}-{int(block)}-{int(lot)}"
    key += (f".{int(sublot)}" if sublot else "") + (f"-{suffix.upper()}" if suffix else "")
    sbl = f"{int(section):03d}{int(sub or 0):03d}{int(block):04d}{int(lot):03d}{int(sublot or 0):03d}"
    return key, sbl + (suffix or "").upper().ljust(4)


@dataclass(frozen=True)
class Reject:
    """A parcel the county cannot take, and why."""

    parcel_id: int
    tax_map_number: str
    amount: Decimal
    reasons: tuple[str, ...]

    @property
    def sentence(self) -> str:
        return f"{self.tax_map_number} (${self.amount:,.2f}): {'; '.join(self.reasons)}"


def _rows(statement: UnpaidStatement) -> Iterator[tuple[Any, ...]]:
    """(parcel, amount cents, tax map number, address, area code, area name, owner name) per parcel on the roll."""
    mine = "(t.source_key LIKE %s OR t.source_key LIKE %s)"
    sql = (
        f"SELECT m.parcel_id, m.total, pa.tax_map_number, TRIM(pa.street_number || ' ' || pa.street_name), a.code,"
        f" a.name, w.name FROM (SELECT t.parcel_id, CAST(-SUM(t.amount) AS BIGINT) AS total FROM {LEDGER} t"
        f" WHERE t.kind = %s AND {mine} AND t.parcel_id IN (SELECT l.parcel_id FROM {LINE} l WHERE l.statement_id = %s)"
        f" GROUP BY t.parcel_id) m JOIN {PARCEL} pa ON pa.id = m.parcel_id LEFT JOIN {AREA} a"
        f" ON a.id = pa.improvement_area_id LEFT JOIN {OWNER} w ON w.id = {owner_of_record('pa.id')}"
        " WHERE m.total > 0 ORDER BY pa.tax_map_sort, pa.tax_map_number"
    )
    params = [LedgerKind.RELEVY_TRANSFER.value, f"relevy:{statement.pk}:%", f"relevy-removed:{statement.pk}:%",
              statement.pk, *owner_params(statement.statement_date)]  # fmt: skip
    with connection.cursor() as cur:
        cur.execute(sql, params)
        yield from cur


def county_rows(statement: UnpaidStatement) -> tuple[list[dict[str, Any]], list[Reject]]:
    """The export's rows (dicts of ``FIELDS``), and the rejects (I-121)."""
    view = view_on(statement.statement_date)
    swis, levy = str(view["relevy.swis_code"]), dict(view["relevy.levy_codes"])
    rows, rejects = [], []
    for parcel_id, cents, number, address, area, area_name, owner in _rows(statement):
        amount = (Decimal(int(cents)) / 100).quantize(Decimal("0.01"))
        keys, code = print_key(number), levy.get(area) if area else None
        reasons = []
        if keys is None:
            reasons.append(f"no print key: {number!r} is not section-block-lot")
        if not owner:
            reasons.append(f"no owner of record on {statement.statement_date}")
        if not code:
            reasons.append(f"no levy code for {area_name or 'a parcel outside both improvement areas'}")
        if reasons:
            rejects.append(Reject(parcel_id, number, amount, tuple(reasons)))
            continue
        assert keys is not None
        rows.append({"parcel_id": parcel_id, "swis": swis, "print_key": keys[0], "sbl": keys[1], "levy_code": code,
                     "amount": amount, "owner": owner, "tax_map_number": number, "address": address,
                     "roll_year": statement.roll_year, "area": area_name})  # fmt: skip
    return rows, rejects
