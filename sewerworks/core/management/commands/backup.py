"""sewerworks backup: write one archive of the database, its tables, the uploaded files and a manifest.

Safe while clerks work (a consistent snapshot; nothing is locked for writing). Written as ``NAME.partial``
and renamed when complete. See docs/operations.md ("Backups") for the timer and the off-machine copy.
"""

from __future__ import annotations

from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand
from django.utils import timezone

from sewerworks.core.backup.archive import write_backup


class Command(BaseCommand):
    help = "Back up the database and the uploaded files into one archive (.tar.gz)."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--output",
            "-o",
            help="Archive to write (default: var/backups/sewerworks-YYYYMMDD-HHMMSS.tar.gz), or a folder for it.",
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        name = f"sewerworks-{timezone.localtime():%Y%m%d-%H%M%S}.tar.gz"
        target = Path(opts["output"]) if opts["output"] else Path(settings.VAR_DIR) / "backups" / name
        if target.is_dir():
            target = target / name
        target.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        manifest = write_backup(target)
        rows = sum(t["rows"] for t in manifest["tables"].values())
        self.stdout.write(
            f"Backup written: {target} ({manifest['vendor']} database, {len(manifest['tables'])} tables, "
            f"{rows:,} rows, {len(manifest['files'])} uploaded files, {len(manifest['migrations'])} migrations)."
        )
