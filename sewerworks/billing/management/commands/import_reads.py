"""sewerworks import_reads FILE [--period PERIOD] [--valid-rows-only] [--reject-file OUT] [--as-user U]:
import the water district's meter-read file (docs/billing-reads-import.md), all rows or none.

PERIOD is the period's last day (2026-09-30), with ``:area`` for one Sewer Improvement Area; without it,
the open period whose read window holds most of the file's reads. Exit status 0 when imported, 2 (with
every row error on stderr) when nothing was; with --valid-rows-only the reject file's path is printed.
"""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand

from sewerworks.billing.imports.reads import PERIOD
from sewerworks.billing.management.periods import existing_period
from sewerworks.billing.models import BillingPeriod
from sewerworks.core.imports import cli


def period_named(text: str) -> BillingPeriod:
    """The open or posted period named YYYY-MM-DD[:area-code] (an import never opens one)."""
    return existing_period(text, label="--period", hint="; open it first (the period screen, or bill_run).")


class Command(BaseCommand):
    help = (
        "Import the water district's meter reads (CSV) for a billing period. Exits with status 2, "
        "listing the row errors, if nothing was imported."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        cli.add_arguments(parser, "meter-read file (CSV)")
        parser.add_argument(
            "--period",
            metavar="PERIOD",
            help="The billing period, YYYY-MM-DD[:area-code] (default: the open period whose "
            "read window holds the reads).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        context = {PERIOD: period_named(options["period"]).pk} if options.get("period") else {}
        cli.run(self, "reads", options, context=context)
