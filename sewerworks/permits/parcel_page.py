"""What the permits program adds to the parcel page: the permits on the parcel and where each stands."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from sewerworks.core.records.sections import RecordSection, present, record_probe, record_section
from sewerworks.permits.models import Permit
from sewerworks.permits.status import permits
from sewerworks.registry.models import Parcel

record_probe("permits", lambda pk: Permit.objects.filter(parcel_id=pk))


@record_section
def parcel_permits(request: HttpRequest, subject: Any) -> RecordSection | None:
    if not isinstance(subject, Parcel) or not request.user.has_perm("permits.view_permits"):
        return None
    if not present(subject, "permits"):
        return None
    rows = list(permits().filter(parcel=subject)[:50])
    if not rows:
        return None
    return RecordSection("Permits (§§ 118-7 to 118-18)", "permits/_parcel_section.html", {"rows": rows}, order=45)
