"""What the grease program adds to the parcel page: the establishments on it and where each stands."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils import timezone

from sewerworks.core.records.sections import RecordSection, present, record_probe, record_section
from sewerworks.grease.models import FoodServiceEstablishment
from sewerworks.grease.status import establishments, standings
from sewerworks.registry.models import Parcel

record_probe("grease", lambda pk: FoodServiceEstablishment.objects.filter(building__parcel_id=pk))


@record_section
def parcel_grease(request: HttpRequest, subject: Any) -> RecordSection | None:
    if not isinstance(subject, Parcel) or not request.user.has_perm("grease.view_grease"):
        return None
    if not present(subject, "grease"):
        return None
    rows = standings(timezone.localdate(), establishments().filter(building__parcel=subject))
    if not rows:
        return None
    return RecordSection("Grease interceptors (§118-38)", "grease/_parcel_section.html", {"rows": rows}, order=40)
