"""Delivering the outbox: every mail due, over one connection of Django's e-mail backend; a failure leaves the mail
queued with its next try a little later each time (:func:`backoff`)."""

from __future__ import annotations

import datetime as dt
import logging
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db.models import Q
from django.utils import timezone

from sewerworks.core.models import OutgoingMail

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 12  # about a day of tries: 1, 2, 4 ... minutes, at most an hour apart
CLAIM_STALE = dt.timedelta(minutes=5)


def backoff(attempts: int) -> dt.timedelta:
    """How long after its ``attempts``-th failure a mail is tried again."""
    return dt.timedelta(minutes=min(2 ** max(attempts - 1, 0), 60))


def due(now: dt.datetime | None = None) -> Any:
    now = now or timezone.now()
    free = Q(claimed_at__isnull=True) | Q(claimed_at__lt=now - CLAIM_STALE)
    return OutgoingMail.objects.filter(free, sent_at__isnull=True, next_try_at__lte=now, attempts__lt=MAX_ATTEMPTS)


def _claim(mail_id: int, now: dt.datetime) -> bool:
    """Take one mail for this sender (an UPDATE that only one sender wins)."""
    free = Q(claimed_at__isnull=True) | Q(claimed_at__lt=now - CLAIM_STALE)
    return bool(OutgoingMail.objects.filter(free, pk=mail_id, sent_at__isnull=True).update(claimed_at=now))


def deliver_due(*, limit: int = 500) -> tuple[int, int]:
    """Send the mails due now, over one connection: (sent, failed). A failure (the server down, a refusal)
    leaves its mail queued for :func:`backoff` (:func:`next_retry` says when the first is due again)."""
    now = timezone.now()
    ids = list(due(now).order_by("next_try_at", "pk").values_list("pk", flat=True)[:limit])
    sent = failed = 0
    connection = get_connection(fail_silently=False)
    try:
        for mail_id in ids:
            if not _claim(mail_id, now):
                continue
            mail = OutgoingMail.objects.get(pk=mail_id)
            message = EmailMessage(mail.subject, mail.body, settings.DEFAULT_FROM_EMAIL, [mail.to],
                                   connection=connection)  # fmt: skip
            try:
                message.send()
            except Exception as exc:  # noqa: BLE001 - any failure of the server or the network: try later
                failed += 1
                attempts = mail.attempts + 1
                OutgoingMail.objects.filter(pk=mail_id).update(
                    attempts=attempts, next_try_at=timezone.now() + backoff(attempts), claimed_at=None,
                    last_error=f"{type(exc).__name__}: {exc}"[:300],
                )  # fmt: skip
                connection.close()  # a broken connection is opened again for the next mail
                continue
            sent += 1
            OutgoingMail.objects.filter(pk=mail_id).update(sent_at=timezone.now(), attempts=mail.attempts + 1,
                                                           claimed_at=None, last_error="")  # fmt: skip
    finally:
        try:
            connection.close()
        except Exception:  # noqa: BLE001,S110 - closing a connection to a server that went away
            pass
    if failed:
        log.warning("mail: %d sent, %d failed (they stay queued and are tried again)", sent, failed)
    return sent, failed


def next_retry() -> dt.datetime | None:
    """When the first mail that failed is due again (None: none waits)."""
    waiting = OutgoingMail.objects.filter(sent_at__isnull=True, attempts__gt=0, attempts__lt=MAX_ATTEMPTS)
    found: dt.datetime | None = waiting.order_by("next_try_at").values_list("next_try_at", flat=True).first()
    return found
