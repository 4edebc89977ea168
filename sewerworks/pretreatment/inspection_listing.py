"""The pretreatment program's entries for inspection (§118-45), listed beside the other inspections in the field
(``sewerworks.inspections.listing``); they stay in their own records until a later issue migrates them."""

from __future__ import annotations

from collections.abc import Iterable

from django.urls import reverse

from sewerworks.inspections.listing import Listed, register_listing
from sewerworks.pretreatment.models import InspectionVisit


def pretreatment_visits(parcel_id: int | None, limit: int) -> Iterable[Listed]:
    qs = InspectionVisit.objects.select_related("user__building")
    if parcel_id is not None:
        qs = qs.filter(user__building__parcel_id=parcel_id)
    for visit in qs.order_by("-visited_on", "-id")[:limit]:
        seen = visit.seen
        yield Listed(
            on=visit.visited_on,
            what="Entry for inspection (§118-45)",
            subject=str(visit.user),
            result=f"{len(seen)} prohibition(s) seen" if seen else "Nothing prohibited seen",
            by=f"{visit.visitor} ({visit.get_agency_display()})",
            url=reverse("pretreatment:user_detail", args=[visit.user_id]),
            source="pretreatment",
            parcel_id=visit.user.building.parcel_id,
        )


register_listing("pretreatment", permission="pretreatment.view_pretreatment", lister=pretreatment_visits)
