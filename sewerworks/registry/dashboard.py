"""The registry's dashboard panel: the district at a glance, by improvement area."""

from __future__ import annotations

from django.db.models import Count, Q
from django.http import HttpRequest

from sewerworks.core.dashboard import Panel, dashboard_panel
from sewerworks.registry.models import ImprovementArea


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
