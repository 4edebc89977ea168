"""What inspections add to the parcel page: every inspection on the property, whatever program keeps it."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from sewerworks.core.records.sections import RecordSection, present, record_probe, record_section
from sewerworks.inspections.listing import listed
from sewerworks.inspections.models import Inspection
from sewerworks.registry.models import Parcel

record_probe("inspections", lambda pk: Inspection.objects.filter(parcel_id=pk))


@record_section
def parcel_inspections(request: HttpRequest, subject: Any) -> RecordSection | None:
    if not isinstance(subject, Parcel) or not request.user.has_perm("inspections.view_inspections"):
        return None
    if not present(subject, "inspections"):
        return None
    rows = [r for r in listed(request.user, parcel_id=subject.pk, limit=50) if r.source == "inspections"]
    if not rows:
        return None
    return RecordSection(
        "Inspections in the field (§§ 118-24 to 118-28)", "inspections/_parcel_section.html", {"rows": rows}, order=46
    )
