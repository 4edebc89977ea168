"""sewerworks restore ARCHIVE: load a backup into this database (SQLite or PostgreSQL, from either).

Refuses a database that already holds records unless ``--force``, a backup made by a newer version, and
a damaged archive; see docs/operations.md ("Restore drill").
"""

from __future__ import annotations

from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from sewerworks.core.backup.restore import RestoreRefused, restore_backup


class Command(BaseCommand):
    help = "Restore a backup archive written by `sewerworks backup` into this database and uploads folder."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("archive", help="The .tar.gz written by `sewerworks backup`.")
        parser.add_argument(
            "--force", action="store_true", help="Replace the records this database already holds (they are lost)."
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        path = Path(opts["archive"])
        if not path.is_file():
            raise CommandError(f"No such backup file: {path}")
        try:
            loaded = restore_backup(path, force=opts["force"])
        except RestoreRefused as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"Restored {sum(loaded.values()):,} rows in {len(loaded)} tables from {path}.")
