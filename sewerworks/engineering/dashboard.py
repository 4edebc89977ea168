"""The engineering dashboard panel: extensions under review, designs failing the review, approvals awaited."""

from __future__ import annotations

from django.http import HttpRequest

from sewerworks.core.dashboard import Panel, dashboard_panel
from sewerworks.engineering.choices import ProjectStatus, ReviewOutcome
from sewerworks.engineering.models import ExtensionProject


@dashboard_panel
def engineering_panel(request: HttpRequest) -> Panel | None:
    if not request.user.has_perm("engineering.view_engineering"):
        return None
    under_review = list(ExtensionProject.objects.filter(status=ProjectStatus.UNDER_REVIEW).order_by("name"))
    latest = [(p, p.latest_revision()) for p in under_review]
    context = {
        "under_review": len(under_review),
        "failing": [(p, r) for p, r in latest if r is not None and r.outcome == ReviewOutcome.FAILS],
        "awaiting": sum(1 for p in under_review if p.missing_approvals()),
        "approved": ExtensionProject.objects.filter(status=ProjectStatus.APPROVED).count(),
    }
    return Panel("Sewer extensions (§118-29 – 33)", "engineering/_dashboard_panel.html", context, order=50)
