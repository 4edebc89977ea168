"""The timeline of a record: events and decisions from every app, newest first.

An app registers a source ``(subject) -> Iterable[TimelineEvent]``; the parcel page asks every source.
Enforcement adds its notices, billing its bills and payments, permits their inspections.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class TimelineEvent:
    when: dt.date | dt.datetime
    kind: str  # e.g. "ownership", "connection", "decision", "notice", "change"
    title: str
    detail: str = ""
    section: str = ""  # Chapter 118 section, e.g. "118-5"
    url: str = ""

    @property
    def sort_key(self) -> dt.datetime:
        if isinstance(self.when, dt.datetime):
            return self.when.replace(tzinfo=None)
        return dt.datetime.combine(self.when, dt.time.min)


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


@timeline_source
def stored_decisions(subject: Any) -> Iterable[TimelineEvent]:
    from sewerworks.core.models import StoredDecision

    label = f"{subject._meta.app_label}.{subject._meta.model_name}"
    for d in StoredDecision.objects.filter(subject_type=label, subject_id=str(subject.pk))[:50]:
        sections = d.sections
        yield TimelineEvent(
            d.made_at, "decision", f"Determination {d.topic}: {d.outcome}", d.summary, sections[0] if sections else ""
        )
