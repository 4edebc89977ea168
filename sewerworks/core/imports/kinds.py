"""The registry of import kinds. Each app registers a class per kind of file it imports (the roll and
the parcel polygons today; meter reads, lab results, hauler manifests and designs next).

A kind says how to read and check its file (:meth:`ImportKind.check`, nothing written), what to write
(:meth:`ImportKind.apply`, through a :class:`~sewerworks.core.imports.writer.StagedWriter`), what its
reject file holds, who may import it, which counts it reports, and above what size the screens run its
preview and its commit as background jobs. Nothing here assumes parcels.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from sewerworks.core.imports.common import RowError

Progress = Callable[[int, int, str], None]


@dataclass
class Checked:
    """A file read, checked and compared with the database: what committing it would do.

    ``valid`` rows would be written; ``payload`` is what :meth:`ImportKind.apply` needs; ``rejects``
    builds the reject file of the given errors (it may read the file again)."""

    rows: int
    counts: dict[str, int]
    errors: list[RowError]
    valid: int
    payload: Any = None
    rejects: Callable[[list[RowError]], bytes] | None = None
    errors_total: int = 0
    extra: dict[str, Any] = field(default_factory=dict)


class ImportKind:
    """One kind of import; subclass, set the attributes, implement :meth:`check` and :meth:`apply`."""

    name: str = ""  # "roll"
    label: str = ""  # "the assessor's roll"
    permission: str = ""  # the rules permission an importer needs
    audit_action: str = ""  # AuditEvent.action of a commit, e.g. "import_roll"
    reject_suffix: str = ".csv"
    count_names: tuple[str, ...] = ("new", "updated", "unchanged")
    written_counts: tuple[str, ...] = ("new", "updated")  # what the audit record counts as rows written
    order: int = 100  # files of one upload are imported in this order (a roll before its polygons)
    job_rows: int = 5000  # above this many rows the screens commit as a background job
    preview_job_bytes: int = 2 * 1024 * 1024  # above this size the screens preview as a background job
    what: str = "run this import"  # said in a refusal: "Your role may not WHAT"
    who_may: str = ""  # who may, in words, for the refusal ("the clerk")
    # For the one-file upload screens (``registry.imports.views`` with a kind named): the file field's
    # label, help text and accepted endings, and the words the preview and the result use for the counts.
    upload_label: str = ""
    upload_help: str = ""
    extensions: tuple[str, ...] = (".csv",)
    count_labels: dict[str, str] = {}  # noqa: RUF012  (read only; a kind sets its own)
    # Query parameters of a link into the upload screen that choose something for the kind, and the context
    # key each fills (an id): the meter reads' ``?period=7`` -> ``{"billing.period": 7}``.
    context_from_query: dict[str, str] = {}  # noqa: RUF012
    return_label: str = "where the import started"  # "Back to ..." on the result, when the link gave ``next``

    def check(self, data: bytes, *, context: dict[str, Any], as_of: date) -> Checked:
        """Read and check the file and compare it with the database; write nothing. ``context`` is shared
        by the files of one upload (a roll may tell its polygons which parcels it adds)."""
        raise NotImplementedError

    def apply(self, checked: Checked, writer: Any, *, acting_user: Any, reason: str) -> None:
        """Write the valid rows through ``writer`` (staged chunks; updates of existing rows at publish)."""
        raise NotImplementedError

    def preview_file(
        self, path: Path, *, context: dict[str, Any], as_of: date, progress: Progress | None = None
    ) -> Checked:
        """The preview of a large file, read from disk in bounded memory; by default :meth:`check`."""
        return self.check(path.read_bytes(), context=context, as_of=as_of)

    def may_import(self, user: Any) -> bool:
        return bool(user.has_perm(self.permission))


_KINDS: dict[str, ImportKind] = {}


def register_import_kind(kind: type[ImportKind] | ImportKind) -> Any:
    """Register a kind (usable as a class decorator). A second registration under a name replaces the first."""
    instance = kind() if isinstance(kind, type) else kind
    if not instance.name or not instance.permission or not instance.audit_action:
        raise ValueError(f"{type(instance).__name__} must name itself, its permission and its audit action")
    _KINDS[instance.name] = instance
    return kind


def get_kind(name: str) -> ImportKind:
    try:
        return _KINDS[name]
    except KeyError:
        raise LookupError(f"No import kind {name!r} is registered (known: {', '.join(sorted(_KINDS))}).") from None


def import_kinds() -> list[ImportKind]:
    return sorted(_KINDS.values(), key=lambda k: (k.order, k.name))
