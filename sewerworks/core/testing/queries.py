"""A page's own queries in a test: what a request ran, less the session's (a database session's read, its
renewal and their savepoints: the same on every page on PostgreSQL, absent on SQLite's file sessions)."""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.test.utils import CaptureQueriesContext


def own_queries(client: Any, url: str, **params: Any) -> tuple[Any, list[str]]:
    """The response to ``client.get(url, params)`` and the SQL of the queries that were the page's own."""
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, params)
    sqls = [q["sql"] for q in captured.captured_queries]
    return response, [q for q in sqls if "django_session" not in q and "SAVEPOINT" not in q]
