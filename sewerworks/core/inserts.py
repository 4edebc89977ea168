"""New rows of a model written at once: ``insert_rows``.

Django's ``bulk_create`` on PostgreSQL sends the rows as one array per column (``INSERT … SELECT * FROM
UNNEST(…)``); with client-side binding psycopg builds each array literal in Python, escaping every element with a
regular expression. For thousands of rows with long text or JSON (a period's stored decisions, ~2.7 kB each) that
escaping was most of the write: 12,597 decisions took 5 to 9 s. ``COPY … FROM STDIN`` formats the rows in
psycopg's C code (about 1 s for the same rows); the ids are drawn from the table's sequence first, in one
statement, so the rows come back with their primary keys as ``bulk_create``'s do. Other databases (SQLite)
take ``bulk_create``, which is quick there.

The values are each field's ``pre_save`` (``auto_now_add`` stamps) and ``get_db_prep_save``, as Django's insert
compiler prepares them. No signal is sent (as with ``bulk_create``): the caller says what it wrote. A ``COPY``
is the one write the table generations cannot see in the statement (``core.records.generation``): each function
in ``COPIED`` (the generations add theirs) is told the table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from django.db import DEFAULT_DB_ALIAS, connections, models

__all__ = ["COPY_FROM", "insert_rows", "insert_values"]

M = TypeVar("M", bound=models.Model)
COPIED: list[Callable[[str], None]] = []  # told each table a COPY wrote
COPY_FROM = 50  # fewer rows than this go by bulk_create: a COPY and a sequence draw are two round trips anyway


def insert_rows(model: type[M], objs: Sequence[M]) -> list[M]:
    """Insert ``objs`` (new rows of ``model``, no primary key set) and give them their ids; returns them."""
    objs = list(objs)
    connection = connections[DEFAULT_DB_ALIAS]
    if connection.vendor != "postgresql" or len(objs) < COPY_FROM:
        return model._default_manager.bulk_create(objs)
    opts = model._meta
    pk = opts.pk
    if not isinstance(pk, models.AutoField | models.BigAutoField) or any(o.pk is not None for o in objs):
        return model._default_manager.bulk_create(objs)
    fields = [f for f in opts.concrete_fields if not f.generated and f is not pk]
    qn = connection.ops.quote_name
    columns = ", ".join(qn(f.column) for f in [pk, *fields])
    with connection.cursor() as cursor:
        cursor.execute("SELECT nextval(pg_get_serial_sequence(%s, %s)) FROM generate_series(1, %s)",
                       [qn(opts.db_table), pk.column, len(objs)])  # fmt: skip
        ids = [row[0] for row in cursor.fetchall()]
        with cursor.cursor.copy(f"COPY {qn(opts.db_table)} ({columns}) FROM STDIN") as copy:
            for obj, new_id in zip(objs, ids, strict=True):
                copy.write_row([new_id, *(f.get_db_prep_save(f.pre_save(obj, True), connection) for f in fields)])
    for told in COPIED:
        told(opts.db_table)
    for obj, new_id in zip(objs, ids, strict=True):
        obj.pk = new_id
        obj._state.adding = False
        obj._state.db = DEFAULT_DB_ALIAS
    return objs


def insert_values(model: type[models.Model], columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    """Insert plain rows (values already in the database's form, e.g. a many-to-many table's pairs) into
    ``columns`` of ``model``'s table, the other columns taking their defaults: a ``COPY`` on PostgreSQL, one
    ``executemany`` elsewhere. No model instance is made (thousands of them cost more than the insert)."""
    if not rows:
        return
    connection = connections[DEFAULT_DB_ALIAS]
    qn = connection.ops.quote_name
    table, names = qn(model._meta.db_table), ", ".join(qn(c) for c in columns)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql" and len(rows) >= COPY_FROM:
            with cursor.cursor.copy(f"COPY {table} ({names}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
            for told in COPIED:
                told(model._meta.db_table)
            return
        marks = ", ".join(["%s"] * len(columns))
        cursor.executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})", rows)  # noqa: S608 - names quoted
