"""The command-line convention every import kind follows: ``sewerworks import_KIND FILE [--valid-rows-only]
[--reject-file OUT] [--as-user USERNAME]``; exit status 2, listing the errors, when nothing was imported."""

from __future__ import annotations

import getpass
import os
import shutil
from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.core.management.base import BaseCommand, CommandError

from sewerworks.core.imports.common import ImportResult
from sewerworks.core.imports.runner import do_import
from sewerworks.core.imports.writer import batch_priority


def add_arguments(parser: ArgumentParser, what: str) -> None:
    parser.add_argument("file", help=f"The {what} to import.")
    parser.add_argument("--valid-rows-only", action="store_true",
                        help="Import the valid rows and write the others to a reject file.")
    parser.add_argument("--reject-file", metavar="OUT", help="Where to copy the reject file.")
    parser.add_argument("--as-user", metavar="USERNAME",
                        help="The user the import is done as (default: $SEWERWORKS_USER, else your login name).")


def acting_user(options: dict[str, Any]) -> Any:
    username = options.get("as_user") or os.environ.get("SEWERWORKS_USER") or getpass.getuser()
    try:
        return get_user_model().objects.get(username=username, is_active=True)
    except get_user_model().DoesNotExist as exc:
        raise CommandError(f"There is no active user {username!r}: name one with --as-user.") from exc


def read_file(path: str) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise CommandError(f"Cannot read {path}: {exc.strerror}.") from exc


def run(command: BaseCommand, kind: str, options: dict[str, Any], **extra: Any) -> None:
    """Import the file as the named kind and report; exit status 2 (with the errors) when nothing was imported."""
    path = options["file"]
    batch_priority()
    try:
        result: ImportResult = do_import(kind, acting_user=acting_user(options), data=read_file(path),
                                         file_name=Path(path).name, valid_rows_only=options["valid_rows_only"],
                                         **extra)
    except PermissionDenied as exc:
        raise CommandError(str(exc) or "Permission denied.") from exc
    out = command.stdout.write
    named = ", ".join(f"{n} {name}" for name, n in result.counts.items())
    counts = f"{result.rows} rows read: {named}, {result.rejected} with errors."
    if result.reject_file:
        source = Path(settings.MEDIA_ROOT) / result.reject_file
        if options.get("reject_file"):
            shutil.copyfile(source, options["reject_file"])
            out(f"Reject file: {options['reject_file']}")
        else:
            out(f"Reject file: {source}")
    if not result.committed:
        for err in result.errors:
            command.stderr.write(str(err))
        raise CommandError(f"Nothing was imported from {path}. {counts}", returncode=2)
    for err in result.errors:
        command.stderr.write(str(err))
    out(command.style.SUCCESS(f"Imported {path} (run {result.run}). {counts}"))
