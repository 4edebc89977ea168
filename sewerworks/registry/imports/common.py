"""What both imports share: row errors, the result of an import, the tax map number pattern."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, TypeVar

# A tax map number is section.block-lot as Ulster County writes it: "108.12-3-45" or "108-3-45"
# (the section may have a subsection after a dot; the lot may carry a suffix such as "45.1").
TAX_MAP_NUMBER_RE = re.compile(r"^\d{1,4}(?:\.\d{1,3})?-\d{1,3}-\d{1,4}(?:\.\d{1,4})?$")

# How many rows go to the database in one statement (well under SQLite's bound-variable limit).
CHUNK = 500

# Above this many rows the screens run the commit as a background job.
BACKGROUND_ROWS = 5000

T = TypeVar("T")


def chunks(items: Sequence[T], size: int = CHUNK) -> Iterator[Sequence[T]]:
    for start in range(0, len(items), size):
        yield items[start:start + size]


@dataclass(frozen=True)
class RowError:
    """One thing wrong with one row of an uploaded file.

    ``row`` is the row number as in the file (the header is row 1) for a roll, the feature number
    (the first feature is 1) for polygons, and None for a problem with the whole file.
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

    Counts are of parcels among the valid rows: ``new`` parcels added to the registry (for
    polygons: parcels given their first polygon), ``updated`` ones whose record changed, and
    ``unchanged`` ones. ``rejected`` counts rows with at least one error.
    """

    kind: str
    file_name: str
    rows: int = 0
    new: int = 0
    updated: int = 0
    unchanged: int = 0
    rejected: int = 0
    errors: list[RowError] = field(default_factory=list)
    committed: bool = False
    run: str = ""
    reject_file: str = ""  # relative to MEDIA_ROOT, when a reject file was written

    @property
    def ok(self) -> bool:
        """No errors at all: the file may be imported whole."""
        return not self.errors

    @property
    def file_errors(self) -> list[RowError]:
        return [e for e in self.errors if e.row is None]

    @property
    def written(self) -> int:
        """Parcels whose record this import wrote (new + updated) once committed."""
        return self.new + self.updated if self.committed else 0

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
