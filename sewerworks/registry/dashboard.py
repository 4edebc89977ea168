"""The registry's dashboard panel: the district at a glance, by improvement area; and the Water
Superintendent's work (I-113): the meters in place that no one has certified (§118-25)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

from django.db.models import Count, Q
from django.http import HttpRequest
from django.urls import reverse

from sewerworks.core.access.roles import WATER_SUPERINTENDENT
from sewerworks.core.web.dashboard import Panel, WorkItem, dashboard_panel, my_work
from sewerworks.registry.models import ImprovementArea, WaterMeter


@dashboard_panel
def district_panel(request: HttpRequest) -> Panel | None:
    if not request.user.has_perm("registry.view_parcel"):
        return None
    areas = ImprovementArea.objects.annotate(
        parcel_count=Count("parcels", distinct=True),
        connected=Count("parcels__buildings__connection", filter=Q(parcels__buildings__connection__status="connected"),
                        distinct=True),
        unsewered=Count("parcels__buildings__connection",
                        filter=~Q(parcels__buildings__connection__status="connected"), distinct=True),
    ).order_by("name")
    return Panel("Sewer Improvement Areas", "registry/_dashboard_panel.html", {"areas": areas}, order=50)


@my_work(roles=[WATER_SUPERINTENDENT])
def meter_work(user: Any, today: dt.date) -> Iterator[WorkItem]:
    """Meters installed and not removed that are not certified (§118-25), each with its certify form."""
    meters = WaterMeter.objects.filter(certified_on__isnull=True, removed_on__isnull=True, installed_on__isnull=False)
    for meter in meters.select_related("account__parcel").order_by("installed_on", "id"):
        parcel = meter.account.parcel
        yield WorkItem(
            title=f"Certify meter {meter.serial}", subject=f"{parcel.tax_map_number} · {meter.account}",
            url=reverse("registry:meter_certify", args=[meter.pk]), action="Certify the meter",
            program="Meters (§118-25)", section="118-25", note=f"Installed {meter.installed_on:%b %-d, %Y}",
        )  # fmt: skip
