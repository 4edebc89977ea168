"""Sections other apps add to a record's page (the parcel page first): billing its ledger and balance,
later programs theirs. The registry's page asks every registered source; it never imports the apps.

A source is ``(request, subject) -> RecordSection | None`` (None: nothing to show, or not allowed).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.http import HttpRequest


@dataclass
class RecordSection:
    title: str
    template: str
    context: dict[str, Any] = field(default_factory=dict)
    order: int = 100


SectionSource = Callable[[HttpRequest, Any], "RecordSection | None"]
_SOURCES: list[SectionSource] = []


def record_section(func: SectionSource) -> SectionSource:
    """Decorator: register a section shown on record pages."""
    _SOURCES.append(func)
    return func


def sections_for(request: HttpRequest, subject: Any) -> list[RecordSection]:
    out = [s for s in (source(request, subject) for source in _SOURCES) if s is not None]
    return sorted(out, key=lambda s: s.order)
