"""What each revision of a design fixed, and what it brought, compared with the one before."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class RevisionChange:
    revision: Any
    fixed: list[tuple[str, str]]  # (element, requirement) failing before and not now
    new: list[tuple[str, str]]  # failing now and not before
    still: int  # failing in both


def _failing(revision: Any) -> set[tuple[str, str]]:
    return set(revision.findings.filter(severity="fails").values_list("place", "requirement"))


def revision_history(revisions: list[Any]) -> list[RevisionChange]:
    """Each revision, newest first, with the failing findings it fixed and the ones it brought."""
    changes: list[RevisionChange] = []
    before: set[tuple[str, str]] = set()
    for revision in revisions:
        now = _failing(revision)
        changes.append(RevisionChange(revision, sorted(before - now), sorted(now - before), len(now & before)))
        before = now
    return changes[::-1]
