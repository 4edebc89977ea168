"""The permits dashboard: the figures (fees awaited, reviews, construction, county inspections overdue,
§118-9, I-89) and each role's permit work (I-113), from the same queues as the permit list: the clerk
records fees and the county's inspection, the reviewers decide, the inspector inspects construction."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

from django.http import HttpRequest
from django.urls import reverse

from sewerworks.core.access.roles import (
    BOARD_MEMBER,
    BUILDING_INSPECTOR,
    CLERK,
    INSPECTOR,
    SUPERINTENDENT,
    TOWN_ENGINEER,
)
from sewerworks.core.web.dashboard import Panel, WorkItem, dashboard_panel, my_work
from sewerworks.enforcement.choices import Program
from sewerworks.permits.status import queue

PERMIT_ROLES = [CLERK, SUPERINTENDENT, TOWN_ENGINEER, INSPECTOR, BUILDING_INSPECTOR, BOARD_MEMBER]

# role -> the queues whose permits are that role's to move, what to do, the link's words, the section
WORK: dict[str, list[tuple[str, str, str, str, str]]] = {
    CLERK: [
        ("fee", "Record the § 118-15 fee", "Record the fee", "#fee-h", "118-15"),
        ("county", "Record the county's final inspection (48 hours passed)", "Record the inspection", "#county-h",
         "118-9"),
    ],  # fmt: skip
    SUPERINTENDENT: [("review", "Decide the application for the Sewer Department", "Review it", "#decide-h", "118-15")],
    TOWN_ENGINEER: [("review", "Decide the application as Town Engineer", "Review it", "#decide-h", "118-15")],
    INSPECTOR: [("construction", "Inspect the building sewer's construction", "Inspect it", "#pipeline-h", "118-25")],
}


@dashboard_panel(roles=PERMIT_ROLES)
def permits_panel(request: HttpRequest) -> Panel | None:
    if not request.user.has_perm("permits.view_permits"):
        return None
    context = {name: queue(name).count() for name in ("fee", "review", "construction", "county", "open")}
    return Panel("Permits (§§ 118-7 to 118-18)", "permits/_dashboard_panel.html", context, order=45)


def _permit_work(role: str) -> Any:
    def work(user: Any, today: dt.date) -> Iterator[WorkItem]:
        for name, title, action, anchor, section in WORK[role]:
            for permit in queue(name).order_by("filed_on", "id"):
                yield WorkItem(
                    title=title, subject=f"{permit} · {permit.parcel.tax_map_number}", action=action,
                    url=reverse("permits:detail", args=[permit.pk]) + anchor, program=Program.PERMITS.label,
                    section=section, note=f"Filed {permit.filed_on:%b %-d, %Y}",
                )  # fmt: skip

    work.__name__ = work.__qualname__ = f"permit_work_{role.replace(' ', '_')}"
    return my_work(roles=[role])(work)


for _role in WORK:
    _permit_work(_role)
