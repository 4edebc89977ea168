"""sewerworks bill_run PERIOD [--post] [--as-user U]: compute a period's draft bills, printing progress.

PERIOD is the period's last day (2026-09-30), with ``:area`` for one Sewer Improvement Area
(2026-09-30:marlborough); a period not yet open is opened with the §118-51 calendar. ``--post`` then
reviews and posts it (the Superintendent's role), in chunks of ``--chunk`` accounts too, or finishes a
posting that stopped (I-108). Running a posted period changes nothing.
"""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management.base import BaseCommand, CommandError

from sewerworks.billing import pipeline
from sewerworks.billing.actions import do_open_period, do_post_period, do_review_period
from sewerworks.billing.actions.periods import require
from sewerworks.billing.engine.lock import BillRunBusy
from sewerworks.billing.engine.run import CHUNK, run_drafts
from sewerworks.billing.management.periods import parse_period
from sewerworks.billing.models import BillingPeriod


def find_period(text: str, user: Any) -> BillingPeriod:
    """The period ``text`` names, opened (by ``user``) if it is not recorded yet."""
    end, area, found = parse_period(text)
    return found or do_open_period(end, area=area, acting_user=user)


class Command(BaseCommand):
    help = "Compute a billing period's draft bills in chunks, printing progress; --post reviews and posts it."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("period", help="The period's last day, YYYY-MM-DD[:area-code].")
        parser.add_argument("--post", action="store_true", help="Review and post the period after the run.")
        parser.add_argument("--as-user", default="", help="Act as this user (their role decides what is allowed).")
        parser.add_argument(
            "--chunk",
            type=int,
            default=CHUNK,
            help=f"Accounts per chunk, of the drafts and of the posting (default {CHUNK:,}).",
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        user = get_user_model().objects.filter(username=opts["as_user"]).first() if opts["as_user"] else None
        if opts["as_user"] and user is None:
            raise CommandError(f"--as-user: no user {opts['as_user']!r}")
        if opts["chunk"] < 1:
            raise CommandError("--chunk: at least 1 account per chunk")
        try:
            require(user, "billing.run_bills", "run the bills")
            period = find_period(opts["period"], user)
            result = run_drafts(period, acting_user=user, chunk_size=opts["chunk"], progress=self._progress)
            self.stdout.write(result.message)
            if opts["post"]:
                period.refresh_from_db()
                if period.status == pipeline.DRAFT:
                    do_review_period(period, acting_user=user, why="reviewed from the command line (--post)")
                # a period left "posting" by a stopped posting is finished here (I-108)
                posted = do_post_period(period, acting_user=user, progress=self._progress, chunk_size=opts["chunk"])
                self.stdout.write(posted.message)
        except (PermissionDenied, ValidationError, BillRunBusy) as exc:
            raise CommandError(exc.messages[0] if isinstance(exc, ValidationError) else str(exc)) from exc

    def _progress(self, *, done: int, total: int | None = None, message: str = "") -> None:
        self.stdout.write(message or f"{done} of {total}")
        self.stdout.flush()
