"""The inspection report as a PDF (the letterhead, the finding, the notice and its hours, the fill chart)."""

from __future__ import annotations

from django.contrib.auth.decorators import permission_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils import timezone

from sewerworks.core.documents.render import render_document
from sewerworks.core.documents.responses import pdf_response
from sewerworks.core.documents.town import town
from sewerworks.grease.models import GreaseInspection
from sewerworks.grease.readings import recordkeeping
from sewerworks.grease.views.establishments import fill_chart


@permission_required("grease.view_grease", raise_exception=True)
def inspection_report(request: HttpRequest, pk: int) -> HttpResponse:
    inspection = get_object_or_404(
        GreaseInspection.objects.select_related("interceptor__establishment__building__parcel", "notice", "decision"),
        pk=pk,
    )
    interceptor = inspection.interceptor
    establishment = interceptor.establishment
    context = {
        "town": town(),
        "e": establishment,
        "i": inspection,
        "deadline": inspection.notice.deadlines.order_by("due_on").first() if inspection.notice else None,
        "chart": fill_chart(establishment),
        "pump_outs": interceptor.pump_outs.select_related("hauler").order_by("pumped_on"),
        "log_summary": recordkeeping(interceptor, timezone.localtime(inspection.inspected_at).date()).summary,
    }
    data = bytes(render_document("grease/inspection_report.html", context).write_pdf())
    return pdf_response(data, f"grease-inspection-{inspection.pk}.pdf")
