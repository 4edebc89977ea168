"""The list of establishments (search and filter) and the establishment page (the trap's fill history chart
with its limit lines, the pump-out log, the record-keeping check, the prediction, the open case)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import permission_required
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone

from sewerworks.core.documents.charts import Limit, Point
from sewerworks.core.parameters import current_parameters
from sewerworks.grease.models import FoodServiceEstablishment
from sewerworks.grease.readings import category, prediction, requirement
from sewerworks.grease.status import establishments, standing, standings
from sewerworks.registry.models import ImprovementArea

view_required = permission_required("grease.view_grease", raise_exception=True)

SHOWS = {
    "": "All",
    "due": "Pump-out due (notice open)",
    "order": "Open 72-hour orders",
    "overdue": "Overdue",
    "predicted": "Predicted due within 30 days",
    "gaps": "Record-keeping gaps",
}


def _shown(rows: list[Any], show: str, today: Any) -> list[Any]:
    keep = {
        "due": lambda s: s.violation is not None and not s.order_open,
        "order": lambda s: s.order_open,
        "overdue": lambda s: s.overdue,
        "predicted": lambda s: s.predicted_within(today),
        "gaps": lambda s: s.log_gap,
    }.get(show)
    return [s for s in rows if keep(s)] if keep else rows


@view_required
def establishment_list(request: HttpRequest) -> HttpResponse:
    today = timezone.localdate()
    q = request.GET.get("q", "").strip()[:100]
    area = request.GET.get("area", "")
    show = request.GET.get("show", "")
    qs = establishments()
    if q:
        qs = qs.filter(
            Q(building__name__icontains=q)
            | Q(building__parcel__street_name__icontains=q)
            | Q(building__parcel__tax_map_number__icontains=q)
        )
    if area:
        qs = qs.filter(building__parcel__improvement_area__code=area)
    rows = _shown(standings(today, qs), show if show in SHOWS else "", today)
    page = Paginator(rows, 50).get_page(request.GET.get("page"))
    context = {
        "page": page,
        "q": q,
        "area": area,
        "show": show,
        "shows": SHOWS,
        "areas": ImprovementArea.objects.order_by("name"),
        "today": today,
    }
    return render(request, "grease/establishment_list.html", context)


def fill_chart(establishment: FoodServiceEstablishment) -> dict[str, Any]:
    """The fill found at each inspection of the current trap, with the 80% and 100% lines (I-36)."""
    interceptor = establishment.current_interceptor()
    if interceptor is None:
        return {"points": [], "limits": []}
    due = current_parameters().at(timezone.localdate()).number("grease.pump_out_fill")
    points = [
        Point(timezone.localtime(i.inspected_at).date(), i.fill_percent, note=i.get_outcome_display())
        for i in interceptor.inspections.order_by("inspected_at")
    ]
    return {"points": points, "limits": [Limit(due, f"Pump-out due, {due}%"), Limit(100, "Capacity, 100%")]}


def establishment_context(request: HttpRequest, establishment: FoodServiceEstablishment) -> dict[str, Any]:
    today = timezone.localdate()
    state = standing(establishment, today)
    interceptor = state.interceptor
    user = request.user
    return {
        "e": establishment,
        "state": state,
        "category": category(establishment, interceptor),
        "requirement": requirement(establishment, today),
        "prediction": prediction(interceptor, today) if interceptor else None,
        "chart": fill_chart(establishment),
        "inspections": interceptor.inspections.select_related("inspector", "notice").order_by("-inspected_at")
        if interceptor
        else [],
        "pump_outs": interceptor.pump_outs.select_related("hauler").order_by("-pumped_on") if interceptor else [],
        "earlier": establishment.interceptors.exclude(removed_on=None),
        "can": {
            "inspect": user.has_perm("grease.record_inspection"),
            "pump": user.has_perm("grease.record_pump_out"),
            "interceptor": user.has_perm("grease.record_interceptor"),
            "enforcement": user.has_perm("enforcement.view_enforcement"),
        },
    }


@view_required
def establishment_detail(request: HttpRequest, pk: int) -> HttpResponse:
    establishment = get_object_or_404(establishments(), pk=pk)
    return render(request, "grease/establishment_detail.html", establishment_context(request, establishment))
