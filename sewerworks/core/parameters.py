"""The parameters in force: packaged Chapter 118 values plus Board resolutions recorded here.

The ordinance layer loads the jurisdiction's YAML; :class:`RecordedResolutions` is the second,
site-level source: values the Town Board set after installation, from their effective date.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from django.conf import settings
from django.db import DatabaseError

from sewerworks.ordinance.parameters import ParameterSet, Reference, SiteValue, load_jurisdiction
from sewerworks.ordinance.parameters.model import ReferenceKind


class RecordedResolutions:
    """The ``ParameterSource`` of values set by resolutions recorded in the database."""

    name = "recorded Town Board resolutions"

    def dated_values(self) -> Iterable[SiteValue]:
        from sewerworks.core.models import ParameterOverride

        rows = ParameterOverride.objects.select_related("resolution").order_by("key", "effective")
        for row in rows:
            res = row.resolution
            yield SiteValue(
                key=row.key,
                effective=row.effective,
                value=row.value,
                reference=Reference(
                    kind=cast(ReferenceKind, res.kind),
                    section=row.section or None,
                    instrument=res.instrument,
                    adopted=res.adopted_on,
                    note=res.title,
                ),
            )


def current_parameters() -> ParameterSet:
    """Packaged parameters of the configured jurisdiction, overridden by recorded resolutions."""
    jurisdiction = settings.SEWERWORKS_JURISDICTION
    try:
        from sewerworks.core.models import ParameterOverride

        if not ParameterOverride.objects.exists():
            return load_jurisdiction(jurisdiction)
    except DatabaseError:  # not migrated yet: the packaged law still applies
        return load_jurisdiction(jurisdiction)
    return load_jurisdiction(jurisdiction, sources=[RecordedResolutions()])
