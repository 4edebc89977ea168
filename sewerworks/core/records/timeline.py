"""The timeline of a record: events and decisions from every app, newest first, by when they happened.

``when`` is the event's date (the notice's service, the deadline's decision, the violation's discovery),
never the moment its row was written; a source that knows when the row was recorded and by whom gives
``recorded_at``/``recorded_by``, shown beside the event when the two differ by more than a day (I-114).

An app registers a source ``(subject) -> Iterable[TimelineEvent]``; the parcel page asks every source.
Enforcement adds its notices, billing its bills and payments, permits their inspections.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from sewerworks.core.records.events import recorded_note
from sewerworks.core.records.sections import present, record_probe


@dataclass(frozen=True)
class TimelineEvent:
    when: dt.date | dt.datetime
    kind: str  # e.g. "ownership", "connection", "decision", "notice", "change"
    title: str
    detail: str = ""
    section: str = ""  # Chapter 118 section, e.g. "118-5"
    url: str = ""
    recorded_at: dt.datetime | None = None
    recorded_by: str = ""

    @property
    def recorded_note(self) -> str:
        """ "recorded 2026-12-02 by clerk" when the row was written more than a day from the event."""
        return recorded_note(self.when, self.recorded_at, self.recorded_by or None)

    @property
    def sort_key(self) -> dt.datetime:
        """Local wall-clock time of the event; a bare date is its noon, as ``core.records.events.as_moment``."""
        if isinstance(self.when, dt.datetime):
            local = timezone.localtime(self.when) if timezone.is_aware(self.when) else self.when
            return local.replace(tzinfo=None)
        return dt.datetime.combine(self.when, dt.time(12))


TimelineSource = Callable[[Any], Iterable[TimelineEvent]]
_SOURCES: list[TimelineSource] = []


def timeline_source(func: TimelineSource) -> TimelineSource:
    _SOURCES.append(func)
    return func


def timeline_for(subject: Any, *, limit: int = 200) -> list[TimelineEvent]:
    events: list[TimelineEvent] = []
    for source in _SOURCES:
        events.extend(source(subject))
    events.sort(key=lambda e: e.sort_key, reverse=True)
    return events[:limit]


def _decisions_probe(pk: Any) -> Any:
    from sewerworks.core.models import StoredDecision

    return StoredDecision.objects.filter(subject_type="registry.parcel", subject_id=str(pk))


record_probe("decisions", _decisions_probe)


@timeline_source
def stored_decisions(subject: Any) -> Iterable[TimelineEvent]:
    from sewerworks.core.models import StoredDecision

    if not present(subject, "decisions"):
        return
    label = f"{subject._meta.app_label}.{subject._meta.model_name}"
    for d in StoredDecision.objects.filter(subject_type=label, subject_id=str(subject.pk)).select_related("made_by")[
        :50
    ]:
        sections = d.sections
        made_on = timezone.localdate(d.made_at)
        yield TimelineEvent(
            min(d.as_of, made_on),  # the day of the act it decided; a look ahead is dated when made (I-114)
            "decision",
            f"Determination {d.topic}: {d.outcome}",
            d.summary,
            sections[0] if sections else "",
            recorded_at=d.made_at,
            recorded_by=d.made_by.get_username() if d.made_by else "",
        )
