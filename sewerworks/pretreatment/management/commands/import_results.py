"""sewerworks import_results FILE: enter a laboratory's results (CSV) and evaluate them (§118-37, §118-39)."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand

from sewerworks.core.imports import cli


class Command(BaseCommand):
    help = "Import lab results (CSV). Exits with status 2, listing the row errors, if nothing was imported."

    def add_arguments(self, parser: ArgumentParser) -> None:
        cli.add_arguments(parser, "laboratory's results (CSV)")

    def handle(self, *args: Any, **options: Any) -> None:
        cli.run(self, "pretreatment-results", options)
