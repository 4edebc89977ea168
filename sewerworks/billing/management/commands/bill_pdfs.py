"""sewerworks bill_pdfs PERIOD [--order route|address] [--out FILE] [--as-user U]: the period's bills as one PDF.

PERIOD is the period's last day (2026-04-30), with ``:area`` for one Sewer Improvement Area. The batch
is recorded as a background job (on the Jobs screen, rerunnable) but typeset here, printing progress;
the file is stored for the clerk to download from the period's screen and, with ``--out``, copied to FILE.
"""

from __future__ import annotations

import os
import shutil
from argparse import ArgumentParser
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management.base import BaseCommand, CommandError

from sewerworks.billing.actions import do_start_bill_batch
from sewerworks.billing.management.periods import existing_period
from sewerworks.billing.models import BillBatch, MailingOrder
from sewerworks.billing.tasks import run_bill_batch
from sewerworks.core.access.permissions import require


class Command(BaseCommand):
    help = "Typeset a billing period's bills as one PDF in mailing order, printing progress."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("period", help="The period's last day, YYYY-MM-DD[:area-code].")
        parser.add_argument("--order", choices=MailingOrder.values, default=MailingOrder.ROUTE, help="Mailing order.")
        parser.add_argument("--out", default="", help="Also copy the PDF to this file.")
        parser.add_argument(
            "--as-user",
            default=os.environ.get("SEWERWORKS_USER", ""),
            help="Act as this user (their role decides what is allowed); default $SEWERWORKS_USER.",
        )
        parser.add_argument("--workers", type=int, default=0, help="Typesetting processes (default 2).")

    def handle(self, *args: Any, **opts: Any) -> None:
        user = get_user_model().objects.filter(username=opts["as_user"]).first() if opts["as_user"] else None
        if opts["as_user"] and user is None:
            raise CommandError(f"--as-user: no user {opts['as_user']!r}")
        if opts["workers"] < 0:
            raise CommandError("--workers: at least 1 process (0 for the default)")
        try:
            require(user, "billing.print_bills", "print the bills for the mailing")
            period = existing_period(opts["period"])
            batch = do_start_bill_batch(period, order=opts["order"], acting_user=user, run_here=True)
        except (PermissionDenied, ValidationError) as exc:
            raise CommandError(exc.messages[0] if isinstance(exc, ValidationError) else str(exc)) from exc
        self.stdout.write(f"Batch {batch.pk} (job {batch.job_id}): {period.name}, {batch.get_order_display().lower()}")
        assert batch.job_id is not None  # recorded by do_start_bill_batch
        result = run_bill_batch(batch.job_id, batch.pk, progress=self._progress, workers=opts["workers"] or None)
        self.stdout.write(result["message"])
        batch = BillBatch.objects.get(pk=batch.pk)
        if opts["out"]:
            with batch.file.open("rb") as source, open(opts["out"], "wb") as target:
                shutil.copyfileobj(source, target)
            self.stdout.write(f"Written to {opts['out']}")

    def _progress(self, *, done: int, total: int | None = None, message: str = "") -> None:
        self.stdout.write(message or f"{done} of {total}")
        self.stdout.flush()
