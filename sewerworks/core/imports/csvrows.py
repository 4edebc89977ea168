"""The check every one-row-per-record CSV kind makes (the grease manifests, the lab results): the file read
as UTF-8 CSV, the header's required columns, each row through the kind's reader, and the reject file."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from typing import Any, Protocol

from sewerworks.core.imports.common import RowError
from sewerworks.core.imports.kinds import Checked
from sewerworks.core.imports.rejects import csv_rejects


class RowReader(Protocol):
    errors: list[RowError]

    def row(self, number: int, cell: dict[str, str]) -> Any: ...


def records(data: bytes) -> Iterator[tuple[int, list[str]]]:
    """(row number, cells) of each record: the header and every row that is not blank."""
    text = data.decode("utf-8-sig")
    for number, record in enumerate(csv.reader(io.StringIO(text, newline="")), start=1):
        if number == 1 or any(c.strip() for c in record):
            yield number, record


def check_csv_rows(data: bytes, required: tuple[str, ...], reader: RowReader) -> Checked:
    """The file's rows read by ``reader`` (None for a refused row, its errors on ``reader.errors``)."""
    try:
        found = list(records(data))
    except (UnicodeDecodeError, csv.Error) as exc:
        return Checked(0, {"new": 0}, [RowError(None, "", f"Not a UTF-8 CSV file: {exc}")], 0)
    header = [h.strip().lower() for h in (found[0][1] if found else [])]
    missing = [c for c in required if c not in header]
    if missing:
        return Checked(0, {"new": 0}, [RowError(None, "", f"The header lacks {', '.join(missing)}")], 0)
    rows = []
    for number, cells in found[1:]:
        cell = {h: (cells[i].strip() if i < len(cells) else "") for i, h in enumerate(header)}
        row = reader.row(number, cell)
        if row is not None:
            rows.append(row)

    def rejects(errors: list[RowError]) -> bytes:
        return csv_rejects(found[0][1], found[1:], errors)

    rejected = len({e.row for e in reader.errors})
    return Checked(len(found) - 1, {"new": len(rows)}, reader.errors, len(rows), payload=rows,
                   rejects=rejects, errors_total=rejected)  # fmt: skip
