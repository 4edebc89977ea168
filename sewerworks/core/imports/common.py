"""What every import kind shares: row errors and the result of an import (counts named by the kind)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, TypeVar

# How many rows go to the database in one statement (well under SQLite's bound-variable limit).
CHUNK = 500

T = TypeVar("T")


def chunks(items: Sequence[T], size: int = CHUNK) -> Iterator[Sequence[T]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


@dataclass(frozen=True)
class RowError:
    """One thing wrong with one row of an uploaded file.

    ``row`` is the row number as in the file (the header is row 1) for a CSV, the feature number (the
    first feature is 1) for GeoJSON, and None for a problem with the whole file.
    """

    row: int | None
    field: str
    message: str

    def __str__(self) -> str:
        where = "File" if self.row is None else f"Row {self.row}"
        return f"{where}, {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


@dataclass
class ImportResult:
    """What an import found (preview) or did (commit).

    ``counts`` are named by the kind (the roll counts parcels ``new``, ``updated`` and ``unchanged``; a kind
    without parcels names its own). ``rejected`` counts rows with at least one error; ``errors`` may be
    cut short in a preview of a large file (``errors_total`` is then the whole number).
    """

    kind: str
    file_name: str
    rows: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    rejected: int = 0
    errors: list[RowError] = field(default_factory=list)
    errors_total: int = 0
    committed: bool = False
    run: str = ""
    reject_file: str = ""  # relative to MEDIA_ROOT, when a reject file was written
    longest_write_s: float = 0.0  # the longest transaction the commit held the write lock for
    note: str = ""  # what the kind says about the file as a whole ("for the billing period ...")

    def _get(self, name: str) -> int:
        return int(self.counts.get(name, 0))

    @property
    def new(self) -> int:
        return self._get("new")

    @property
    def updated(self) -> int:
        return self._get("updated")

    @property
    def unchanged(self) -> int:
        return self._get("unchanged")

    @property
    def ok(self) -> bool:
        """No errors at all: the file may be imported whole."""
        return not self.errors

    @property
    def file_errors(self) -> list[RowError]:
        return [e for e in self.errors if e.row is None]

    @property
    def written(self) -> int:
        """Records this import wrote (new + updated) once committed."""
        return self.new + self.updated if self.committed else 0

    @property
    def errors_cut(self) -> int:
        """Errors found but not kept in ``errors`` (a large preview keeps the first ones)."""
        return max(0, self.errors_total - len(self.errors))

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["errors"] = [asdict(e) for e in self.errors]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ImportResult:
        data = dict(data)
        data["errors"] = [RowError(**e) for e in data.get("errors", [])]
        return cls(**data)


def file_error(kind: str, file_name: str, message: str, field_name: str = "") -> ImportResult:
    """A result for a file that could not be read at all."""
    return ImportResult(kind=kind, file_name=file_name, errors=[RowError(None, field_name, message)])


def errors_by_row(errors: Sequence[RowError]) -> dict[int, list[RowError]]:
    out: dict[int, list[RowError]] = {}
    for err in errors:
        if err.row is not None:
            out.setdefault(err.row, []).append(err)
    return out


def joined(errors: Sequence[RowError]) -> str:
    """The errors of one row as one cell of a reject file."""
    return "; ".join(f"{e.field}: {e.message}" if e.field else e.message for e in errors)
