"""The permits dashboard panel: fees awaited, reviews, construction, county inspections overdue (§118-9, I-89)."""

from __future__ import annotations

from django.http import HttpRequest

from sewerworks.core.dashboard import Panel, dashboard_panel
from sewerworks.permits.status import queue


@dashboard_panel
def permits_panel(request: HttpRequest) -> Panel | None:
    if not request.user.has_perm("permits.view_permits"):
        return None
    context = {name: queue(name).count() for name in ("fee", "review", "construction", "county", "open")}
    return Panel("Permits (§§ 118-7 to 118-18)", "permits/_dashboard_panel.html", context, order=45)
