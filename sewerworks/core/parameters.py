"""The parameters in force: packaged Chapter 118 values plus Board resolutions recorded here.

The ordinance layer loads the jurisdiction's YAML; :class:`RecordedResolutions` is the second,
site-level source: values the Town Board set after installation, from their effective date.

``do_record_resolution`` refuses a bad value before it is stored. A bad row stored some other way (an
old version, the admin, a hand-made SQL fix) is set aside and reported (``ParameterSet.problems``, shown
on the resolutions screen and the ordinance browser, logged): only a determination that would read it,
on a day it claims, is refused with the reason; every other determination and the sweep still run.
"""

from __future__ import annotations

import contextlib
import contextvars
import json
import logging
import threading
from collections.abc import Iterable, Iterator
from typing import Any, cast

from django.conf import settings
from django.db import DatabaseError

from sewerworks.core.compiled import compiled
from sewerworks.ordinance.parameters import ParameterSet, Reference, SiteValue, load_jurisdiction
from sewerworks.ordinance.parameters.model import ReferenceKind

log = logging.getLogger(__name__)


# The columns of a recorded value that make a site value: the override's and its resolution's.
_COLUMNS = (
    "key",
    "effective",
    "value",
    "section",
    "resolution__kind",
    "resolution__instrument",
    "resolution__adopted_on",
    "resolution__title",
)
Row = tuple[Any, ...]


def _overrides(_: Any) -> Any:
    from sewerworks.core.models import ParameterOverride

    return ParameterOverride.objects.order_by("key", "effective", "pk").values_list(*_COLUMNS)


_OVERRIDES = compiled("recorded parameter values", _overrides)  # its SQL compiled once per process (issue 38)


def _recorded_rows() -> tuple[Row, ...]:
    return tuple(_OVERRIDES(None))


def _site_value(row: Row) -> SiteValue:
    key, effective, value, section, kind, instrument, adopted_on, title = row
    try:
        reference: Reference | None = Reference(
            kind=cast(ReferenceKind, kind),
            section=section or None,
            instrument=instrument,
            adopted=adopted_on,
            note=title,
        )
        problem = ""
    except ValueError as error:  # e.g. a section Chapter 118 does not have, stored by hand
        reference, problem = None, f"{instrument}: {error}"
    return SiteValue(key, effective, value, reference, problem)


class RecordedResolutions:
    """The ``ParameterSource`` of values set by resolutions recorded in the database (``rows``: already read)."""

    name = "recorded Town Board resolutions"

    def __init__(self, rows: tuple[Row, ...] | None = None) -> None:
        self.rows = rows

    def dated_values(self) -> Iterable[SiteValue]:
        for row in self.rows if self.rows is not None else _recorded_rows():
            yield _site_value(row)


# The merged parameters of the last few sets of recorded values, keyed by the rows themselves: one query a
# call reads the rows (so a value changed by any means, the admin or a hand-made SQL fix included, is seen
# at once), and the packaged law is laid under them again only when they differ (issue 19: a dashboard
# asked for the parameters 23 times, and each time re-checked every recorded value).
_MERGED: dict[tuple[str, str], ParameterSet] = {}
_MERGED_MAX = 8
_merged_lock = threading.Lock()


_held: contextvars.ContextVar[ParameterSet | None] = contextvars.ContextVar("held_parameters", default=None)


@contextlib.contextmanager
def parameters_read_once() -> Iterator[ParameterSet]:
    """Inside the block, :func:`current_parameters` answers the set read on entering it, with no query: for
    a read-only screen that runs a determination per row (the grease program's list and panel). Never
    around code that records a resolution: it would not see it."""
    params = current_parameters()
    token = _held.set(params)
    try:
        yield params
    finally:
        _held.reset(token)


def current_parameters() -> ParameterSet:
    """Packaged parameters of the configured jurisdiction, overridden by recorded resolutions."""
    held = _held.get()
    if held is not None:
        return held
    jurisdiction = settings.SEWERWORKS_JURISDICTION
    try:
        rows = _recorded_rows()
    except DatabaseError:  # not migrated yet: the packaged law still applies
        return load_jurisdiction(jurisdiction)
    if not rows:
        return load_jurisdiction(jurisdiction)
    fingerprint = (jurisdiction, json.dumps(rows, sort_keys=True, default=str))
    params = _MERGED.get(fingerprint)
    if params is None:
        params = load_jurisdiction(jurisdiction, sources=[RecordedResolutions(rows)], lenient=True)
        with _merged_lock:
            if len(_MERGED) >= _MERGED_MAX:
                _MERGED.clear()
            _MERGED[fingerprint] = params
    for problem in params.problems:
        log.error("A recorded Board resolution value is set aside: %s", problem)
    return params
