"""The outbox: queue a mail in the sender's transaction; the worker's task delivers it (``delivery``) and asks to
run again when a mail failed."""

from __future__ import annotations

import datetime as dt
import logging

from django.db import IntegrityError, transaction
from django.utils import timezone
from django_tasks import task

from sewerworks.core.mail.delivery import deliver_due, next_retry
from sewerworks.core.models import OutgoingMail

log = logging.getLogger(__name__)
BATCH = 500


def queue_mail(to: str, subject: str, body: str, *, kind: str, key: str | None = None) -> OutgoingMail | None:
    """Queue one mail; it is delivered once the surrounding transaction commits. A ``key`` already queued
    queues nothing (None): a mail is sent once per purpose."""
    if key is not None and OutgoingMail.objects.filter(key=key).exists():
        return None
    try:
        with transaction.atomic():
            mail = OutgoingMail.objects.create(to=to, subject=subject[:200], body=body, kind=kind, key=key,
                                               next_try_at=timezone.now())  # fmt: skip
    except IntegrityError:  # another process queued the same key meanwhile
        return None
    transaction.on_commit(deliver_soon)
    return mail


def deliver_soon(*, at: dt.datetime | None = None) -> None:
    """Ask the worker to deliver what is due (at ``at``, when its task backend can wait; otherwise now)."""
    try:
        if at is not None and deliver_mail.get_backend().supports_defer:
            deliver_mail.using(run_after=at).enqueue()
        elif at is None:
            deliver_mail.enqueue()
    except Exception:  # noqa: BLE001 - the outbox keeps the mail; `sewerworks mail --send` delivers it
        log.exception("could not enqueue the mail delivery; the mail stays in the outbox")


def send_now() -> tuple[int, int]:
    """Deliver everything due now, batch after batch; when some failed, ask the worker to try at their next
    try. (sent, failed)."""
    sent = failed = 0
    while True:
        batch_sent, batch_failed = deliver_due(limit=BATCH)
        sent, failed = sent + batch_sent, failed + batch_failed
        if batch_failed or batch_sent < BATCH:
            break
    if failed:
        deliver_soon(at=next_retry())
    return sent, failed


@task()
def deliver_mail() -> None:
    """The worker's task: deliver every mail due; what fails is tried again later."""
    send_now()
