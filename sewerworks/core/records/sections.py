"""Sections other apps add to a record's page (the parcel page first): billing its ledger and balance,
later programs theirs. The registry's page asks every registered source; it never imports the apps.

A source is ``(request, subject) -> RecordSection | None`` (None: nothing to show, or not allowed).

Probes (issue 19): an app may also register a named ``Exists`` over its records of the subject, with
:func:`record_probe`; the page reads all of them with the subject itself (:func:`probe_columns`, issue 38),
and a section or timeline source whose records are absent skips its queries (:func:`present`). A subject
read without the probes is taken to have everything: the sources then read as they always did.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Exists
from django.http import HttpRequest

from sewerworks.core.compiled import SENTINEL


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


Probe = Callable[[Any], Any]  # (the subject's pk) -> a queryset of the app's records of that subject
_PROBES: dict[str, tuple[str, Probe]] = {}


def record_probe(name: str, probe: Probe, *, subject: str = "registry.parcel") -> None:
    """Register ``probe`` under ``name`` (e.g. "billing_ledger"): the records of a ``subject`` (a model
    label) whose absence lets that app's section and timeline source skip their queries. The probe compares
    a column with the pk it is given (the pk itself or its text), nothing else: its SQL is compiled once with
    a stand-in for the pk, which each request replaces. Register at import (an app's module loaded by its
    ``ready()``): a page compiles its probes on its first request."""
    _PROBES[name] = (subject, probe)


def probe_columns(label: str) -> dict[str, Any]:
    """The probes of ``label`` as annotations ``has_<name>`` of a query that reads the subject itself, with
    the same stand-in for the pk: for a read compiled once (``core.compiled``), which puts the subject's pk in
    place of the stand-in, so the subject and its probes come in one query (the parcel page)."""
    return {f"has_{name}": Exists(probe(SENTINEL)) for name, (subject, probe) in _PROBES.items() if subject == label}


def present(subject: Any, name: str) -> bool:
    """Whether ``subject`` may have the records of probe ``name``: False only when it was read with the probe
    and the probe found none."""
    return bool(getattr(subject, f"has_{name}", True))


def prefetched(subject: Any, name: str, fallback: Any) -> list[Any]:
    """The related rows ``name`` of ``subject`` its page prefetched (``prefetch_related``), else ``fallback``
    (a queryset, or a function making it: made only when needed) read now: a section or timeline source
    uses the page's rows instead of reading them again."""
    cache = getattr(subject, "_prefetched_objects_cache", {})
    if name in cache:
        return list(cache[name])
    return list(fallback() if callable(fallback) else fallback)


def hold(subject: Any, name: str, rows: list[Any]) -> None:
    """Keep ``rows`` as ``subject``'s related rows ``name`` (a reverse foreign key's related name), as
    ``prefetch_related`` keeps them: ``subject.<name>.all()`` and :func:`prefetched` then answer them with no
    query. For rows read otherwise than by a prefetch (``core.compiled``)."""
    rows = list(rows)
    field = getattr(type(subject), name).field  # the rows' foreign key to the subject: known, as a prefetch knows it
    for row in rows:
        field.set_cached_value(row, subject)
    queryset = getattr(subject, name).all()
    queryset._result_cache = rows
    queryset._prefetch_done = True
    if not hasattr(subject, "_prefetched_objects_cache"):
        subject._prefetched_objects_cache = {}
    subject._prefetched_objects_cache[name] = queryset


def sections_for(request: HttpRequest, subject: Any) -> list[RecordSection]:
    out = [s for s in (source(request, subject) for source in _SOURCES) if s is not None]
    return sorted(out, key=lambda s: s.order)
