"""Small writes on the request path (an API token's last use, a user's last login) that must never make a
request wait behind a batch holding the database's write lock, nor fail it.

On SQLite a writer waits up to the connection's busy timeout (20 s) for the lock; these writes wait at
most ``QUICK_WRITE_WAIT_MS`` and are then skipped: the record they keep is a convenience, the request
is what matters. On PostgreSQL row locks make the wait rare; ``lock_timeout`` bounds it the same way.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.db import DatabaseError, connection, transaction

log = logging.getLogger(__name__)

QUICK_WRITE_WAIT_MS = 100


def _busy_timeout_ms() -> int:
    return int(float(settings.DATABASES["default"].get("OPTIONS", {}).get("timeout", 5)) * 1000)


def write_if_free(work: Callable[[], Any], *, what: str, wait_ms: int = QUICK_WRITE_WAIT_MS) -> bool:
    """Run ``work`` (one small write); skip it, returning False, if the database stays busy for ``wait_ms``."""
    vendor = connection.vendor
    try:
        if vendor == "sqlite":
            with connection.cursor() as cursor:
                cursor.execute(f"PRAGMA busy_timeout = {int(wait_ms)}")
            try:
                _run(work)
            finally:
                with connection.cursor() as cursor:
                    cursor.execute(f"PRAGMA busy_timeout = {_busy_timeout_ms()}")
        elif vendor == "postgresql":
            with transaction.atomic():
                with connection.cursor() as cursor:
                    cursor.execute(f"SET LOCAL lock_timeout = '{int(wait_ms)}ms'")
                work()
        else:  # pragma: no cover - the two databases the product runs on
            _run(work)
    except DatabaseError as exc:
        log.warning("skipped %s: the database is busy (%s)", what, exc)
        return False
    return True


def _run(work: Callable[[], Any]) -> None:
    """Inside a transaction (a test, a view that opened one) in a savepoint, so a skipped write spoils
    nothing; otherwise as one statement in autocommit, which takes the lock only for itself."""
    if connection.in_atomic_block:
        with transaction.atomic():
            work()
    else:
        work()
