"""The pretreatment dashboard: exceedances of the last 30 days, open §118-39 reviews, open violations; and
the Town Engineer's work (I-113): each open §118-39 review, one click to decide it."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone

from sewerworks.core.access.roles import BOARD_MEMBER, CLERK, INSPECTOR, SUPERINTENDENT, TOWN_ENGINEER
from sewerworks.core.web.dashboard import Panel, WorkItem, dashboard_panel, my_work
from sewerworks.enforcement.choices import Program
from sewerworks.enforcement.models import Violation
from sewerworks.pretreatment.choices import ReviewStatus
from sewerworks.pretreatment.models import EngineerReview, Exceedance, IndustrialUser


@dashboard_panel(roles=[TOWN_ENGINEER, SUPERINTENDENT, INSPECTOR, CLERK, BOARD_MEMBER])
def pretreatment_panel(request: HttpRequest) -> Panel | None:
    if not request.user.has_perm("pretreatment.view_pretreatment"):
        return None
    since = timezone.localdate() - dt.timedelta(days=30)
    context = {
        "users": IndustrialUser.objects.count(),
        "recent": Exceedance.objects.filter(day__gt=since, withdrawn_by=None).count(),
        "reviews": EngineerReview.objects.filter(status=ReviewStatus.OPEN).count(),
        "violations": Violation.objects.filter(program=Program.PRETREATMENT, corrected_on__isnull=True).count(),
    }
    return Panel("Industrial pretreatment (§118-37 – 118-43)", "pretreatment/_dashboard_panel.html", context, order=45)


@my_work(roles=[TOWN_ENGINEER])
def review_work(user: Any, today: dt.date) -> Iterator[WorkItem]:
    """Open §118-39 reviews: the Town Engineer decides each one."""
    reviews = EngineerReview.objects.filter(status=ReviewStatus.OPEN).select_related("user")
    for review in reviews.order_by("opened_on", "id"):
        yield WorkItem(
            title="Decide the §118-39 review", subject=str(review.user), action="Decide the review",
            url=reverse("pretreatment:review_decide", args=[review.pk]), program=Program.PRETREATMENT.label,
            section="118-39", note=f"Opened {review.opened_on:%b %-d, %Y}",
        )  # fmt: skip
