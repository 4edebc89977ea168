"""The grease program's dashboard panel: pump-outs due (notice open), overdue, open 72-hour orders, the
appearance tickets asked for, record-keeping gaps, and the pump-outs predicted within 30 days."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils import timezone

from sewerworks.core.dashboard import Panel, dashboard_panel
from sewerworks.enforcement.choices import Program
from sewerworks.enforcement.models import FollowUp
from sewerworks.grease.status import standings


@dashboard_panel
def grease_panel(request: HttpRequest) -> Panel | None:
    if not request.user.has_perm("grease.view_grease"):
        return None
    today = timezone.localdate()
    rows = standings(today)
    context = {
        "due": sum(1 for s in rows if s.violation is not None and not s.order_open),
        "overdue": sum(1 for s in rows if s.overdue),
        "orders": sum(1 for s in rows if s.order_open),
        "tickets": FollowUp.objects.filter(
            kind="appearance_ticket", done_on__isnull=True, deadline__program=Program.GREASE
        ).count(),
        "gaps": sum(1 for s in rows if s.log_gap),
        "predicted": [s for s in rows if s.predicted_within(today) and s.violation is None][:5],
        "count": len(rows),
    }
    return Panel("Grease program (§118-38)", "grease/_dashboard_panel.html", context, order=40)
