"""What engineering adds to the parcel page: the extensions whose parcel of record it is, with each month of
the Town Engineer's inspection billed to it (§118-31, I-141) and whether billing has posted it."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from sewerworks.core.records.sections import RecordSection, present, record_probe, record_section
from sewerworks.engineering.models import ExtensionProject
from sewerworks.registry.models import Parcel

record_probe("engineering_extensions", lambda pk: ExtensionProject.objects.filter(parcel_id=pk))


@record_section
def parcel_extensions(request: HttpRequest, subject: Any) -> RecordSection | None:
    if not isinstance(subject, Parcel) or not request.user.has_perm("engineering.view_engineering"):
        return None
    if not present(subject, "engineering_extensions"):
        return None
    projects = list(ExtensionProject.objects.filter(parcel=subject).prefetch_related("inspection_months__charge"))
    if not projects:
        return None
    return RecordSection("Sewer extensions built for this property (§ 118-31)", "engineering/_parcel_section.html",
                         {"projects": projects}, order=46)  # fmt: skip
