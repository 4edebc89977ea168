"""Reject files and stored results of an import, kept under ``MEDIA_ROOT/imports/<run>/``.

The folder is not served as static files: the screens hand the reject file out through a view that
checks the user may import (``registry:import_reject_file``).
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

from django.conf import settings

from sewerworks.registry.imports.common import ImportResult, RowError, errors_by_row, joined

RUN_RE = re.compile(r"^[0-9a-f]{32}$")
REJECT_NAMES = {"roll": "rejects.csv", "polygons": "rejects.geojson"}


def run_dir(run: str) -> Path:
    """The folder of one import run; ``run`` must be a run id (32 hex digits)."""
    if not RUN_RE.match(run):
        raise ValueError(f"{run!r} is not an import run id")
    return Path(settings.MEDIA_ROOT) / "imports" / run


def roll_rejects(header: list[str], raw: dict[int, list[str]], errors: list[RowError]) -> bytes:
    """The rejected rows with their original cells, plus the row number and what was wrong."""
    out = io.StringIO(newline="")
    writer = csv.writer(out)
    writer.writerow([*header, "row", "error"])
    width = len(header)
    for number, row_errors in sorted(errors_by_row(errors).items()):
        cells = list(raw.get(number, []))
        cells = cells[:width] + [""] * (width - len(cells)) if len(cells) <= width else cells
        writer.writerow([*cells, number, joined(row_errors)])
    return out.getvalue().encode("utf-8-sig")  # with a byte-order mark, so spreadsheets open it as UTF-8


def polygon_rejects(collection: dict[str, Any], raw: dict[int, Any], errors: list[RowError]) -> bytes:
    """A FeatureCollection of the rejected features, each with an ``error`` (and ``feature``) property."""
    features = []
    for number, row_errors in sorted(errors_by_row(errors).items()):
        original = raw.get(number)
        if isinstance(original, dict):
            feature = dict(original)
            props = feature.get("properties")
            feature["properties"] = dict(props) if isinstance(props, dict) else {}
        else:
            feature = {"type": "Feature", "geometry": None, "properties": {"original": original}}
        feature["properties"]["feature"] = number
        feature["properties"]["error"] = joined(row_errors)
        features.append(feature)
    out: dict[str, Any] = {"type": "FeatureCollection"}
    if "crs" in collection:
        out["crs"] = collection["crs"]
    out["features"] = features
    return json.dumps(out, indent=1, ensure_ascii=False).encode("utf-8")


def write_reject_file(result: ImportResult, content: bytes) -> None:
    folder = run_dir(result.run)
    folder.mkdir(parents=True, exist_ok=True)
    name = REJECT_NAMES[result.kind]
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
    for name in REJECT_NAMES.values():
        if (folder / name).is_file():
            return folder / name
    return None
