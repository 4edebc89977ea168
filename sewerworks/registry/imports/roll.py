"""Reading the assessor's roll: a CSV with one row per parcel, checked row by row.

The header is required (row 1); the columns may come in any order and extra columns are ignored,
so a corrected reject file (which adds ``row`` and ``error``) can be imported again as it is.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from sewerworks.core.imports.common import RowError
from sewerworks.registry.imports.common import TAX_MAP_NUMBER_RE
from sewerworks.registry.models import ImprovementArea

COLUMNS = (
    "tax_map_number", "street_number", "street_name", "hamlet", "land_use_class", "roll_year",
    "assessed_value", "owner_name", "owner_mailing_address", "owner_city", "owner_state", "owner_postal_code",
)
# Read when the header names it: the taxable value for general town and county tax purposes (I-122). A roll
# without it, or a blank cell, leaves the parcel's taxable value empty (the capital charge names it, never guesses).
OPTIONAL_COLUMNS = ("taxable_value",)

# Longest text each column may hold (the registry's field lengths).
MAX_LENGTH = {
    "street_number": 20, "street_name": 120, "owner_name": 200, "owner_mailing_address": 200,
    "owner_city": 80, "owner_postal_code": 10,
}
OUTSIDE = {"", "outside"}  # a blank hamlet, or "outside": the parcel lies outside both areas
LAND_USE_RE = re.compile(r"^\d{3}$")  # a New York property class code, e.g. 210
YEAR_RE = re.compile(r"^\d{4}$")
MONEY_RE = re.compile(r"^-?\d+(?:\.\d+)?$")
STATE_RE = re.compile(r"^[A-Za-z]{2}$")
MAX_ASSESSED_VALUE = Decimal("999999999999.99")  # fits the registry's 14 digits


@dataclass
class RollRow:
    """One valid row of the roll, cleaned."""

    row: int
    tax_map_number: str
    street_number: str
    street_name: str
    area_id: int | None
    land_use_class: str
    roll_year: int
    assessed_value: Decimal
    owner_name: str
    owner_mailing_address: str
    owner_city: str
    owner_state: str
    owner_postal_code: str
    taxable_value: Decimal | None = None


@dataclass
class ParsedRoll:
    """The roll as read: its header, the valid rows and the errors (a reject file reads the file again)."""

    header: list[str] = field(default_factory=list)
    rows: list[RollRow] = field(default_factory=list)
    errors: list[RowError] = field(default_factory=list)
    total: int = 0


def decode(data: bytes) -> str:
    """The file as text: UTF-8 with or without a byte-order mark. Raises UnicodeDecodeError."""
    return data.decode("utf-8-sig")


def _hamlets() -> dict[str, int]:
    """Accepted hamlet spellings (code or name, lower case) -> improvement area id."""
    out: dict[str, int] = {}
    for pk, code, name in ImprovementArea.objects.values_list("pk", "code", "name"):
        out[code.strip().lower()] = pk
        out[name.strip().lower()] = pk
    return out


def parse_money(text: str) -> tuple[Decimal | None, str]:
    """An assessed value like "$1,234.00" -> (Decimal, ""), or (None, why it is refused)."""
    cleaned = text.strip().replace("$", "").replace(",", "").replace(" ", "")
    if not cleaned:
        return None, "is missing: every row of the roll needs its assessed value"
    if not MONEY_RE.match(cleaned):
        return None, f"{text.strip()!r} is not a number of dollars (digits, optionally with $, commas and cents)"
    try:
        value = Decimal(cleaned)
    except InvalidOperation:  # pragma: no cover - the pattern already excludes these
        return None, f"{text.strip()!r} is not a number of dollars"
    if value < 0:
        return None, f"{text.strip()!r} is negative: an assessed value is zero or more"
    if value != value.quantize(Decimal("0.01")):
        return None, f"{text.strip()!r} has fractions of a cent: at most two decimal places"
    if value > MAX_ASSESSED_VALUE:
        return None, f"{text.strip()!r} is larger than any assessed value the registry holds"
    return value.quantize(Decimal("0.01")), ""


def _check_row(number: int, cells: dict[str, str], hamlets: dict[str, int]) -> tuple[RollRow | None, list[RowError]]:
    errors: list[RowError] = []

    def err(column: str, message: str) -> None:
        errors.append(RowError(number, column, message))

    tmn = cells["tax_map_number"]
    if not tmn:
        err("tax_map_number", "is missing: every row of the roll names its parcel")
    elif not TAX_MAP_NUMBER_RE.match(tmn):
        err("tax_map_number", f"{tmn!r} is not a tax map number of the form section.block-lot, e.g. 108.12-3-45")
    for column, limit in MAX_LENGTH.items():
        if len(cells[column]) > limit:
            err(column, f"is {len(cells[column])} characters long: at most {limit}")
    hamlet = cells["hamlet"]
    area_id = None
    if hamlet.lower() not in OUTSIDE:
        area_id = hamlets.get(hamlet.lower())
        if area_id is None:
            known = ", ".join(sorted(k for k in hamlets if " " not in k)) or "none recorded"
            err("hamlet", f"{hamlet!r} is not a Sewer Improvement Area (codes: {known}; or a name; "
                          "blank or 'outside' for a parcel outside both areas)")
    land_use = cells["land_use_class"]
    if land_use and not LAND_USE_RE.match(land_use):
        err("land_use_class", f"{land_use!r} is not a three-digit New York property class code, e.g. 210")
    year = cells["roll_year"]
    if not YEAR_RE.match(year):
        err("roll_year", f"{year!r} is not a four-digit roll year, e.g. 2025" if year else "is missing")
    value, why = parse_money(cells["assessed_value"])
    if value is None:
        err("assessed_value", why)
    taxable = None
    if cells.get("taxable_value"):
        taxable, why = parse_money(cells["taxable_value"])
        if taxable is None:
            err("taxable_value", why.replace("an assessed value", "a taxable value").replace("assessed", "taxable"))
        elif value is not None and taxable > value:
            err("taxable_value", f"${taxable:,} is more than the assessed value ${value:,}: the taxable value is "
                                 "what is left after exemptions (I-122)")
    if not cells["owner_name"]:
        err("owner_name", "is missing: the roll names the owner of every parcel")
    state = cells["owner_state"]
    if state and not STATE_RE.match(state):
        err("owner_state", f"{state!r} is not a two-letter state abbreviation, e.g. NY")
    if errors or value is None:
        return None, errors
    return RollRow(
        row=number, tax_map_number=tmn, street_number=cells["street_number"], street_name=cells["street_name"],
        area_id=area_id, land_use_class=land_use, roll_year=int(year), assessed_value=value,
        owner_name=cells["owner_name"], owner_mailing_address=cells["owner_mailing_address"],
        owner_city=cells["owner_city"], owner_state=state.upper(), owner_postal_code=cells["owner_postal_code"],
        taxable_value=taxable,
    ), []


def records(text: Iterable[str]) -> Iterator[tuple[int, list[str]]]:
    """(row number, cells) of the non-blank records of the roll, header first; raises csv.Error."""
    for number, record in enumerate(csv.reader(text), start=1):
        if number == 1 or any(c.strip() for c in record):
            yield number, record


class RollReader:
    """Checks the roll record by record, so a large file can be read as a stream."""

    def __init__(self) -> None:
        self.header: list[str] = []
        self.names: list[str] = []
        self.index: dict[str, int] = {}
        self.errors: list[RowError] = []
        self.total = 0
        self.hamlets = _hamlets()

    def read_header(self, record: list[str]) -> bool:
        """Take the header; False (with a file error) when the roll cannot be read past it."""
        if not any(c.strip() for c in record):
            self.errors.append(RowError(None, "", "The file is empty: the roll needs a header row naming its columns."))
            return False
        self.header = record
        self.names = [h.strip().lower().replace(" ", "_") for h in record]
        missing = [c for c in COLUMNS if c not in self.names]
        if missing:
            self.errors.append(RowError(1, "header", "missing column(s) " + ", ".join(missing)
                                        + "; the header must name: " + ", ".join(COLUMNS)))
            return False
        self.index = {c: self.names.index(c) for c in (*COLUMNS, *OPTIONAL_COLUMNS) if c in self.names}
        return True

    def read(self, number: int, record: list[str]) -> tuple[str, RollRow | None, list[RowError]]:
        """(tax map number, the row if valid, its errors) of one record after the header."""
        self.total += 1
        if len(record) > len(self.names):
            return "", None, [RowError(number, "row", f"has {len(record)} cells but the header names "
                                                      f"{len(self.names)} columns (a stray comma?)")]
        cells = {c: (record[i].strip() if i < len(record) else "") for c, i in self.index.items()}
        row, errors = _check_row(number, cells, self.hamlets)
        return cells["tax_map_number"], row, errors


def unreadable(exc: Exception) -> RowError:
    if isinstance(exc, UnicodeDecodeError):
        return RowError(None, "", f"The file is not UTF-8 text (byte {exc.start} cannot be read). "
                                  "Save the roll as 'CSV UTF-8' and upload it again.")
    return RowError(None, "", f"The file is not readable as CSV: {exc}.")


def parse_roll(data: bytes) -> ParsedRoll:
    """Read and check the whole roll. Problems with the file itself come back with row None."""
    parsed = ParsedRoll()
    reader = RollReader()
    first_row: dict[str, int] = {}
    duplicates: dict[str, list[int]] = {}
    try:
        for number, record in records(io.StringIO(decode(data), newline="")):
            if number == 1:
                if not reader.read_header(record):
                    break
                continue
            tmn, row, errors = reader.read(number, record)
            parsed.errors.extend(errors)
            if tmn:
                if tmn in first_row:
                    duplicates.setdefault(tmn, [first_row[tmn]]).append(number)
                else:
                    first_row[tmn] = number
            if row is not None:
                parsed.rows.append(row)
    except (UnicodeDecodeError, csv.Error) as exc:
        return ParsedRoll(errors=[unreadable(exc)])
    parsed.header, parsed.total = reader.header, reader.total
    if reader.errors:
        parsed.errors = reader.errors
        parsed.rows = []
        return parsed
    if not reader.header:
        parsed.errors.append(RowError(None, "", "The file is empty: the roll needs a header row naming its columns."))
        return parsed
    if parsed.total == 0:
        parsed.errors.append(RowError(None, "", "The roll has a header but no rows."))
    if duplicates:
        parsed.rows, dup_errors = _drop_duplicates(parsed.rows, duplicates)
        parsed.errors.extend(dup_errors)
        parsed.errors.sort(key=lambda e: (e.row or 0))
    return parsed


def _drop_duplicates(rows: list[RollRow], duplicates: dict[str, list[int]]) -> tuple[list[RollRow], list[RowError]]:
    """Every row of a parcel listed twice is refused: which of them is right is not ours to guess."""
    errors = []
    for tmn, numbers in duplicates.items():
        listed = ", ".join(str(n) for n in numbers)
        for n in numbers:
            errors.append(RowError(n, "tax_map_number", f"{tmn} is listed more than once (rows {listed}): "
                                                        "the roll has one row per parcel"))
    dup_rows = {n for numbers in duplicates.values() for n in numbers}
    return [r for r in rows if r.row not in dup_rows], errors
