"""A county file's layout as data: its columns (names, order, widths), CSV or fixed width, versioned; rows written
through it and read back through it. Any export to the county uses it: the relevy's (``export``), the capital
charge's next, each with its own vocabulary of fields.

A layout is a spec (plain JSON, kept in ``ExportLayout``; never changed once recorded: a new specification is a
new version)::

    {"name": "relevy-illustrative", "version": 1, "format": "fixed", "note": "...",
     "columns": [{"name": "SWIS", "field": "swis", "width": 6},
                 {"name": "AMOUNT", "field": "amount", "kind": "cents", "width": 11, "align": "right", "pad": "0"}]}

Kinds: ``text`` (as is, one line), ``money`` (dollars and cents, ``1234.56``), ``cents`` (whole cents, ``123456``),
``integer``. Fixed width: each column padded to its width (``pad``, ``align``), one row a line, no header; a value
wider than its column is refused naming the row and the column (never cut short). CSV: a header of the names,
cells neutralised against spreadsheet formulas (``core.documents.csvsafe``). Reading back checks the header (CSV)
or each line's length (fixed) and parses every cell by its kind, naming the line and column of anything wrong.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import asdict, dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from sewerworks.core.documents.csvsafe import SafeWriter

FORMATS = ("csv", "fixed")
KINDS = ("text", "money", "cents", "integer")
NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,59}$")
CENT = Decimal("0.01")


class LayoutError(ValueError):
    """A layout, a row or a file that does not fit; ``where`` names the field, line or column."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where, self.message = where, message


@dataclass(frozen=True)
class Column:
    """One column: its name in the file, the row field it takes, its width (fixed), kind and alignment."""

    name: str
    field: str
    width: int = 0
    kind: str = "text"
    align: str = "left"
    pad: str = " "


@dataclass(frozen=True)
class ColumnMap:
    """A layout: name, version, format and columns (see the module)."""

    name: str
    version: int
    format: str
    columns: tuple[Column, ...]
    note: str = ""
    fields: frozenset[str] = field(default=frozenset(), compare=False)

    @classmethod
    def from_spec(cls, spec: Mapping[str, Any], *, fields: Collection[str]) -> ColumnMap:
        """The layout ``spec`` describes, checked: every column takes one of ``fields``."""
        if not isinstance(spec, Mapping):
            raise LayoutError("layout", "a layout is a JSON object")
        name = str(spec.get("name") or "")
        if not NAME.match(name):
            raise LayoutError("name", "1 to 60 lower-case letters, digits or dashes")
        version = spec.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= 32767:
            raise LayoutError("version", "a whole number from 1")
        form = spec.get("format")
        if form not in FORMATS:
            raise LayoutError("format", f"one of {', '.join(FORMATS)}")
        raw = spec.get("columns")
        if not isinstance(raw, list) or not raw:
            raise LayoutError("columns", "a list of at least one column")
        columns = tuple(_column(i, c, form, fields) for i, c in enumerate(raw))
        names = [c.name for c in columns]
        if len(set(names)) != len(names):
            raise LayoutError("columns", "two columns have the same name")
        return cls(name, version, str(form), columns, str(spec.get("note") or "")[:300], frozenset(fields))

    def to_spec(self) -> dict[str, Any]:
        return {"name": self.name, "version": self.version, "format": self.format, "note": self.note,
                "columns": [asdict(c) for c in self.columns]}  # fmt: skip

    @property
    def label(self) -> str:
        return f"{self.name} v{self.version} ({'fixed width' if self.format == 'fixed' else 'CSV'})"

    @property
    def extension(self) -> str:
        return ".txt" if self.format == "fixed" else ".csv"

    def cell(self, column: Column, value: Any, row: int) -> str:
        """``value`` written as ``column`` wants it (fixed: padded to its width)."""
        text = _format(column, value, row)
        if self.format == "csv":
            return text
        if len(text) > column.width:
            raise LayoutError(f"row {row}, column {column.name}",
                              f"{text!r} is {len(text)} characters, wider than the column's {column.width}")
        return text.rjust(column.width, column.pad) if column.align == "right" else text.ljust(column.width, column.pad)

    def write(self, rows: Iterable[Mapping[str, Any]], out: io.TextIOBase | Any) -> int:
        """Every row written to ``out`` (text); the number of rows."""
        count = 0
        writer = SafeWriter(out, lineterminator="\r\n") if self.format == "csv" else None
        if writer is not None:
            writer.writerow([c.name for c in self.columns])
        for count, row in enumerate(rows, 1):
            if writer is not None:  # a CSV cell is the formatted value as it is (a million rows: no detour)
                writer.writerow([_format(c, row.get(c.field), count) for c in self.columns])
            else:
                out.write("".join([self.cell(c, row.get(c.field), count) for c in self.columns]) + "\r\n")
        return count

    def read(self, text: str) -> list[dict[str, Any]]:
        """The rows of a file in this layout, each a dict of fields parsed by kind."""
        return self._read_csv(text) if self.format == "csv" else self._read_fixed(text)

    def _read_csv(self, text: str) -> list[dict[str, Any]]:
        reader = csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""))
        header = next(reader, None)
        wanted = [c.name for c in self.columns]
        if header != wanted:
            raise LayoutError("line 1", f"the header is {header}, not this layout's {wanted}")
        out = []
        for n, cells in enumerate(reader, 2):
            if not any(cells):
                continue
            if len(cells) != len(self.columns):
                raise LayoutError(f"line {n}", f"{len(cells)} cells, not {len(self.columns)}")
            pairs = zip(self.columns, cells, strict=True)
            out.append({c.field: _parse(c, v.removeprefix("'"), f"line {n}") for c, v in pairs})
        return out

    def _read_fixed(self, text: str) -> list[dict[str, Any]]:
        width = sum(c.width for c in self.columns)
        out = []
        for n, line in enumerate(text.lstrip("\ufeff").splitlines(), 1):
            if not line.strip():
                continue
            if len(line) != width:
                raise LayoutError(f"line {n}", f"{len(line)} characters, not this layout's {width}")
            row, at = {}, 0
            for c in self.columns:
                piece = line[at : at + c.width]
                at += c.width
                stripped = piece.strip() if c.pad == " " else piece.lstrip(c.pad) or "0"
                row[c.field] = _parse(c, stripped, f"line {n}")
            out.append(row)
        return out


def _column(i: int, raw: Any, form: Any, fields: Collection[str]) -> Column:
    where = f"columns[{i}]"
    if not isinstance(raw, Mapping):
        raise LayoutError(where, "a column is an object with a name and a field")
    name, source = str(raw.get("name") or "").strip(), str(raw.get("field") or "")
    if not name or len(name) > 60 or any(ch in name for ch in ",\"\r\n"):
        raise LayoutError(f"{where}.name", "1 to 60 characters, no comma, quote or line break")
    if source not in fields:
        raise LayoutError(f"{where}.field", f"{source!r} is not a field of this export: {', '.join(sorted(fields))}")
    kind, align, pad = raw.get("kind", "text"), raw.get("align", "left"), raw.get("pad", " ")
    if kind not in KINDS:
        raise LayoutError(f"{where}.kind", f"one of {', '.join(KINDS)}")
    if align not in ("left", "right"):
        raise LayoutError(f"{where}.align", "left or right")
    if pad not in (" ", "0"):
        raise LayoutError(f"{where}.pad", "a space or 0")
    width = raw.get("width", 0)
    if not isinstance(width, int) or isinstance(width, bool) or width < 0 or width > 200:
        raise LayoutError(f"{where}.width", "a whole number of characters, at most 200")
    if form == "fixed" and width == 0:
        raise LayoutError(f"{where}.width", "a fixed-width column needs its width")
    return Column(name, source, width, str(kind), str(align), str(pad))


def _format(column: Column, value: Any, row: int) -> str:
    if value is None:
        return ""
    if column.kind == "text":
        return " ".join(str(value).split())
    if column.kind == "integer":
        return str(int(value))
    exact = value if value.__class__ is Decimal else Decimal(value)  # a MoneyField's value is one already
    amount = exact.quantize(CENT)
    if amount != exact:
        raise LayoutError(f"row {row}, column {column.name}", f"{value} is not dollars and cents")
    return f"{amount:.2f}" if column.kind == "money" else str(int(amount * 100))


def _parse(column: Column, text: str, line: str) -> Any:
    where = f"{line}, column {column.name}"
    if column.kind == "text":
        return text
    try:
        if column.kind == "integer":
            return int(text)
        if column.kind == "cents":
            return (Decimal(int(text)) * CENT).quantize(CENT)
        amount = Decimal(text)
        if not amount.is_finite() or amount != amount.quantize(CENT):
            raise InvalidOperation
        return amount.quantize(CENT)
    except (ValueError, InvalidOperation):
        wanted = "dollars and cents" if column.kind == "money" else "a whole number"
        raise LayoutError(where, f"{text!r} is not {wanted}") from None
