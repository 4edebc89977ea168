"""The worker's heartbeat: a row the worker process rewrites while it lives, read by ``/healthz``.

``sewerworks worker`` starts :class:`Heartbeat`, a daemon thread that writes :class:`WorkerHeartbeat`
every ``SEWERWORKS_HEARTBEAT_SECONDS`` (default 30) for as long as the worker's main thread runs; when
the worker is killed, the row stops changing and ``/healthz`` shows its age growing. A beat that cannot
be written (the database busy or down for a moment) is logged and tried again at the next one.
"""

from __future__ import annotations

import datetime as dt
import logging
import threading

from django.conf import settings
from django.db import DatabaseError, connection
from django.utils import timezone

from sewerworks.core.jobs.workers import this_worker
from sewerworks.core.models import WorkerHeartbeat

logger = logging.getLogger(__name__)
DEFAULT_SECONDS = 30


def interval_seconds() -> float:
    return float(getattr(settings, "SEWERWORKS_HEARTBEAT_SECONDS", DEFAULT_SECONDS))


def beat(*, started_at: dt.datetime, now: dt.datetime | None = None) -> WorkerHeartbeat:
    """Write this process's heartbeat (one UPDATE or INSERT)."""
    host, pid, _ = this_worker()
    row, _ = WorkerHeartbeat.objects.update_or_create(
        worker=f"{host}:{pid}"[:250],
        defaults={"host": host, "pid": pid, "started_at": started_at, "beat_at": now or timezone.now()},
    )
    return row


def last_heartbeat() -> WorkerHeartbeat | None:
    return WorkerHeartbeat.objects.order_by("-beat_at").first()


class Heartbeat(threading.Thread):
    """Beats until the main thread ends or :meth:`stop` is called."""

    def __init__(self, seconds: float | None = None) -> None:
        super().__init__(name="sewerworks-heartbeat", daemon=True)
        self.seconds = seconds if seconds is not None else interval_seconds()
        self.started_at = timezone.now()
        self._stop_event = threading.Event()

    def stop(self) -> None:
        self._stop_event.set()

    def run(self) -> None:
        main = threading.main_thread()
        try:
            while True:  # the first beat is written as the worker starts, however soon it stops
                try:
                    beat(started_at=self.started_at)
                except DatabaseError as exc:  # busy or down: the next beat tries again
                    logger.warning("worker heartbeat not written: %s", exc)
                    connection.close()
                if self._stop_event.wait(self.seconds) or not main.is_alive():
                    return
        finally:
            connection.close()
