"""Preview and commit for every import kind: the screens, the management commands and the jobs call these.

A commit is all rows or none; with ``valid_rows_only`` the valid rows, and a reject file of the others.
The files of one upload form one batch: the roll's rows and its polygons are published together, or,
in an all-or-none import where one file cannot be imported whole, neither is.
"""

from __future__ import annotations

import logging
import uuid
from datetime import date
from typing import Any

from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.core.imports import rejects
from sewerworks.core.imports.common import ImportResult, RowError, errors_by_row
from sewerworks.core.imports.kinds import Checked, ImportKind, Progress, get_kind
from sewerworks.core.imports.writer import StagedWriter, cleanup_abandoned

log = logging.getLogger(__name__)

Files = list[tuple[str, str, bytes]]  # (kind name, file name, bytes)


def result_of(kind: ImportKind, file_name: str, checked: Checked, run: str = "") -> ImportResult:
    errors = sorted(checked.errors, key=lambda e: e.row or 0)
    return ImportResult(
        kind=kind.name,
        file_name=file_name,
        rows=checked.rows,
        counts=dict(checked.counts),
        errors=errors,
        errors_total=max(checked.errors_total, len(errors)),
        run=run,
        rejected=int(checked.extra.get("rejected", len(errors_by_row(errors)))),
        note=str(checked.extra.get("note", "")),
    )


def _ordered(files: Files) -> list[tuple[ImportKind, str, bytes]]:
    return sorted(((get_kind(k), name, data) for k, name, data in files), key=lambda f: f[0].order)


def preview_files(
    *, acting_user: Any, files: Files, as_of: date | None = None, context: dict[str, Any] | None = None
) -> list[ImportResult]:
    """What importing the files of one upload would do; nothing is written. ``context`` carries what the
    caller chose for the kinds (a billing period for meter reads), JSON values only."""
    ordered = _ordered(files)
    for kind, _, _ in ordered:
        require(acting_user, kind.permission, kind.what, who_may=kind.who_may)
    context = dict(context or {})
    day = as_of or timezone.localdate()
    return [result_of(kind, name, kind.check(data, context=context, as_of=day)) for kind, name, data in ordered]


def _refused(result: ImportResult, valid_rows_only: bool, valid: int) -> bool:
    """Whether nothing may be written: a file-level problem, errors in an all-or-none import, or no valid row."""
    if result.file_errors or (result.errors and not valid_rows_only):
        return True
    return valid == 0


def _audit(
    kind: ImportKind, acting_user: Any, result: ImportResult, also: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The import's audit record; ``also``: what the kind adds to its detail (``Checked.extra["audit"]``)."""
    return {
        "actor": acting_user,
        "action": kind.audit_action,
        "run": result.run,
        "subject": result.file_name[:200],
        "rows": sum(result.counts.get(n, 0) for n in kind.written_counts),
        "detail": {
            "file_name": result.file_name,
            "rows": result.rows,
            **result.counts,
            "rejected": result.rejected,
            "reject_file": result.reject_file,
            **(also or {}),
        },
    }


def do_import_files(
    *,
    acting_user: Any,
    files: Files,
    valid_rows_only: bool = False,
    as_of: date | None = None,
    progress: Progress | None = None,
    context: dict[str, Any] | None = None,
) -> list[ImportResult]:
    """Import the files of one upload in the kinds' order, as one batch published at once."""
    ordered = _ordered(files)
    for kind, _, _ in ordered:
        require(acting_user, kind.permission, kind.what, who_may=kind.who_may)
    cleanup_abandoned()
    day = as_of or timezone.localdate()
    context = {**(context or {}), "staged": True}
    results: list[ImportResult] = []
    checks: list[tuple[ImportResult, Checked]] = []  # a kind may word its note once published (what it found)
    writer: StagedWriter | None = None
    audits: list[dict[str, Any]] = []
    published = False
    try:
        for kind, name, data in ordered:
            checked = kind.check(data, context=context, as_of=day)
            result = result_of(kind, name, checked, run=uuid.uuid4().hex)
            results.append(result)
            checks.append((result, checked))
            if progress:
                progress(checked.rows, checked.rows, f"Checked {checked.rows} rows of {name}; writing.")
            if _refused(result, valid_rows_only, checked.valid):
                result.counts = {n: 0 for n in result.counts}
                if valid_rows_only and result.errors and not result.file_errors and checked.rejects:
                    rejects.write_reject_file(result, checked.rejects(result.errors), kind.reject_suffix)
                if not valid_rows_only:
                    break
                continue
            if writer is None:
                writer = StagedWriter(label=", ".join(n for _, n, _ in ordered), acting_user=acting_user)
            kind.apply(checked, writer, acting_user=acting_user, reason=f"Import {result.run} ({name})"[:100])
            if result.errors and checked.rejects:
                rejects.write_reject_file(result, checked.rejects(result.errors), kind.reject_suffix)
            result.committed = True
            audits.append(_audit(kind, acting_user, result, checked.extra.get("audit")))
        if writer is not None and (valid_rows_only or all(r.committed for r in results)):
            writer.publish(audits)
            published = True
            for r, c in checks:
                r.note = str(c.extra.get("note", r.note))
        elif not valid_rows_only and any(r.committed for r in results):
            _undo(results)
    except Exception:
        if writer is not None:
            writer.discard()
        raise
    if writer is not None:
        if not published:
            writer.discard()
        for r in results:
            r.longest_write_s = round(writer.longest_hold_s, 3)
        log.info(
            "import batch %s: %d chunks, longest write transaction %.3f s (%s)",
            writer.run,
            writer.chunks_written,
            writer.longest_hold_s,
            writer.longest_hold_what,
        )
    for r in results:
        if r.committed or r.reject_file or len(results) > 1:
            rejects.save_result(r)
    return results


def _undo(results: list[ImportResult]) -> None:
    """An all-or-none upload with a file that cannot be imported whole: nothing is published."""
    failed = next(r for r in results if not r.committed)
    for earlier in results:
        if earlier.committed:
            earlier.committed = False
            earlier.counts = {n: 0 for n in earlier.counts}
            earlier.errors.append(
                RowError(
                    None,
                    "",
                    f"Not imported: {failed.file_name}, uploaded with it, "
                    "has errors, and an import is all rows or none.",
                )
            )


def do_import(
    kind_name: str,
    *,
    acting_user: Any,
    data: bytes,
    file_name: str,
    valid_rows_only: bool = False,
    as_of: date | None = None,
    progress: Progress | None = None,
    context: dict[str, Any] | None = None,
) -> ImportResult:
    """Import one file of one kind."""
    return do_import_files(
        acting_user=acting_user,
        files=[(kind_name, file_name, data)],
        valid_rows_only=valid_rows_only,
        as_of=as_of,
        progress=progress,
        context=context,
    )[0]
