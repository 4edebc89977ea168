"""The pretreatment dashboard panel: exceedances of the last 30 days, open §118-39 reviews, open violations."""

from __future__ import annotations

import datetime as dt

from django.http import HttpRequest
from django.utils import timezone

from sewerworks.core.dashboard import Panel, dashboard_panel
from sewerworks.enforcement.choices import Program
from sewerworks.enforcement.models import Violation
from sewerworks.pretreatment.choices import ReviewStatus
from sewerworks.pretreatment.models import EngineerReview, Exceedance, IndustrialUser


@dashboard_panel
def pretreatment_panel(request: HttpRequest) -> Panel | None:
    if not request.user.has_perm("pretreatment.view_pretreatment"):
        return None
    since = timezone.localdate() - dt.timedelta(days=30)
    context = {
        "users": IndustrialUser.objects.count(),
        "recent": Exceedance.objects.filter(day__gt=since).count(),
        "reviews": EngineerReview.objects.filter(status=ReviewStatus.OPEN).count(),
        "violations": Violation.objects.filter(program=Program.PRETREATMENT, corrected_on__isnull=True).count(),
    }
    return Panel("Industrial pretreatment (§118-37 – 118-43)", "pretreatment/_dashboard_panel.html", context, order=45)
