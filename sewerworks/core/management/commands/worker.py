"""sewerworks worker: run background jobs (bill runs, batch PDFs, imports) from the database queue.

While it runs it writes a heartbeat (``core.jobs.heartbeat``) that ``/healthz`` reports. As it starts, a
worker marks the jobs of workers that died (killed, out of memory, a restart) as
interrupted, so that none stays "running" forever; ``sewerworks jobs --rerun ID`` runs one again.
"""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand

from sewerworks.core.jobs.heartbeat import Heartbeat
from sewerworks.core.jobs.workers import recover_interrupted_jobs


class Command(BaseCommand):
    help = "Run queued background jobs. `--batch` runs what is queued, then exits."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--batch", action="store_true", help="Process the queued jobs, then exit.")
        parser.add_argument("--interval", type=float, default=1.0, help="Seconds between polls when idle.")

    def handle(self, *args: Any, **opts: Any) -> None:
        for job in recover_interrupted_jobs():
            self.stderr.write(f"Job {job.pk} ({job.title}) was interrupted: its worker stopped. Rerun it if needed.")
        heartbeat = Heartbeat()  # /healthz reports the age of its last beat
        heartbeat.start()
        try:
            call_command("db_worker", batch=opts["batch"], interval=opts["interval"], reload=False, queue_name="*")
        finally:
            heartbeat.stop()
            heartbeat.join(timeout=10)
