"""A consistent snapshot of the live database, taken while clerks keep working.

SQLite: the online backup API copies the database file in one step under a read transaction (WAL mode:
writers go on meanwhile); the portable tables are then read from that copy, so both say the same.
PostgreSQL: a REPEATABLE READ transaction exports its snapshot; ``pg_dump --snapshot`` dumps exactly that
snapshot while the portable tables are read inside the same transaction.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from django.db import connections, transaction
from django.db.utils import load_backend

SNAPSHOT_ALIAS = "backup_snapshot"


@contextlib.contextmanager
def _alias(settings_dict: dict[str, Any]) -> Iterator[str]:
    """A connection of this thread only, made for the snapshot (not a configured database)."""
    connections[SNAPSHOT_ALIAS] = load_backend(settings_dict["ENGINE"]).DatabaseWrapper(settings_dict, SNAPSHOT_ALIAS)
    try:
        yield SNAPSHOT_ALIAS
    finally:
        connections[SNAPSHOT_ALIAS].close()
        del connections[SNAPSHOT_ALIAS]


@contextlib.contextmanager
def database_snapshot(workdir: Path, alias: str = "default") -> Iterator[tuple[str, Path]]:
    """Write the database's native copy under ``workdir``; yield (an alias reading the same snapshot, file)."""
    source = connections[alias].settings_dict
    if connections[alias].vendor == "sqlite":
        target = workdir / "database.sqlite3"
        with contextlib.closing(sqlite3.connect(source["NAME"], timeout=60)) as src:
            with contextlib.closing(sqlite3.connect(target)) as dst:
                src.backup(dst)  # all pages in one step: one read transaction, writers unaffected (WAL)
                dst.execute("PRAGMA journal_mode=DELETE")
        copy = {**source, "NAME": str(target), "OPTIONS": {}, "CONN_MAX_AGE": 0}
        with _alias(copy) as snap:
            yield snap, target
        return
    if connections[alias].vendor != "postgresql":
        raise NotImplementedError(f"backup of a {connections[alias].vendor} database")
    target = workdir / "database.pgdump"
    with _alias({**source, "CONN_MAX_AGE": 0}) as snap, transaction.atomic(using=snap):
        with connections[snap].cursor() as cursor:
            cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            cursor.execute("SELECT pg_export_snapshot()")
            snapshot_id = cursor.fetchone()[0]
        pg_dump(source, target, snapshot_id)
        yield snap, target


def pg_environment(settings_dict: dict[str, Any]) -> dict[str, str]:
    env = dict(os.environ)
    for key, name in (("HOST", "PGHOST"), ("PORT", "PGPORT"), ("USER", "PGUSER"), ("PASSWORD", "PGPASSWORD")):
        if settings_dict.get(key):
            env[name] = str(settings_dict[key])
    env["PGDATABASE"] = str(settings_dict["NAME"])
    return env


def pg_dump(settings_dict: dict[str, Any], target: Path, snapshot_id: str) -> None:
    """``pg_dump -Fc`` of exactly the exported snapshot (the password goes by the environment, never argv)."""
    result = subprocess.run(  # noqa: S603 - fixed program, arguments ours
        ["pg_dump", "--format=custom", "--no-owner", f"--snapshot={snapshot_id}", f"--file={target}"],  # noqa: S607
        env=pg_environment(settings_dict),
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise RuntimeError(f"pg_dump failed: {result.stderr.strip()}")
