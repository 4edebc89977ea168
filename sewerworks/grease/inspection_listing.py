"""The grease program's interceptor inspections (§118-38), listed beside the other inspections in the field
(``sewerworks.inspections.listing``); they stay in their own records until a later issue migrates them."""

from __future__ import annotations

from collections.abc import Iterable

from django.urls import reverse

from sewerworks.grease.models import GreaseInspection
from sewerworks.inspections.listing import Listed, register_listing


def grease_inspections(parcel_id: int | None, limit: int) -> Iterable[Listed]:
    qs = GreaseInspection.objects.select_related("interceptor__establishment__building", "inspector")
    if parcel_id is not None:
        qs = qs.filter(interceptor__establishment__building__parcel_id=parcel_id)
    for row in qs.order_by("-inspected_at", "-id")[:limit]:
        establishment = row.interceptor.establishment
        yield Listed(
            on=row.inspected_at.date(),
            what="Grease interceptor (§118-38)",
            subject=str(establishment.building),
            result=row.get_outcome_display(),
            by=str(row.inspector),
            url=reverse("grease:establishment_detail", args=[establishment.pk]),
            source="grease",
            parcel_id=establishment.building.parcel_id,
        )


register_listing("grease", permission="grease.view_grease", lister=grease_inspections)
