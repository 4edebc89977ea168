"""Every table as portable JSON lines: the format a backup restores from, on either database (I-95).

I-95: a backup's portable copy is one JSON-lines file per table, rows in primary-key order, each row a
JSON array of its column values in the order the manifest lists the columns; values are JSON's own
(integers, strings, booleans, null), a decimal amount is a string ("1234.50", never a float), a moment is
an ISO 8601 string with its UTC offset, binary is base64, and a JSON column is kept as JSON. It is read
through each field's own conversion (so money in integer cents comes back as the same cents) and written
back with the column values untouched (no ``auto_now``, no defaults, no signals): each table's digest,
the SHA-256 of its file, is the same before and after, which the restore checks. Chosen over Django's
``dumpdata``: that writes one object at a time (an UPDATE tried before each INSERT on load), drops
``auto_now`` values on some paths and follows model managers and natural keys rather than tables; this
keeps every row, including history and queue tables, exactly, and loads in batches.

The tables are those of the migration state the database is at (historical models, not today's code),
so a backup from an older version restores into a newer one: the restore loads it at its own state,
then migrates forward.
"""

from __future__ import annotations

import base64
import datetime as dt
import decimal
import hashlib
import json
import uuid
from collections.abc import Iterator
from typing import Any

from django.apps.registry import Apps
from django.db import connections, models
from django.db.migrations.loader import MigrationLoader
from django.utils.duration import duration_string

# Not carried over: sessions (a restore signs everyone out), workers' heartbeats (of another machine), the
# table generations (core.records.generation: counters of this database's changes, moved on by the restore itself).
SKIPPED_TABLES = frozenset({"django_session", "core_workerheartbeat", "core_tablegeneration"})
# Filled by ``migrate`` itself on an empty database (content types, permissions, the role groups of
# core.access.roles): their rows are replaced by the backup's.
MIGRATE_FILLS = frozenset({"django_content_type", "auth_permission", "auth_group", "auth_group_permissions"})
BATCH = 2000

Node = tuple[str, str]


def applied_migrations(alias: str = "default") -> set[Node]:
    return set(MigrationLoader(connections[alias], ignore_no_migrations=True).applied_migrations)


def leaf_targets(loader: MigrationLoader, applied: set[Node]) -> list[tuple[str, str | None]]:
    """Per app of the code, the last of ``applied`` (``None``: none of the app's migrations)."""
    targets: list[tuple[str, str | None]] = []
    for app in sorted(loader.migrated_apps):
        mine = [n for n in applied if n[0] == app]
        ancestors = {a for n in mine for a in loader.graph.forwards_plan(n) if a != n}
        leaves = [n for n in mine if n not in ancestors]
        targets.extend(leaves or [(app, None)])  # type: ignore[list-item]
    return targets


def state_apps(applied: set[Node], alias: str = "default") -> Apps:
    """The models as they were at the migration state ``applied``."""
    loader = MigrationLoader(connections[alias], ignore_no_migrations=True)
    nodes = [t for t in leaf_targets(loader, applied) if t[1] is not None]
    return loader.project_state(nodes, at_end=True).apps  # type: ignore[arg-type]


def table_models(apps: Apps) -> list[type[models.Model]]:
    """One model per table, parents before the tables that refer to them."""
    by_table: dict[str, type[models.Model]] = {}
    for model in apps.get_models(include_auto_created=True):
        meta = model._meta
        if meta.managed and not meta.proxy and meta.db_table not in SKIPPED_TABLES:
            by_table.setdefault(meta.db_table, model)
    ordered: list[type[models.Model]] = []
    seen: set[str] = set()

    def visit(table: str, path: frozenset[str]) -> None:
        if table in seen or table in path:
            return
        for field in by_table[table]._meta.concrete_fields:
            related: Any = field.related_model if field.is_relation else None
            target = related._meta.db_table if related is not None and related != "self" else None
            if target in by_table and target != table:
                visit(target, path | {table})
        seen.add(table)
        ordered.append(by_table[table])

    for table in sorted(by_table):
        visit(table, frozenset())
    return ordered


def columns(model: type[models.Model]) -> list[models.Field[Any, Any]]:
    return list(model._meta.concrete_fields)


def encode(value: Any) -> Any:
    if isinstance(value, decimal.Decimal):
        return str(value)
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, dt.timedelta):
        return duration_string(value)
    if isinstance(value, uuid.UUID):
        return str(value)
    if isinstance(value, bytes | memoryview):
        return base64.b64encode(bytes(value)).decode("ascii")
    return value


def decode(field: models.Field[Any, Any], value: Any) -> Any:
    if value is None or isinstance(field, models.JSONField):
        return value
    return field.to_python(value)


def row_lines(model: type[models.Model], alias: str) -> Iterator[str]:
    names = [f.attname for f in columns(model)]
    query = model._base_manager.using(alias).order_by(model._meta.pk.attname).values_list(*names)
    for row in query.iterator(chunk_size=BATCH):
        yield json.dumps([encode(v) for v in row], ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n"


def table_digest(model: type[models.Model], alias: str) -> tuple[int, str]:
    """(rows, SHA-256 of the table's JSON lines): equal on two databases when every row is identical."""
    digest, count = hashlib.sha256(), 0
    for line in row_lines(model, alias):
        digest.update(line.encode())
        count += 1
    return count, digest.hexdigest()


def database_digests(alias: str = "default") -> dict[str, tuple[int, str]]:
    apps = state_apps(applied_migrations(alias), alias)
    return {m._meta.db_table: table_digest(m, alias) for m in table_models(apps)}


def insert_rows(model: type[models.Model], lines: Iterator[str], alias: str) -> int:
    """Insert the rows of a table's JSON lines as they are (raw: no auto_now, no defaults, no signals)."""
    fields = columns(model)
    batch: list[models.Model] = []
    count = 0
    for line in lines:
        values = json.loads(line)
        obj = model(**{f.attname: decode(f, v) for f, v in zip(fields, values, strict=True)})
        batch.append(obj)
        if len(batch) >= BATCH:
            model._base_manager.using(alias)._insert(batch, fields=fields, raw=True, using=alias)  # type: ignore[attr-defined]
            count += len(batch)
            batch = []
    if batch:
        model._base_manager.using(alias)._insert(batch, fields=fields, raw=True, using=alias)  # type: ignore[attr-defined]
        count += len(batch)
    return count
