"""Bill runs exclude each other with a lock the operating system or the database releases when the
process holding it dies, never with a status row (which a killed run would leave set).

PostgreSQL: a session-level advisory lock (``pg_try_advisory_lock``), released when the connection
closes, which it does when the process dies. SQLite: an exclusive ``fcntl.flock`` on a lock file under
``SEWERWORKS_VAR``, which the kernel releases when the process dies; a ``BEGIN IMMEDIATE`` per chunk would
let a second run interleave its chunks between ours.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.db import connection

ADVISORY_KEY = 118_52_0001  # "bill runs", one key for every period: at most one run writes bills at a time


class BillRunBusy(RuntimeError):
    """Another bill run (or posting) holds the lock."""

    def __init__(self) -> None:
        super().__init__("Another bill run or posting is in progress; try again when it has finished.")


@contextmanager
def bill_run_lock() -> Iterator[None]:
    """Hold the bill-run lock for the block, or raise :class:`BillRunBusy` at once."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_try_advisory_lock(%s)", [ADVISORY_KEY])
            (got,) = cursor.fetchone()
        if not got:
            raise BillRunBusy()
        try:
            yield
        finally:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [ADVISORY_KEY])
        return
    # One lock per database file: runs on the same database exclude each other, others do not (two test
    # workers each have their own database and must not refuse each other's runs).
    database = hashlib.sha256(str(connection.settings_dict["NAME"]).encode()).hexdigest()[:16]
    path = settings.VAR_DIR / "locks" / f"bill-run-{database}.lock"
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise BillRunBusy() from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        yield
    finally:
        os.close(fd)  # closing releases the flock
