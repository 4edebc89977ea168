"""sewerworks write_strengths PERIOD --as-user U: write each industrial account's flow-weighted strength for a
billing period (I-31, I-75) where billing's §118-52 surcharge reads it. PERIOD is the period's last day,
``YYYY-MM-DD[:area-code]``, of a period already open; a posted period does not change."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management.base import BaseCommand, CommandError

from sewerworks.billing.management.periods import existing_period
from sewerworks.pretreatment.strength import do_write_period_strengths


class Command(BaseCommand):
    help = "Write the period's flow-weighted strength per industrial account for the §118-52 surcharge."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("period", help="The period's last day, YYYY-MM-DD[:area-code].")
        parser.add_argument("--as-user", default="", help="Act as this user (their role decides what is allowed).")

    def handle(self, *args: Any, **opts: Any) -> None:
        user = get_user_model().objects.filter(username=opts["as_user"]).first() if opts["as_user"] else None
        if opts["as_user"] and user is None:
            raise CommandError(f"--as-user: no user {opts['as_user']!r}")
        period = existing_period(opts["period"])
        try:
            written = do_write_period_strengths(period, acting_user=user)
        except (PermissionDenied, ValidationError) as exc:
            raise CommandError(exc.messages[0] if isinstance(exc, ValidationError) else str(exc)) from exc
        for record in written:
            self.stdout.write(f"{record.account.account_number}: BOD {record.bod}, suspended solids "
                              f"{record.suspended_solids}, chlorine demand {record.chlorine_demand} mg/L")  # fmt: skip
        self.stdout.write(f"{len(written)} strength record(s) written for the period ending {period.end}.")
