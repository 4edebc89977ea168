"""The parameters in force: packaged Chapter 118 values plus Board resolutions recorded here.

The ordinance layer loads the jurisdiction's YAML; :class:`RecordedResolutions` is the second,
site-level source: values the Town Board set after installation, from their effective date.

``do_record_resolution`` refuses a bad value before it is stored. A bad row stored some other way (an
old version, the admin, a hand-made SQL fix) is set aside and reported (``ParameterSet.problems``, shown
on the resolutions screen and the ordinance browser, logged): only a determination that would read it,
on a day it claims, is refused with the reason; every other determination and the sweep still run.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import cast

from django.conf import settings
from django.db import DatabaseError

from sewerworks.ordinance.parameters import ParameterSet, Reference, SiteValue, load_jurisdiction
from sewerworks.ordinance.parameters.model import ReferenceKind

log = logging.getLogger(__name__)


class RecordedResolutions:
    """The ``ParameterSource`` of values set by resolutions recorded in the database."""

    name = "recorded Town Board resolutions"

    def dated_values(self) -> Iterable[SiteValue]:
        from sewerworks.core.models import ParameterOverride

        rows = ParameterOverride.objects.select_related("resolution").order_by("key", "effective")
        for row in rows:
            res = row.resolution
            try:
                reference: Reference | None = Reference(
                    kind=cast(ReferenceKind, res.kind),
                    section=row.section or None,
                    instrument=res.instrument,
                    adopted=res.adopted_on,
                    note=res.title,
                )
                problem = ""
            except ValueError as error:  # e.g. a section Chapter 118 does not have, stored by hand
                reference, problem = None, f"{res.instrument}: {error}"
            yield SiteValue(row.key, row.effective, row.value, reference, problem)


def current_parameters() -> ParameterSet:
    """Packaged parameters of the configured jurisdiction, overridden by recorded resolutions."""
    jurisdiction = settings.SEWERWORKS_JURISDICTION
    try:
        from sewerworks.core.models import ParameterOverride

        if not ParameterOverride.objects.exists():
            return load_jurisdiction(jurisdiction)
    except DatabaseError:  # not migrated yet: the packaged law still applies
        return load_jurisdiction(jurisdiction)
    params = load_jurisdiction(jurisdiction, sources=[RecordedResolutions()], lenient=True)
    for problem in params.problems:
        log.error("A recorded Board resolution value is set aside: %s", problem)
    return params
