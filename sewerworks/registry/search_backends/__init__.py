"""The substring half of the registry search box, behind one interface with one implementation per database.

``backend()`` gives the implementation for the default connection's vendor: SQLite FTS5 tables with the
``trigram`` tokenizer (``sqlite.py``), PostgreSQL ``pg_trgm`` GIN indexes (``postgres.py``). Both answer
"which owners' names / parcels' addresses contain this text" and "which parcels' tax map numbers, without
their separators, start with these characters" from an index, where ``LIKE '%vans%'`` on a plain column
would read every row (a million parcels: hundreds of milliseconds a query).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sewerworks.registry.search_backends.base import MIN_SUBSTRING, SearchBackend, tax_map_compact
from sewerworks.registry.search_backends.sqlite import SqliteTrigram

__all__ = ["MIN_SUBSTRING", "SearchBackend", "backend", "bulk_load", "install", "tax_map_compact"]


def backend(connection: Any = None) -> SearchBackend:
    """The search backend for ``connection`` (default: Django's default connection)."""
    if connection is None:
        from django.db import connection as default

        connection = default
    if connection.vendor == "postgresql":
        from sewerworks.registry.search_backends.postgres import PostgresTrigram

        return PostgresTrigram(connection)
    from sewerworks.registry.search_backends.sqlite import SqliteTrigram

    return SqliteTrigram(connection)


def install(connection: Any) -> None:
    """Create the database's search index if it is missing (idempotent; run by the registry's migration
    and after every ``migrate``, because SQLite drops a table's triggers when a later migration remakes it)."""
    backend(connection).install()


@contextmanager
def bulk_load(connection: Any = None) -> Iterator[None]:
    """For a load of many thousands of rows on SQLite, inside its transaction: the FTS5 triggers are dropped
    before and the index built once after, from all the rows (one INSERT ... SELECT fills it about four
    times faster than the triggers row by row). If the load fails, the rollback puts everything back.
    PostgreSQL keeps its GIN index as the rows go in: it refuses CREATE INDEX in a transaction with
    deferred foreign-key checks pending, as a bulk load's transaction has."""
    index = backend(connection)
    if not isinstance(index, SqliteTrigram):
        yield
        return
    index.uninstall()
    yield
    index.install()
