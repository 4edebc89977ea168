"""sewerworks capital_charge YEAR [--as-user U]: compute and record the capital charge of tax year YEAR (§118-49,
118-51, 118-52; I-122), then print the year's totals per area and what it could not charge. A second run writes
only what is missing."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management.base import BaseCommand, CommandError

from sewerworks.billing.capital.run import capital_year, do_run_capital_charge


class Command(BaseCommand):
    help = "Compute and record a tax year's capital charge; print the totals per area and the open issues."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("tax_year", type=int, help="The tax year charged (its roll is the year before's).")
        parser.add_argument("--as-user", default="", help="Act as this user (their role decides what is allowed).")

    def handle(self, *args: Any, **opts: Any) -> None:
        user = get_user_model().objects.filter(username=opts["as_user"]).first() if opts["as_user"] else None
        if opts["as_user"] and user is None:
            raise CommandError(f"--as-user: no user {opts['as_user']!r}")
        try:
            run = do_run_capital_charge(opts["tax_year"], acting_user=user)
        except PermissionDenied as exc:
            raise CommandError(str(exc)) from exc
        except ValidationError as exc:
            raise CommandError(" ".join(f"{k}: {' '.join(v)}" for k, v in exc.message_dict.items())) from exc
        year = capital_year(run.tax_year)
        self.stdout.write(
            f"Tax year {run.tax_year} on the roll of {run.roll_year}: {run.charged:,} charges written by this run."
        )
        for area in year.areas:
            self.stdout.write(f"  {area.name}: {area.parcels:,} parcels, ${area.amount:,}")
        self.stdout.write(f"  Total: {year.parcels:,} parcels, ${year.total:,}; open issues: {year.open_issues:,}.")
