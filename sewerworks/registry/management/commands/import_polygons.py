"""sewerworks import_polygons FILE: import parcel polygons (GeoJSON), all features or none (or --valid-rows-only)."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand

from sewerworks.core.imports import cli


class Command(BaseCommand):
    help = "Import parcel polygons (GeoJSON). Exits with status 2, listing the errors, if nothing was imported."

    def add_arguments(self, parser: ArgumentParser) -> None:
        cli.add_arguments(parser, "polygons (GeoJSON)")

    def handle(self, *args: Any, **options: Any) -> None:
        cli.run(self, "polygons", options)
