"""sewerworks mail: the outbox (core.mail): what is queued, sent and failing; --send delivers what is due now."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand

from sewerworks.core.mail.outbox import send_now
from sewerworks.core.models import OutgoingMail


class Command(BaseCommand):
    help = "The outbox: the last mails with their state; --send delivers every mail due now (retries included)."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--send", action="store_true", help="Deliver what is due now.")
        parser.add_argument("--last", type=int, default=20, help="How many mails to list (default 20).")

    def handle(self, *args: Any, **opts: Any) -> None:
        if opts["send"]:
            sent, failed = send_now()
            self.stdout.write(f"{sent} sent, {failed} failed (a failed mail is tried again later).")
        for m in OutgoingMail.objects.all()[: max(opts["last"], 0)]:
            error = f"  ({m.last_error})" if m.last_error else ""
            self.stdout.write(f"{m.pk:>5}  {m.created_at:%Y-%m-%d %H:%M}  {m.status:<8} {m.kind:<18} {m.to}{error}")
