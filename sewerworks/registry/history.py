"""Field-by-field change history of a record (django-simple-history), for the History tab."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sewerworks.core.records.events import recorded_note


@dataclass(frozen=True)
class Change:
    field: str
    before: str
    after: str


@dataclass(frozen=True)
class HistoryEntry:
    when: Any
    who: str
    kind: str  # created / changed / deleted
    reason: str
    record: str
    changes: list[Change]
    recorded_note: str = ""  # "recorded 2026-12-02 by clerk" when written more than a day after ``when``


def history_of(instance: Any, *, limit: int = 100) -> list[HistoryEntry]:
    """Each saved version of ``instance``, newest first, with what changed from the version before."""
    rows = list(instance.history.select_related("history_user").order_by("-history_date", "-history_id")[: limit + 1])
    entries: list[HistoryEntry] = []
    for i, row in enumerate(rows[:limit]):
        prev = rows[i + 1] if i + 1 < len(rows) else None
        changes: list[Change] = []
        if prev is not None and row.history_type == "~":
            delta = row.diff_against(prev)
            for c in delta.changes:
                field = instance._meta.get_field(c.field)
                changes.append(Change(str(field.verbose_name), _show(c.old), _show(c.new)))
        who = row.history_user.get_username() if row.history_user else "system"
        kind = {"+": "created", "~": "changed", "-": "deleted"}[row.history_type]
        # The history row of an event (a status move) is dated by the event, its writing beside (I-114).
        when = getattr(row, "event_at", row.history_date)
        note = recorded_note(when, row.history_date, who)
        entries.append(HistoryEntry(when, who, kind, row.history_change_reason or "", str(instance), changes, note))
    entries.sort(key=lambda e: e.when, reverse=True)
    return entries


def _show(value: Any) -> str:
    text = "" if value is None else str(value)
    return text if len(text) <= 120 else text[:117] + "…"
