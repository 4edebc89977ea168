"""``sewerworks restore``: load a backup's tables into this database (SQLite or PostgreSQL, either way).

Refused, before anything is written: an archive whose manifest is missing or whose files do not match
their checksums; a backup made by newer code (migrations this code does not have); a database that
already holds records, unless ``force`` (then they are replaced). The database is brought to the
backup's migration state, every table is loaded as it was (one transaction), each table's digest is
checked against the manifest, the uploaded files are put back, and the database is migrated forward to
this code's state.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import tarfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from django.apps import apps as django_apps
from django.conf import settings
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import connections, transaction
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader

from sewerworks.core.backup import tables
from sewerworks.core.backup.archive import FORMAT, MANIFEST
from sewerworks.core.records import generation


class RestoreRefused(Exception):
    """The restore was refused before writing anything; the message says why and what to do."""


def read_manifest(archive: tarfile.TarFile) -> dict[str, Any]:
    try:
        member = archive.extractfile(MANIFEST)
    except KeyError:
        raise RestoreRefused(f"{archive.name!s} is not a sewerworks backup: it has no {MANIFEST}.") from None
    manifest: dict[str, Any] = json.load(member)  # type: ignore[arg-type]
    if manifest.get("format") != FORMAT:
        raise RestoreRefused(f"Unknown backup format {manifest.get('format')!r}; this version reads {FORMAT}.")
    return manifest


def verify_checksums(archive: tarfile.TarFile, manifest: dict[str, Any]) -> None:
    expected = {f"tables/{t}.jsonl": v["sha256"] for t, v in manifest["tables"].items()}
    expected |= {f"media/{name}": v["sha256"] for name, v in manifest["files"].items()}
    for name, digest in expected.items():
        try:
            handle = archive.extractfile(name)
        except KeyError:
            raise RestoreRefused(f"The backup is incomplete: {name} is missing.") from None
        actual = hashlib.sha256(handle.read()).hexdigest()  # type: ignore[union-attr]
        if actual != digest:
            raise RestoreRefused(f"The backup is damaged: {name} does not match its checksum in the manifest.")


def backup_migrations(manifest: dict[str, Any], alias: str) -> set[tables.Node]:
    applied = {tuple(m.split(".", 1)) for m in manifest["migrations"]}
    known = set(MigrationLoader(connections[alias], ignore_no_migrations=True).graph.nodes)
    newer = sorted(f"{a}.{n}" for a, n in applied - known)
    if newer:
        raise RestoreRefused(
            "The backup was made by a newer version of sewerworks: this version does not have the migrations "
            f"{', '.join(newer[:5])}{' ...' if len(newer) > 5 else ''}. Install that version (or a later one) first."
        )
    return applied  # type: ignore[return-value]


def records_present(alias: str) -> list[str]:
    """Tables of this database holding rows (those ``migrate`` fills itself do not count, nor tables that are
    no model's: a search index its triggers keep, such as SQLite's FTS5 shadow tables, is derived data)."""
    connection = connections[alias]
    model_tables = {m._meta.db_table for m in django_apps.get_models(include_auto_created=True)}
    existing = set(connection.introspection.table_names()) & model_tables
    found = []
    with connection.cursor() as cursor:
        for table in sorted(existing - tables.MIGRATE_FILLS - tables.SKIPPED_TABLES - {"django_migrations"}):
            cursor.execute(f"SELECT 1 FROM {connection.ops.quote_name(table)} LIMIT 1")  # noqa: S608
            if cursor.fetchone():
                found.append(table)
    return found


def _lines(archive: tarfile.TarFile, name: str) -> Iterator[str]:
    handle: IO[bytes] = archive.extractfile(name)  # type: ignore[assignment]
    for raw in handle:
        yield raw.decode("utf-8")


def _empty_tables(models: list[Any], alias: str) -> None:
    connection = connections[alias]
    names = [connection.ops.quote_name(m._meta.db_table) for m in models]
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(f"TRUNCATE {', '.join(names)} CASCADE")
        else:
            for name in reversed(names):
                cursor.execute(f"DELETE FROM {name}")  # noqa: S608


def restore_backup(
    path: Path, *, alias: str = "default", force: bool = False, media_root: Path | None = None
) -> dict[str, Any]:
    """Restore the archive ``path`` into the database ``alias``; return {table: rows} loaded."""
    media = Path(media_root or settings.MEDIA_ROOT)
    with tarfile.open(path, "r:*") as archive:
        manifest = read_manifest(archive)
        verify_checksums(archive, manifest)
        applied = backup_migrations(manifest, alias)
        present = records_present(alias)
        if present and not force:
            raise RestoreRefused(
                f"This database already holds records in {len(present)} tables ({', '.join(present[:5])}"
                f"{' ...' if len(present) > 5 else ''}): "
                "restoring would replace them. Restore into an empty database, or pass --force to replace them."
            )
        connection = connections[alias]
        executor = MigrationExecutor(connection)
        executor.migrate(tables.leaf_targets(executor.loader, applied))  # type: ignore[arg-type]
        models = tables.table_models(tables.state_apps(applied, alias))
        loaded: dict[str, int] = {}
        with transaction.atomic(using=alias):
            _empty_tables(models, alias)
            for model in models:
                table = model._meta.db_table
                if table not in manifest["tables"]:
                    raise RestoreRefused(f"The backup has no table {table}, which its migration state has.")
                loaded[table] = tables.insert_rows(model, _lines(archive, f"tables/{table}.jsonl"), alias)
            with connection.cursor() as cursor:
                for sql in connection.ops.sequence_reset_sql(no_style(), models):
                    cursor.execute(sql)
            for model in models:
                table = model._meta.db_table
                rows, digest = tables.table_digest(model, alias)
                if (rows, digest) != (manifest["tables"][table]["rows"], manifest["tables"][table]["sha256"]):
                    raise RuntimeError(f"{table}: the restored rows differ from the backup's; nothing was kept.")
        _restore_files(archive, manifest, media)
    call_command("migrate", database=alias, verbosity=0, interactive=False)
    generation.move_on(using=alias)  # figures kept from before the restore are stale (the dashboard's panels)
    return loaded


def _restore_files(archive: tarfile.TarFile, manifest: dict[str, Any], media: Path) -> None:
    for name in manifest["files"]:
        target = (media / name).resolve()
        if media.resolve() not in target.parents:
            raise RestoreRefused(f"The backup names a file outside the uploads folder: {name}.")
        target.parent.mkdir(parents=True, exist_ok=True)
        with archive.extractfile(f"media/{name}") as source, target.open("wb") as out:  # type: ignore[union-attr]
            shutil.copyfileobj(source, out)
