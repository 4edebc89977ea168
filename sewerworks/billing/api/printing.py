"""Bills on paper over REST: one bill as a PDF; a period's bills for the mailing as a batch job.

Registered on billing's router (``billing.api`` imports this module). Refusals as everywhere in the
API: 401, 403 for a role that may not, 404 for an unknown id, 422 naming the field or the rule
(a held or void bill is not printed).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from ninja import Field, Schema, Status
from ninja.errors import HttpError

from sewerworks.billing.actions import do_start_bill_batch
from sewerworks.billing.api.router import router
from sewerworks.billing.documents.render import bill_pdf as typeset_bill
from sewerworks.billing.models import Bill, BillBatch, BillingPeriod, MailingOrder
from sewerworks.billing.views.printing import unprintable
from sewerworks.core.api.auth import require
from sewerworks.core.api.errors import record_or_404 as _get
from sewerworks.core.api.errors import refused as _refused
from sewerworks.core.attachments.files import attachment_url
from sewerworks.core.documents.responses import pdf_response
from sewerworks.registry.api import REFUSALS

PDF_RESPONSE = {200: {"description": "The bill as a PDF.", "content": {"application/pdf": {}}}}


PUBLISHED_AS = "sewerworks.billing.api_printing"  # this module's operation ids, kept when it moved


class BatchIn(Schema):
    order: MailingOrder = Field(MailingOrder.ROUTE, description="Mailing order: route or address.")


class BatchOut(Schema):
    id: int = Field(..., description="The batch; follow it at /api/billing/mailing/{id}.")
    period_id: int
    order: str
    job_id: int | None = Field(None, description="Its background job (/api/jobs/{id}).")
    status: str = Field(..., description="The job's status: queued, running, succeeded, failed, interrupted.")
    done: int = Field(0, description="Bills typeset so far.")
    total: int | None = Field(None, description="Bills to typeset.")
    bills: int
    pages: int
    size: int = Field(..., description="Bytes of the finished file.")
    created_at: dt.datetime
    download: str = Field("", description="Where the finished PDF is downloaded (with billing.print_bills).")


def _batch_out(batch: BillBatch) -> dict[str, Any]:
    job = batch.job
    return {
        "id": batch.pk,
        "period_id": batch.period_id,
        "order": batch.order,
        "job_id": batch.job_id,
        "status": job.status if job else "",
        "done": job.done if job else 0,
        "total": job.total if job else None,
        "bills": batch.bills,
        "pages": batch.pages,
        "size": batch.size,
        "created_at": batch.created_at,
        "download": attachment_url("bill-batch", batch.pk) if batch.file else "",
    }


@router.get(
    "/billing/bills/{bill_id}/pdf",
    response={**REFUSALS},
    summary="A bill as a PDF (line items, citations, due and penalty dates, how to pay)",
    openapi_extra={"responses": PDF_RESPONSE},
)
def get_bill_pdf(request: HttpRequest, bill_id: int) -> HttpResponse:
    require(request, "billing.view_billing")
    bill: Bill = _get(Bill, bill_id, "bill")
    refused = unprintable(bill)
    if refused:
        raise HttpError(422, refused)
    return pdf_response(typeset_bill(bill), f"bill-{bill.pk}-{bill.account.account_number}.pdf")


@router.post(
    "/billing/periods/{period_id}/mailing",
    response={202: BatchOut, **REFUSALS},
    summary="Print the period's bills as one PDF in mailing order (a background job)",
)
def start_batch(request: HttpRequest, period_id: int, payload: BatchIn) -> Any:
    require(request, "billing.print_bills")
    period = _get(BillingPeriod, period_id, "billing period")
    try:
        batch = do_start_bill_batch(period, order=payload.order, acting_user=request.user)
    except ValidationError as exc:
        raise _refused(exc) from exc
    return Status(202, _batch_out(batch))


@router.get("/billing/mailing/{batch_id}", response={200: BatchOut, **REFUSALS}, summary="A batch of bills")
def get_batch(request: HttpRequest, batch_id: int) -> Any:
    require(request, "billing.print_bills")
    return _batch_out(_get(BillBatch, batch_id, "batch of bills"))
