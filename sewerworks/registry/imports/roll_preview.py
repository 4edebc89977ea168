"""The preview of a large roll, read from disk as a stream: memory stays bounded by the batch, the first
errors kept for the screen, and one small entry per parcel for finding parcels listed twice.

The counts are those of :func:`~sewerworks.registry.imports.roll.parse_roll` followed by
:func:`~sewerworks.registry.imports.roll_commit.plan_roll`: rows are planned in batches (the plan of a row
does not depend on the other rows), and when a parcel turns out to be listed twice its first row is
taken back out of the counts, as the whole-file check refuses every row of such a parcel.
"""

from __future__ import annotations

import csv
from datetime import date
from pathlib import Path
from typing import Any

from sewerworks.core.imports.common import RowError
from sewerworks.core.imports.kinds import Checked, Progress
from sewerworks.registry.imports.polygons import PENDING
from sewerworks.registry.imports.roll import RollReader, RollRow, records, unreadable
from sewerworks.registry.imports.roll_commit import plan_roll

BATCH = 5000  # rows planned at a time
ERRORS_KEPT = 1000  # errors kept for the screen (all are counted; the reject file of a commit has every one)
OUTCOMES = ("new", "updated", "unchanged")
UNPLANNED, DROPPED = 3, 4  # codes beside the indices of OUTCOMES


class _Preview:
    def __init__(self, as_of: date) -> None:
        self.as_of = as_of
        self.counts = dict.fromkeys(OUTCOMES, 0)
        self.errors: list[RowError] = []
        self.errors_total = 0
        self.error_rows: set[int] = set()
        self.seen: dict[str, int] = {}  # tax map number -> first row number * 8 + outcome code
        self.batch: dict[str, RollRow] = {}
        self.valid = 0

    def error(self, err: RowError) -> None:
        self.errors_total += 1
        if err.row is not None:
            self.error_rows.add(err.row)
        if len(self.errors) < ERRORS_KEPT:
            self.errors.append(err)

    def plan(self) -> None:
        if not self.batch:
            return
        plan = plan_roll(list(self.batch.values()), self.as_of)
        for tmn, row in self.batch.items():
            outcome = plan.outcome[row.row]
            self.counts[outcome] += 1
            self.seen[tmn] = row.row * 8 + OUTCOMES.index(outcome)
        self.batch = {}

    def row(self, number: int, tmn: str, row: RollRow | None) -> None:
        if tmn and tmn in self.seen:
            self._duplicate(number, tmn)
        elif tmn:
            self.seen[tmn] = number * 8 + UNPLANNED
            if row is not None:
                self.batch[tmn] = row
                if len(self.batch) >= BATCH:
                    self.plan()

    def _duplicate(self, number: int, tmn: str) -> None:
        first, code = divmod(self.seen[tmn], 8)
        if code != DROPPED:
            if tmn in self.batch:
                del self.batch[tmn]
            elif code < UNPLANNED:
                self.counts[OUTCOMES[code]] -= 1
            self.seen[tmn] = first * 8 + DROPPED
            self.error(
                RowError(
                    first,
                    "tax_map_number",
                    f"{tmn} is listed more than once (rows {first}, {number}, ...): the roll has one row per parcel",
                )
            )
        self.error(
            RowError(
                number,
                "tax_map_number",
                f"{tmn} is listed more than once (first at row {first}): the roll has one row per parcel",
            )
        )


def preview_roll_file(path: Path, *, context: dict[str, Any], as_of: date, progress: Progress | None = None) -> Checked:
    """Counts and errors of the roll at ``path`` without holding its rows (see the module docstring)."""
    reader = RollReader()
    preview = _Preview(as_of)
    try:
        with path.open(encoding="utf-8-sig", newline="") as text:
            for number, record in records(text):
                if number == 1:
                    if not reader.read_header(record):
                        break
                    continue
                tmn, row, errors = reader.read(number, record)
                for err in errors:
                    preview.error(err)
                preview.row(number, tmn, row)
                if progress and number % BATCH == 0:
                    progress(number, 0, f"Checked {number:,} rows.")
            preview.plan()
    except (UnicodeDecodeError, csv.Error) as exc:
        return Checked(rows=0, counts=dict.fromkeys(OUTCOMES, 0), errors=[unreadable(exc)], valid=0)
    if reader.errors or not reader.header:
        errors = reader.errors or [RowError(None, "", "The file is empty: the roll needs a header row.")]
        return Checked(rows=reader.total, counts=dict.fromkeys(OUTCOMES, 0), errors=errors, valid=0)
    if reader.total == 0:
        preview.error(RowError(None, "", "The roll has a header but no rows."))
    context[PENDING] = {tmn for tmn, code in preview.seen.items() if code % 8 < UNPLANNED}
    preview.errors.sort(key=lambda e: e.row or 0)
    return Checked(
        rows=reader.total,
        counts=preview.counts,
        errors=preview.errors,
        valid=sum(preview.counts.values()),
        errors_total=preview.errors_total,
        extra={"rejected": len(preview.error_rows)},
    )
