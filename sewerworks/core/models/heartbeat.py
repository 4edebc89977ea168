from __future__ import annotations

from django.db import models


class WorkerHeartbeat(models.Model):
    """A background worker's sign of life: one row per worker process, rewritten every half-minute.

    ``/healthz`` reports the age of the newest one, so the Town's monitoring can tell a server whose
    worker has stopped (no imports, PDFs or parameter checks will run) from one that is merely idle.
    """

    worker = models.CharField(
        "worker", max_length=250, unique=True, help_text="host:pid of the worker process, e.g. 'sewer1:4121'."
    )
    host = models.CharField("host", max_length=200)
    pid = models.PositiveIntegerField("process id")
    started_at = models.DateTimeField("worker started")
    beat_at = models.DateTimeField("last heartbeat", db_index=True)

    class Meta:
        verbose_name = "worker heartbeat"
        verbose_name_plural = "worker heartbeats"

    def __str__(self) -> str:
        return f"{self.worker} at {self.beat_at:%Y-%m-%d %H:%M:%S}"
