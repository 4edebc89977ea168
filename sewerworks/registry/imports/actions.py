"""The registry's import actions, on the core import framework (:mod:`sewerworks.core.imports`): preview
(read and check, write nothing) and commit (all rows or none, or valid rows only with a reject file).

A commit writes in bulk with field-by-field history, and one AuditEvent per import (action
``import_roll`` or ``import_polygons``) naming who ran it, the run id, the file and the counts.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import date
from typing import Any

from sewerworks.core.access.permissions import require
from sewerworks.core.imports.common import ImportResult
from sewerworks.core.imports.kinds import Progress, get_kind
from sewerworks.core.imports.runner import do_import, do_import_files, preview_files, result_of
from sewerworks.registry.imports.kinds import PERMISSION
from sewerworks.registry.imports.polygons import PENDING

__all__ = ["PERMISSION", "do_import_polygons", "do_import_roll", "do_import_upload", "preview_polygons",
           "preview_roll", "preview_upload"]


def preview_roll(*, acting_user: Any, data: bytes, file_name: str, as_of: date | None = None) -> ImportResult:
    """What importing this roll would do: counts of new, updated and unchanged parcels, and the row errors."""
    return preview_files(acting_user=acting_user, files=[("roll", file_name, data)], as_of=as_of)[0]


def preview_polygons(*, acting_user: Any, data: bytes, file_name: str, pending: Collection[str] = ()) -> ImportResult:
    """What importing these polygons would do; ``pending`` are tax map numbers a roll uploaded with them adds."""
    kind = get_kind("polygons")
    require(acting_user, kind.permission, kind.what, who_may=kind.who_may)
    from django.utils import timezone

    checked = kind.check(data, context={PENDING: set(pending)}, as_of=timezone.localdate())
    return result_of(kind, file_name, checked)


def preview_upload(*, acting_user: Any, files: list[tuple[str, str, bytes]],
                   as_of: date | None = None, context: dict[str, Any] | None = None) -> list[ImportResult]:
    """Preview the files of one upload, ``(kind, file name, bytes)``: polygons may name parcels the roll adds."""
    return preview_files(acting_user=acting_user, files=files, as_of=as_of, context=context)


def do_import_roll(*, acting_user: Any, data: bytes, file_name: str, valid_rows_only: bool = False,
                   as_of: date | None = None, progress: Progress | None = None) -> ImportResult:
    """Import the assessor's roll. All rows or none; with ``valid_rows_only`` the valid rows, and a reject
    file (the original columns plus ``row`` and ``error``) of the others."""
    return do_import("roll", acting_user=acting_user, data=data, file_name=file_name,
                     valid_rows_only=valid_rows_only, as_of=as_of, progress=progress)


def do_import_polygons(*, acting_user: Any, data: bytes, file_name: str, valid_rows_only: bool = False,
                       progress: Progress | None = None) -> ImportResult:
    """Import parcel polygons. All features or none; with ``valid_rows_only`` the valid ones, and a reject
    FeatureCollection (each feature with an ``error`` property) of the others."""
    return do_import("polygons", acting_user=acting_user, data=data, file_name=file_name,
                     valid_rows_only=valid_rows_only, progress=progress)


def do_import_upload(*, acting_user: Any, files: list[tuple[str, str, bytes]], valid_rows_only: bool = False,
                     as_of: date | None = None, progress: Progress | None = None,
                     context: dict[str, Any] | None = None) -> list[ImportResult]:
    """Import the files of one upload, ``(kind, file name, bytes)``: the roll first, so polygons may name the
    parcels it adds; one batch published at once. In an all-or-none import, if the polygons cannot be
    imported whole, the roll is not imported either."""
    return do_import_files(acting_user=acting_user, files=files, valid_rows_only=valid_rows_only, as_of=as_of,
                           progress=progress, context=context)
