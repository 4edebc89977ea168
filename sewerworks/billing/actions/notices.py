"""The notice before relevy (§118-53, I-120): start the batch of a filed statement's notices (a job with progress,
``billing.taxroll.notices``), as the bills for the mailing are started (``actions.printing``)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from sewerworks.billing.models import MailingOrder, NoticeBatch, UnpaidStatement
from sewerworks.billing.models.relevy import FILED
from sewerworks.core.access.permissions import require
from sewerworks.core.jobs.runner import enqueue
from sewerworks.core.models import AuditEvent, Job

JOB_KIND = "relevy_notices"


def do_start_notice_batch(statement: UnpaidStatement, *, order: str = MailingOrder.ROUTE, acting_user: Any,
                          run_here: bool = False) -> NoticeBatch:  # fmt: skip
    """Start typesetting the notices before relevy of ``statement`` (filed, not yet adopted) in mailing ``order``."""
    require(acting_user, "billing.print_bills", "print the notices before relevy")
    if order not in MailingOrder.values:
        raise ValidationError({"order": f"Mailing order is one of {', '.join(MailingOrder.values)}, not {order!r}."})
    if statement.status != FILED:
        raise ValidationError({"statement": f"The statement of {statement.statement_date} is "
                               f"{statement.get_status_display().lower()}: the notice goes before the relevy."})
    if not statement.bills:
        raise ValidationError({"statement": f"The statement of {statement.statement_date} lists no bill: no notice."})
    from sewerworks.billing.tasks import relevy_notices

    with transaction.atomic():
        batch = NoticeBatch.objects.create(statement=statement, order=order, created_by=acting_user)
        kwargs = {"batch_id": batch.pk}
        job = Job.objects.create(kind=JOB_KIND, title=f"Notices before relevy, statement of {statement.statement_date}",
                                 created_by=acting_user, task_path=str(getattr(relevy_notices, "module_path", "")),
                                 task_kwargs=kwargs)  # fmt: skip
        batch.job = job
        batch.save(update_fields=["job"])
        AuditEvent.objects.create(actor=acting_user, action="do_start_notice_batch",
                                  subject=f"notices before relevy of {statement.statement_date}", rows=statement.bills,
                                  detail={"statement": statement.pk, "batch": batch.pk, "job": job.pk, "order": order})
        if not run_here:
            enqueue(relevy_notices, job, kwargs)
    return batch
