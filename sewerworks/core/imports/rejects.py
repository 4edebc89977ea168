"""Reject files and stored results of an import, kept under ``MEDIA_ROOT/imports/<run>/``.

The folder is not served as static files: the screens hand the reject file out through a view that
checks the user may import. A CSV reject file goes through :mod:`sewerworks.core.documents.csvsafe`, so a cell such
as ``=HYPERLINK(...)`` from the uploaded file opens as text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path

from django.conf import settings

from sewerworks.core.documents.csvsafe import csv_bytes
from sewerworks.core.imports.common import ImportResult, RowError, errors_by_row, joined

RUN_RE = re.compile(r"^[0-9a-f]{32}$")
REJECT_STEM = "rejects"
CONTENT_TYPES = {".csv": "text/csv; charset=utf-8", ".geojson": "application/geo+json", ".json": "application/json"}


def run_dir(run: str) -> Path:
    """The folder of one import run; ``run`` must be a run id (32 hex digits)."""
    if not RUN_RE.match(run):
        raise ValueError(f"{run!r} is not an import run id")
    return Path(settings.MEDIA_ROOT) / "imports" / run


def csv_rejects(header: list[str], records: Iterable[tuple[int, list[str]]], errors: list[RowError]) -> bytes:
    """The rejected rows with their original cells, plus the row number and what was wrong.

    ``records`` are (row number, cells) of the file, read again (only the rejected ones are kept)."""
    by_row = errors_by_row(errors)
    width = len(header)
    cells_of: dict[int, list[str]] = {}
    for number, cells in records:
        if number in by_row:
            cells_of[number] = list(cells)
    rows = []
    for number, row_errors in sorted(by_row.items()):
        cells = cells_of.get(number, [])
        cells = cells[:width] + [""] * (width - len(cells)) if len(cells) <= width else cells
        rows.append([*cells, number, joined(row_errors)])
    return csv_bytes([*header, "row", "error"], rows)


def write_reject_file(result: ImportResult, content: bytes, suffix: str) -> None:
    folder = run_dir(result.run)
    folder.mkdir(parents=True, exist_ok=True)
    name = f"{REJECT_STEM}{suffix}"
    (folder / name).write_bytes(content)
    result.reject_file = f"imports/{result.run}/{name}"


def save_result(result: ImportResult) -> None:
    """Keep what the import did, for the result screen (and a background job's page)."""
    folder = run_dir(result.run)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "result.json").write_text(json.dumps(result.as_dict()), encoding="utf-8")


def load_result(run: str) -> ImportResult | None:
    try:
        path = run_dir(run) / "result.json"
        return ImportResult.from_dict(json.loads(path.read_text(encoding="utf-8")))
    except (ValueError, OSError, TypeError, KeyError):
        return None


def reject_path(run: str) -> Path | None:
    """The reject file of a run, if it has one."""
    try:
        folder = run_dir(run)
    except ValueError:
        return None
    for suffix in CONTENT_TYPES:
        if (folder / f"{REJECT_STEM}{suffix}").is_file():
            return folder / f"{REJECT_STEM}{suffix}"
    return None
