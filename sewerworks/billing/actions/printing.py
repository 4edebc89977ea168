"""Printing a period's bills for the mailing: a batch PDF typeset by a background job.

``do_start_bill_batch`` checks the role (``billing.print_bills``) and the request, records the
:class:`~sewerworks.billing.models.BillBatch` and its :class:`~sewerworks.core.models.Job`, writes an
AuditEvent, and (unless the command line runs it in its own process) enqueues the task, as a batch (after
interactive work). The same bills in the same order already queued or being typeset are that batch.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from sewerworks.billing.documents.order import printable
from sewerworks.billing.models import BillBatch, BillingPeriod, MailingOrder
from sewerworks.core.access.permissions import require
from sewerworks.core.jobs.queue import BATCH, equal_job
from sewerworks.core.jobs.runner import start_job
from sewerworks.core.models import AuditEvent

JOB_KIND = "bill_pdfs"


def do_start_bill_batch(
    period: BillingPeriod, *, order: str = MailingOrder.ROUTE, acting_user: Any, run_here: bool = False
) -> BillBatch:
    """Start typesetting ``period``'s bills in mailing ``order`` as one PDF (a job with progress).

    With ``run_here`` the job is recorded but not queued: the caller (``sewerworks bill_pdfs``) runs it
    in its own process with ``billing.tasks.run_bill_batch``. Either way it can be rerun if it fails."""
    require(acting_user, "billing.print_bills", "print the bills for the mailing")
    if order not in MailingOrder.values:
        raise ValidationError({"order": f"Mailing order is one of {', '.join(MailingOrder.values)}, not {order!r}."})
    if not printable(period).exists():
        raise ValidationError(
            f"The period {period.name} has no bills to print: run the bills first (held bills are never mailed)."
        )
    from sewerworks.billing.tasks import bill_pdfs

    same = {"period_id": period.pk, "order": order}
    with transaction.atomic():
        equal = None if run_here else equal_job(JOB_KIND, same)
        if equal is not None:  # the same bills in the same order queued or being typeset: that batch
            return BillBatch.objects.get(job=equal)
        batch = BillBatch.objects.create(period=period, order=order, created_by=acting_user)
        job = start_job(
            bill_pdfs, kind=JOB_KIND,
            title=f"Bills for the mailing, {period.name}, {MailingOrder(order).label.lower()}"[:200],
            acting_user=acting_user, priority=BATCH, same_as=same, run_here=run_here, batch_id=batch.pk,
        )  # fmt: skip
        batch.job = job
        batch.save(update_fields=["job"])
        AuditEvent.objects.create(
            actor=acting_user,
            action="do_start_bill_batch",
            subject=f"bills of {period.name} for the mailing"[:200],
            rows=1,
            detail={"period": period.pk, "batch": batch.pk, "job": job.pk, "order": order, "run_here": run_here},
        )
    return batch
