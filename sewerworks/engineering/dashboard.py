"""The engineering dashboard: extensions under review, designs failing the review, approvals awaited, those
under construction and any stop-work order open; and the work (I-113): the Town Engineer's plans awaiting
the §118-29 approval, the clerk's months of inspection to bill (§118-31, I-141)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

from django.http import HttpRequest
from django.urls import reverse

from sewerworks.core.access.roles import BOARD_MEMBER, CLERK, SUPERINTENDENT, TOWN_ENGINEER
from sewerworks.core.web.dashboard import Panel, WorkItem, dashboard_panel, my_work
from sewerworks.enforcement.choices import Program
from sewerworks.engineering.actions.inspection_bills import unbilled_months
from sewerworks.engineering.choices import Authority, ProjectStatus, ReviewOutcome
from sewerworks.engineering.models import ExtensionProject, StopWorkOrder


@dashboard_panel(roles=[TOWN_ENGINEER, SUPERINTENDENT, CLERK, BOARD_MEMBER])
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
        "building": ExtensionProject.objects.filter(status=ProjectStatus.UNDER_CONSTRUCTION).count(),
        "stopped": list(StopWorkOrder.objects.filter(lifted_on__isnull=True).select_related("project")),
    }
    return Panel("Sewer extensions (§118-29 – 33)", "engineering/_dashboard_panel.html", context, order=50)


@my_work(roles=[TOWN_ENGINEER])
def engineering_work(user: Any, today: dt.date) -> Iterator[WorkItem]:
    """Extensions under review whose plans still await the Town Engineer's approval (§118-29)."""
    for project in ExtensionProject.objects.filter(status=ProjectStatus.UNDER_REVIEW).order_by("name"):
        if Authority.TOWN_ENGINEER not in project.missing_approvals():
            continue
        latest = project.latest_revision()
        outcome = f"latest design: {latest.get_outcome_display().lower()}" if latest is not None else "no design yet"
        yield WorkItem(
            title="Review and approve the extension's plans", subject=project.name, action="Review the plans",
            url=reverse("engineering:project_detail", args=[project.pk]) + "#facts-h",
            program=Program.ENGINEERING.label, section="118-29", note=outcome.capitalize(),
        )  # fmt: skip


@my_work(roles=[CLERK])
def inspection_bills_work(user: Any, today: dt.date) -> Iterator[WorkItem]:
    """Each ended month of the Town Engineer's inspection not yet billed to who builds (§118-31, I-141)."""
    for project in ExtensionProject.objects.filter(status=ProjectStatus.UNDER_CONSTRUCTION).order_by("name"):
        for month in unbilled_months(project, today):
            yield WorkItem(
                title=f"Bill {month:%B %Y}'s inspection", subject=project.name, action="Bill the month",
                url=reverse("engineering:construction", args=[project.pk]) + "#bills-h",
                program=Program.ENGINEERING.label, section="118-31",
                note=f"To parcel {project.parcel.tax_map_number}" if project.parcel else "No parcel of record",
            )  # fmt: skip
