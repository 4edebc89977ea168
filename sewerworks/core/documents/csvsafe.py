"""Every CSV the product writes goes through here, so that a cell a spreadsheet would run as a formula is
read as text instead (CSV injection, after the OWASP guidance).

A text cell that begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a single quote in
front of it (``=HYPERLINK("http://x")`` is written ``'=HYPERLINK("http://x")``): the spreadsheet shows it
as text and runs nothing. A cell that is a plain number (``-5``, ``+3``, ``-1,234.50``, ``1e3``) is left as
it is, so amounts and negative readings stay numbers: a number holds no formula, and the pattern below
accepts nothing but digits, one sign, thousands commas, one decimal point and an exponent. Numbers given
as ``int``/``Decimal``/``float`` are never touched.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from typing import Any

TRIGGERS = ("=", "+", "-", "@", "\t", "\r")
PLAIN_NUMBER_RE = re.compile(r"^[+-]?(?:\d[\d,]*)?(?:\.\d+)?(?:[eE][+-]?\d+)?$")


def neutralise(cell: Any) -> Any:
    """The cell as it may safely be written: text that a spreadsheet would run is prefixed with a quote."""
    if not isinstance(cell, str) or not cell.startswith(TRIGGERS):
        return cell
    if any(ch.isdigit() for ch in cell) and PLAIN_NUMBER_RE.match(cell):
        return cell
    return "'" + cell


def safe_row(cells: Iterable[Any]) -> list[Any]:
    # the common cell (a number, or text not starting with a trigger) passes without a call: a million-row export
    return [neutralise(c) if isinstance(c, str) and c.startswith(TRIGGERS) else c for c in cells]


class SafeWriter:
    """``csv.writer`` whose every row is neutralised; the only CSV writer the product uses."""

    def __init__(self, out: Any, **kwargs: Any) -> None:
        self._writer = csv.writer(out, **kwargs)

    def writerow(self, cells: Iterable[Any]) -> Any:
        return self._writer.writerow(safe_row(cells))

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)


def csv_bytes(header: Iterable[Any], rows: Iterable[Iterable[Any]]) -> bytes:
    """A whole CSV file, neutralised, UTF-8 with a byte-order mark so spreadsheets read it as UTF-8."""
    out = io.StringIO(newline="")
    writer = SafeWriter(out)
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue().encode("utf-8-sig")
