"""INSERT statements compiled before the write transaction, so the transaction only runs them.

Turning model objects into SQL parameters (and building their history rows) is most of an import's
time, and all of it is Python: done inside the transaction it would hold SQLite's write lock for it.
Here it is done first; the transaction then executes ready statements, which takes milliseconds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models.sql import InsertQuery
from django.utils import timezone
from simple_history.utils import get_change_reason_from_object

Compiled = list[tuple[str, Sequence[Any]]]


def compile_inserts(model: Any, objs: Sequence[Any], *, returning: bool) -> Compiled:
    """The INSERT statements for ``objs`` (new rows of ``model``), in batches the database accepts.

    Each value goes through its field's ``pre_save`` and ``get_db_prep_save``, as Django's insert compiler
    does; the statement is written here, in one go, because the compiler's per-value bookkeeping was
    half an import's time. A field that needs its own placeholder or a database default goes the
    compiler's way (:func:`django_inserts`)."""
    connection = connections[DEFAULT_DB_ALIAS]
    opts = model._meta
    fields = [f for f in opts.concrete_fields if not f.generated and f is not opts.auto_field]
    if any(hasattr(f, "get_placeholder") or f.has_db_default() for f in fields):
        return django_inserts(model, objs, returning=returning)
    qn = connection.ops.quote_name
    table = qn(opts.db_table)
    head = f"INSERT INTO {table} ({', '.join(qn(f.column) for f in fields)}) VALUES "  # noqa: S608 - names quoted
    tail = f" RETURNING {table}.{qn(opts.pk.column)}" if returning else ""
    one = "(" + ", ".join(["%s"] * len(fields)) + ")"
    size = max(1, connection.ops.bulk_batch_size(fields, objs))
    out: Compiled = []
    for start in range(0, len(objs), size):
        part = objs[start : start + size]
        params = [f.get_db_prep_save(f.pre_save(obj, True), connection) for obj in part for f in fields]
        out.append((head + ", ".join([one] * len(part)) + tail, params))
    return out


def django_inserts(model: Any, objs: Sequence[Any], *, returning: bool) -> Compiled:
    """The same statements through Django's insert compiler."""
    connection = connections[DEFAULT_DB_ALIAS]
    opts = model._meta
    fields = [f for f in opts.concrete_fields if not f.generated and f is not opts.auto_field]
    size = max(1, connection.ops.bulk_batch_size(fields, objs))
    out: Compiled = []
    for start in range(0, len(objs), size):
        query = InsertQuery(model)
        query.insert_values(fields, list(objs[start : start + size]), raw=False)
        compiler = query.get_compiler(using=DEFAULT_DB_ALIAS)
        if returning:
            compiler.returning_fields = [opts.pk]
        out.extend(compiler.as_sql())
    return out


def run_inserts(compiled: Compiled, objs: Sequence[Any] | None = None) -> None:
    """Execute compiled INSERTs (inside the caller's transaction); with ``objs``, give them their new ids."""
    connection = connections[DEFAULT_DB_ALIAS]
    ids: list[Any] = []
    with connection.cursor() as cursor:
        for sql, params in compiled:
            cursor.execute(sql, params)
            if objs is not None:
                ids.extend(row[0] for row in cursor.fetchall())
    if objs is not None:
        if len(ids) != len(objs):  # pragma: no cover - both databases return every inserted id
            raise RuntimeError(f"The database returned {len(ids)} ids for {len(objs)} new rows.")
        for obj, pk in zip(objs, ids, strict=True):
            obj.pk = pk
            obj._state.adding = False
            obj._state.db = DEFAULT_DB_ALIAS


def history_rows(model: Any, objs: Sequence[Any], *, user: Any, reason: str) -> tuple[Any, list[Any]]:
    """The "created" history rows of ``objs`` (saved, with ids), field for field as simple-history's
    ``bulk_history_create`` makes them (which would also insert them, inside the lock)."""
    history_model = model.history.model
    now = timezone.now()
    rows = []
    for obj in objs:
        row = history_model(
            history_date=now,
            history_user=user,
            history_type="+",
            history_change_reason=get_change_reason_from_object(obj) or reason,
            **{f.attname: getattr(obj, f.attname) for f in history_model.tracked_fields},
        )
        if hasattr(history_model, "history_relation"):  # as simple-history's bulk_history_create does
            row.history_relation_id = obj.pk
        rows.append(row)
    return history_model, rows
