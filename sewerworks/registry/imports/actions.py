"""The import actions: preview (read and check, write nothing) and commit (all rows or none, or valid rows
only with a reject file). The screens, the management commands and the background worker call these.

A commit writes in bulk with field-by-field history, and one AuditEvent per import (action
``import_roll`` or ``import_polygons``) naming who ran it, the run id, the file and the counts.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Collection
from datetime import date
from typing import Any

from django.db import transaction
from django.utils import timezone

from sewerworks.core.models import AuditEvent
from sewerworks.core.permissions import require
from sewerworks.registry.imports import rejects
from sewerworks.registry.imports.common import ImportResult, RowError, errors_by_row
from sewerworks.registry.imports.polygons import parse_polygons
from sewerworks.registry.imports.polygons_commit import apply_polygons, plan_polygons
from sewerworks.registry.imports.roll import parse_roll
from sewerworks.registry.imports.roll_commit import apply_roll, plan_roll

PERMISSION = "registry.import_roll"
Progress = Callable[[int, int, str], None]


def _check(acting_user: Any) -> None:
    require(acting_user, PERMISSION, "import the assessor's roll and the parcel polygons", who_may="the clerk")


def _counted(result: ImportResult, plan: Any, errors: list[RowError]) -> ImportResult:
    result.new, result.updated, result.unchanged = plan.new, plan.updated, plan.unchanged
    result.errors = sorted(errors, key=lambda e: e.row or 0)
    result.rejected = len(errors_by_row(result.errors))
    return result


def _preview_roll(data: bytes, file_name: str, as_of: date | None) -> tuple[ImportResult, set[str]]:
    parsed = parse_roll(data)
    result = ImportResult(kind="roll", file_name=file_name, rows=parsed.total)
    plan = plan_roll(parsed.rows, as_of or timezone.localdate())
    return _counted(result, plan, parsed.errors), {r.tax_map_number for r in parsed.rows}


def preview_roll(*, acting_user: Any, data: bytes, file_name: str, as_of: date | None = None) -> ImportResult:
    """What importing this roll would do: counts of new, updated and unchanged parcels, and the row errors."""
    _check(acting_user)
    return _preview_roll(data, file_name, as_of)[0]


def preview_polygons(*, acting_user: Any, data: bytes, file_name: str, pending: Collection[str] = ()) -> ImportResult:
    """What importing these polygons would do; ``pending`` are tax map numbers a roll uploaded with them adds."""
    _check(acting_user)
    parsed = parse_polygons(data)
    result = ImportResult(kind="polygons", file_name=file_name, rows=parsed.total)
    plan, unknown = plan_polygons(parsed.rows, pending)
    return _counted(result, plan, parsed.errors + unknown)


def preview_upload(*, acting_user: Any, files: list[tuple[str, str, bytes]],
                   as_of: date | None = None) -> list[ImportResult]:
    """Preview the files of one upload, ``(kind, file name, bytes)``: polygons may name parcels the roll adds."""
    _check(acting_user)
    pending: set[str] = set()
    results: list[ImportResult] = []
    for kind, name, data in sorted(files, key=lambda f: f[0] != "roll"):
        if kind == "roll":
            result, pending = _preview_roll(data, name, as_of)
            results.append(result)
        else:
            results.append(preview_polygons(acting_user=acting_user, data=data, file_name=name, pending=pending))
    return results


def _refused(result: ImportResult, valid_rows_only: bool, valid: int) -> bool:
    """Whether nothing may be written: a file-level problem, errors in an all-or-none import, or no valid row."""
    if result.file_errors or (result.errors and not valid_rows_only):
        return True
    return valid == 0


def _audit(acting_user: Any, result: ImportResult, action: str) -> None:
    AuditEvent.objects.create(
        actor=acting_user, action=action, run=result.run, subject=result.file_name[:200],
        rows=result.new + result.updated,
        detail={"file_name": result.file_name, "rows": result.rows, "new": result.new, "updated": result.updated,
                "unchanged": result.unchanged, "rejected": result.rejected, "reject_file": result.reject_file},
    )


def do_import_roll(*, acting_user: Any, data: bytes, file_name: str, valid_rows_only: bool = False,
                   as_of: date | None = None, progress: Progress | None = None) -> ImportResult:
    """Import the assessor's roll. All rows or none; with ``valid_rows_only`` the valid rows, and a reject
    file (the original columns plus ``row`` and ``error``) of the others."""
    _check(acting_user)
    as_of = as_of or timezone.localdate()
    parsed = parse_roll(data)
    result = ImportResult(kind="roll", file_name=file_name, rows=parsed.total, run=uuid.uuid4().hex)
    if progress:
        progress(parsed.total, parsed.total, f"Checked {parsed.total} rows; writing.")
    with transaction.atomic():
        plan = plan_roll(parsed.rows, as_of)
        _counted(result, plan, parsed.errors)
        if _refused(result, valid_rows_only, len(parsed.rows)):
            return _finish_refused(result, valid_rows_only,
                                   lambda: rejects.roll_rejects(parsed.header, parsed.raw, result.errors))
        apply_roll(plan, acting_user=acting_user, reason=f"Roll import {result.run} ({file_name})"[:100])
        if result.errors:
            rejects.write_reject_file(result, rejects.roll_rejects(parsed.header, parsed.raw, result.errors))
        result.committed = True
        _audit(acting_user, result, "import_roll")
    rejects.save_result(result)
    return result


def do_import_polygons(*, acting_user: Any, data: bytes, file_name: str, valid_rows_only: bool = False,
                       progress: Progress | None = None) -> ImportResult:
    """Import parcel polygons. All features or none; with ``valid_rows_only`` the valid ones, and a reject
    FeatureCollection (each feature with an ``error`` property) of the others."""
    _check(acting_user)
    parsed = parse_polygons(data)
    result = ImportResult(kind="polygons", file_name=file_name, rows=parsed.total, run=uuid.uuid4().hex)
    if progress:
        progress(parsed.total, parsed.total, f"Checked {parsed.total} features; writing.")
    with transaction.atomic():
        plan, unknown = plan_polygons(parsed.rows)
        _counted(result, plan, parsed.errors + unknown)
        valid = len(parsed.rows) - len(unknown)
        if _refused(result, valid_rows_only, valid):
            return _finish_refused(result, valid_rows_only,
                                   lambda: rejects.polygon_rejects(parsed.collection, parsed.raw, result.errors))
        apply_polygons(plan, acting_user=acting_user, reason=f"Polygon import {result.run} ({file_name})"[:100])
        if result.errors:
            rejects.write_reject_file(result, rejects.polygon_rejects(parsed.collection, parsed.raw, result.errors))
        result.committed = True
        _audit(acting_user, result, "import_polygons")
    rejects.save_result(result)
    return result


def _finish_refused(result: ImportResult, valid_rows_only: bool, reject_content: Callable[[], bytes]) -> ImportResult:
    """Nothing written. In valid-rows-only mode the reject file still lists every bad row."""
    result.new = result.updated = result.unchanged = 0
    if valid_rows_only and result.errors and not result.file_errors:
        rejects.write_reject_file(result, reject_content())
        rejects.save_result(result)
    return result


class _Undo(Exception):
    """Raised to roll back the roll of an upload whose polygons could not be imported whole."""


def do_import_upload(*, acting_user: Any, files: list[tuple[str, str, bytes]], valid_rows_only: bool = False,
                     as_of: date | None = None, progress: Progress | None = None) -> list[ImportResult]:
    """Import the files of one upload, ``(kind, file name, bytes)`` with kind "roll" or "polygons": the roll
    first, so polygons may name the parcels it adds; all in one transaction. In an all-or-none import, if
    the polygons cannot be imported whole, the roll is not imported either."""
    _check(acting_user)
    ordered = sorted(files, key=lambda f: f[0] != "roll")
    results: list[ImportResult] = []
    try:
        with transaction.atomic():
            for kind, name, data in ordered:
                if kind == "roll":
                    result = do_import_roll(acting_user=acting_user, data=data, file_name=name,
                                            valid_rows_only=valid_rows_only, as_of=as_of, progress=progress)
                else:
                    result = do_import_polygons(acting_user=acting_user, data=data, file_name=name,
                                                valid_rows_only=valid_rows_only, progress=progress)
                results.append(result)
                if not result.committed and not valid_rows_only:
                    if any(r.committed for r in results):
                        raise _Undo
                    break
    except _Undo:
        for earlier in results[:-1]:
            earlier.committed = False
            earlier.new = earlier.updated = earlier.unchanged = 0
            earlier.errors.append(RowError(None, "", f"Not imported: {results[-1].file_name}, uploaded with it, "
                                                     "has errors, and an import is all rows or none."))
            rejects.save_result(earlier)
    return results
