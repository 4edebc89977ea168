"""sewerworks screen_contract_users [--as-of DATE] --as-user U: screen the parcel layer for §118-29.1 now.

The same screen as the job started from the candidates screen, in this process, printing progress, the
candidates by outcome and the mismatches against the per-parcel topic on a seeded sample. Exit 2 when the
law was not in force on the day (before 1996-04-22, I-83).
"""

from __future__ import annotations

import datetime as dt
import sys
from argparse import ArgumentParser
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management.base import BaseCommand, CommandError

from sewerworks.contracts.actions.screening import do_screen_now
from sewerworks.contracts.screen.run import SAMPLE


class Command(BaseCommand):
    help = "Screen every parcel outside the Sewer Improvement Areas for contract-user eligibility (§118-29.1)."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--as-of", dest="as_of", help="Apply the law in force on this date (YYYY-MM-DD).")
        parser.add_argument("--as-user", default="", help="Act as this user (their role decides what is allowed).")
        parser.add_argument("--sample", type=int, default=SAMPLE, help="Parcels checked against the topic.")

    def handle(self, *args: Any, **opts: Any) -> None:
        user = get_user_model().objects.filter(username=opts["as_user"]).first() if opts["as_user"] else None
        if user is None:
            raise CommandError(f"--as-user: no user {opts['as_user']!r}")
        try:
            as_of = dt.date.fromisoformat(opts["as_of"]) if opts["as_of"] else None
        except ValueError as exc:
            raise CommandError(f"--as-of: {opts['as_of']!r} is not a date YYYY-MM-DD") from exc
        try:
            record = do_screen_now(as_of=as_of, acting_user=user, progress=self._progress, sample=opts["sample"])
        except PermissionDenied as exc:
            raise CommandError(str(exc)) from exc
        except ValidationError as exc:
            sys.stderr.write(f"law not in force: {exc.messages[0]}\n")
            sys.exit(2)
        self.stdout.write(
            f"Screened {record.parcels_read:,} parcels outside the areas as of {record.as_of}: "
            f"{record.candidates:,} candidates {record.counts}; "
            f"{len(record.mismatches)} mismatches against the topic on {record.sample:,} sampled."
        )

    def _progress(self, *, done: int, total: int | None = None, message: str = "") -> None:
        self.stderr.write(f"  {done:,}/{total or 0:,} {message}")
