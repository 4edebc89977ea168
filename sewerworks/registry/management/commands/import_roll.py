"""sewerworks import_roll FILE: import the assessor's roll (CSV), all rows or none (or --valid-rows-only)."""

from __future__ import annotations

from argparse import ArgumentParser
from datetime import date
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from sewerworks.core.imports import cli


class Command(BaseCommand):
    help = "Import the assessor's roll (CSV). Exits with status 2, listing the row errors, if nothing was imported."

    def add_arguments(self, parser: ArgumentParser) -> None:
        cli.add_arguments(parser, "roll (CSV)")
        parser.add_argument("--as-of", metavar="YYYY-MM-DD",
                            help="The import date: new ownerships start on it (default: today).")

    def handle(self, *args: Any, **options: Any) -> None:
        as_of = None
        if options.get("as_of"):
            try:
                as_of = date.fromisoformat(options["as_of"])
            except ValueError as exc:
                raise CommandError(f"--as-of {options['as_of']!r} is not a date YYYY-MM-DD.") from exc
        cli.run(self, "roll", options, as_of=as_of)
