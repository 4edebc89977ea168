"""sewerworks sweep: advance what is due (run daily from cron or a systemd timer)."""

from __future__ import annotations

import datetime as dt
from argparse import ArgumentParser
from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from sewerworks.enforcement.actions import do_sweep


class Command(BaseCommand):
    help = (
        "Advance what is due: mark passed deadlines overdue, open the violations they are, raise follow-up "
        "tasks, escalate noticed violations past their time limit, accrue §118-5 fines. Safe to run twice "
        "or concurrently. Run it daily, e.g. cron `15 0 * * * sewerworks sweep`."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--as-of", dest="as_of", help="Evaluate as of this date (YYYY-MM-DD); default today.")

    def handle(self, *args: Any, **opts: Any) -> None:
        as_of = None
        if opts["as_of"]:
            try:
                as_of = dt.date.fromisoformat(opts["as_of"])
            except ValueError as exc:
                raise CommandError(f"--as-of {opts['as_of']!r} is not a date YYYY-MM-DD.") from exc
        try:
            run = do_sweep(as_of)
        except ValidationError as exc:
            raise CommandError(" ".join(exc.messages)) from exc
        changed = ", ".join(f"{k.replace('_', ' ')}: {v}" for k, v in sorted(run.changes.items())) or "nothing to do"
        self.stdout.write(f"Sweep as of {run.as_of}: {changed}.")
