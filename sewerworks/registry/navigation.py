"""What the registry adds to the navigation and the header's search box (registered at start-up)."""

from __future__ import annotations

from sewerworks.core.determinations.prefill import register_parcel_label
from sewerworks.core.web.navigation import (
    NavEntry,
    RecordAction,
    SearchBox,
    register_nav,
    register_record_action,
    register_search,
)

register_nav(NavEntry("Registry", "registry:parcel_list", "registry.view_registry", order=10))
register_search(SearchBox("registry:search", "registry.view_parcel"))


def _parcel_label(parcel_id: int) -> str | None:
    from sewerworks.registry.models import Parcel

    parcel = Parcel.objects.filter(pk=parcel_id).first()
    return None if parcel is None else f"{parcel.address or 'no street address'} ({parcel.tax_map_number})"


register_parcel_label(_parcel_label)
register_record_action(
    RecordAction(
        "registry.parcel",
        "Determine with this parcel's facts",
        "core:determinations_for_parcel",
        ("core.run_determination",),
        order=90,
        style="btn-outline-secondary",
    )
)
