"""sewerworks import_grease_manifest FILE: enter a hauler's pump-out manifest (CSV) in the pump-out logs."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand

from sewerworks.core.imports import cli


class Command(BaseCommand):
    help = "Import a hauler's manifest (CSV). Exits with status 2, listing the row errors, if nothing was imported."

    def add_arguments(self, parser: ArgumentParser) -> None:
        cli.add_arguments(parser, "hauler's manifest (CSV)")

    def handle(self, *args: Any, **options: Any) -> None:
        cli.run(self, "grease-manifest", options)
