"""Bill runs exclude each other with ``core.jobs.locks.run_lock``: a lock the operating system or the database
releases when the process holding it dies (a PostgreSQL advisory lock, an ``flock`` on SQLite), never with a
status row (which a killed run would leave set).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sewerworks.core.jobs.locks import run_lock

ADVISORY_KEY = 118_52_0001  # "bill runs", one key for every period: at most one run writes bills at a time


class BillRunBusy(RuntimeError):
    """Another bill run (or posting) holds the lock."""

    def __init__(self) -> None:
        super().__init__("Another bill run or posting is in progress; try again when it has finished.")


@contextmanager
def bill_run_lock() -> Iterator[None]:
    """Hold the bill-run lock for the block, or raise :class:`BillRunBusy` at once."""
    with run_lock("bill-run", ADVISORY_KEY, BillRunBusy):
        yield
