"""The permit queue: per role by default, filtered by queue, kind, status and a search."""

from __future__ import annotations

from django.contrib.auth.decorators import permission_required
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from sewerworks.permits.choices import PermitKind
from sewerworks.permits.pipelines import STATUSES
from sewerworks.permits.status import QUEUES, default_queue, queue

view_required = permission_required("permits.view_permits", raise_exception=True)


@view_required
def permit_queue(request: HttpRequest) -> HttpResponse:
    name = request.GET.get("queue", default_queue(request.user) if "queue" not in request.GET else "")
    name = name if name in QUEUES else ""
    kind = request.GET.get("kind", "")
    status = request.GET.get("status", "")
    q = request.GET.get("q", "").strip()[:100]
    qs = queue(name)
    if kind in PermitKind.values:
        qs = qs.filter(kind=kind)
    if status in STATUSES:
        qs = qs.filter(status=status)
    if q:
        qs = qs.filter(
            Q(applicant__icontains=q) | Q(parcel__street_name__icontains=q) | Q(parcel__tax_map_number__icontains=q)
        )
    page = Paginator(qs, 50).get_page(request.GET.get("page"))
    context = {
        "page": page,
        "queue": name,
        "queues": QUEUES,
        "kind": kind,
        "kinds": PermitKind.choices,
        "status": status,
        "statuses": STATUSES,
        "q": q,
    }
    return render(request, "permits/queue.html", context)
