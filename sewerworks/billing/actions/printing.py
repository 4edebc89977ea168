"""Printing a period's bills for the mailing: a batch PDF typeset by a background job.

``do_start_bill_batch`` checks the role (``billing.print_bills``) and the request, records the
:class:`~sewerworks.billing.models.BillBatch` and its :class:`~sewerworks.core.models.Job`, writes an
AuditEvent, and (unless the command line runs it in its own process) enqueues the task.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from sewerworks.billing.documents.order import printable
from sewerworks.billing.models import BillBatch, BillingPeriod, MailingOrder
from sewerworks.core.access.permissions import require
from sewerworks.core.jobs.runner import enqueue
from sewerworks.core.models import AuditEvent, Job

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

    with transaction.atomic():
        batch = BillBatch.objects.create(period=period, order=order, created_by=acting_user)
        kwargs = {"batch_id": batch.pk}
        job = Job.objects.create(
            kind=JOB_KIND,
            title=f"Bills for the mailing, {period.name}, {MailingOrder(order).label.lower()}"[:200],
            created_by=acting_user,
            task_path=str(getattr(bill_pdfs, "module_path", "")),
            task_kwargs=kwargs,
        )
        batch.job = job
        batch.save(update_fields=["job"])
        AuditEvent.objects.create(
            actor=acting_user,
            action="do_start_bill_batch",
            subject=f"bills of {period.name} for the mailing"[:200],
            rows=1,
            detail={"period": period.pk, "batch": batch.pk, "job": job.pk, "order": order, "run_here": run_here},
        )
        if not run_here:
            enqueue(bill_pdfs, job, kwargs)
    return batch
