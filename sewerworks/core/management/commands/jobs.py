"""sewerworks jobs: background jobs and their progress (the same records the Jobs screen shows)."""

from __future__ import annotations

import json
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from sewerworks.core.models import Job


class Command(BaseCommand):
    help = "List recent background jobs with their progress, or show one: `sewerworks jobs [ID]`."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("job_id", nargs="?", type=int, help="Show this job in full.")

    def handle(self, *args: Any, **opts: Any) -> None:
        if opts["job_id"] is None:
            for job in Job.objects.all()[:30]:
                progress = f"{job.done}/{job.total}" if job.total else str(job.done)
                self.stdout.write(f"{job.pk:>5}  {job.status:<9} {progress:>12}  {job.title}")
            return
        found = Job.objects.filter(pk=opts["job_id"]).first()
        if found is None:
            raise CommandError(f"No job {opts['job_id']}.")
        job = found
        percent = f" ({job.percent}%)" if job.percent is not None else ""
        self.stdout.write(f"{job.title} [{job.kind}]: {job.status}, {job.done} of {job.total or '?'}{percent}")
        if job.message:
            self.stdout.write(job.message)
        if job.result:
            self.stdout.write(json.dumps(job.result, indent=2, default=str))
