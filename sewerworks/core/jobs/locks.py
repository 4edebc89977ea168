"""Long runs that must not overlap (a bill run, a period's evaluation of lab results) exclude each other with a
lock the operating system or the database releases when the process holding it dies, never with a status row
(which a killed run would leave set).

PostgreSQL: a session-level advisory lock (``pg_try_advisory_lock``), released when the connection closes,
which it does when the process dies. SQLite: an exclusive ``fcntl.flock`` on a lock file under
``SEWERWORKS_VAR``, which the kernel releases when the process dies; a ``BEGIN IMMEDIATE`` per chunk would let
a second run interleave its chunks between ours.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from django.conf import settings
from django.db import connection


@contextmanager
def run_lock(name: str, key: int, busy: Callable[[], Exception]) -> Iterator[None]:
    """Hold the lock ``name`` (advisory ``key`` on PostgreSQL) for the block, or raise ``busy()`` at once."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_try_advisory_lock(%s)", [key])
            (got,) = cursor.fetchone()
        if not got:
            raise busy()
        try:
            yield
        finally:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [key])
        return
    # One lock per database file: runs on the same database exclude each other, others do not (two test
    # workers each have their own database and must not refuse each other's runs).
    database = hashlib.sha256(str(connection.settings_dict["NAME"]).encode()).hexdigest()[:16]
    path = settings.VAR_DIR / "locks" / f"{name}-{database}.lock"
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise busy() from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        yield
    finally:
        os.close(fd)  # closing releases the flock
