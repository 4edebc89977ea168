"""The notice and the fine statement as PDF, shown in the browser (anyone with an enforcement role)."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.decorators import permission_required
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404

from sewerworks.core.determinations.run import LawNotInForce
from sewerworks.core.documents.responses import pdf_response
from sewerworks.enforcement.documents import render
from sewerworks.enforcement.models import Notice, Violation

PERMISSION = "enforcement.view_enforcement"


def _date_param(request: HttpRequest, name: str) -> dt.datetime | dt.date | None:
    """An optional ``?name=2026-05-12`` or ``?name=2026-05-12T17:00``; ValueError names the parameter."""
    raw = request.GET.get(name, "").strip()
    if not raw:
        return None
    try:
        return dt.datetime.fromisoformat(raw) if "T" in raw or " " in raw else dt.date.fromisoformat(raw)
    except ValueError as exc:
        raise ValueError(f"{name} must be a date like 2026-05-12 or a date and time like 2026-05-12T17:00.") from exc


@permission_required(PERMISSION, raise_exception=True)
def notice_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    """The notice as served (an appearance ticket takes its court date from ``?appear_on=``, if given)."""
    notice = get_object_or_404(Notice.objects.select_related("parcel", "violation", "issued_by"), pk=pk)
    try:
        appear_on = _date_param(request, "appear_on")
    except ValueError as exc:
        return HttpResponseBadRequest(str(exc))
    return pdf_response(render.notice_pdf(notice, appear_on=appear_on), f"{notice.number}.pdf")


@permission_required(PERMISSION, raise_exception=True)
def fine_statement_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    """The violation's fines and charges, as of ``?as_of=`` (default today)."""
    violation = get_object_or_404(Violation.objects.select_related("parcel", "responsible_owner"), pk=pk)
    try:
        as_of = _date_param(request, "as_of")
    except ValueError as exc:
        return HttpResponseBadRequest(str(exc))
    if isinstance(as_of, dt.datetime):
        as_of = as_of.date()
    try:
        data = render.fine_statement_pdf(violation, as_of=as_of)
    except LawNotInForce as exc:
        return HttpResponseBadRequest(f"No statement as of {as_of}: {exc}")
    return pdf_response(data, f"fine-statement-{violation.pk}.pdf")
