"""sewerworks jobs: background jobs and their progress (the same records the Jobs screen shows).

``sewerworks jobs`` lists recent jobs, ``sewerworks jobs ID`` shows one, ``sewerworks jobs --rerun ID``
runs an interrupted or failed job again with the same arguments (as ``--as-user``, default
$SEWERWORKS_USER, else your login name).
"""

from __future__ import annotations

import getpass
import json
import os
from argparse import ArgumentParser
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management.base import BaseCommand, CommandError

from sewerworks.core.jobs.runner import do_rerun_job
from sewerworks.core.models import Job


class Command(BaseCommand):
    help = "List recent background jobs, show one (`jobs ID`), or rerun one (`jobs --rerun ID`)."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("job_id", nargs="?", type=int, help="Show this job in full.")
        parser.add_argument("--rerun", type=int, metavar="ID", help="Run this interrupted or failed job again.")
        parser.add_argument("--as-user", metavar="USERNAME", help="Who reruns it (default: $SEWERWORKS_USER).")

    def handle(self, *args: Any, **opts: Any) -> None:
        if opts["rerun"] is not None:
            self._rerun(opts["rerun"], opts.get("as_user"))
            return
        if opts["job_id"] is None:
            for job in Job.objects.all()[:30]:
                progress = f"{job.done}/{job.total}" if job.total else str(job.done)
                hint = f"  (rerun: sewerworks jobs --rerun {job.pk})" if job.may_rerun else ""
                self.stdout.write(f"{job.pk:>5}  {job.status:<11} {progress:>12}  {job.title}{hint}")
            return
        job = self._job(opts["job_id"])
        percent = f" ({job.percent}%)" if job.percent is not None else ""
        self.stdout.write(f"{job.title} [{job.kind}]: {job.status}, {job.done} of {job.total or '?'}{percent}")
        if job.message:
            self.stdout.write(job.message)
        if job.result:
            self.stdout.write(json.dumps(job.result, indent=2, default=str))

    def _job(self, job_id: int) -> Job:
        found = Job.objects.filter(pk=job_id).first()
        if found is None:
            raise CommandError(f"No job {job_id}.")
        return found

    def _rerun(self, job_id: int, username: str | None) -> None:
        name = username or os.environ.get("SEWERWORKS_USER") or getpass.getuser()
        user = get_user_model().objects.filter(username=name, is_active=True).first()
        if user is None:
            raise CommandError(f"There is no active user {name!r}: name one with --as-user.")
        try:
            job = do_rerun_job(self._job(job_id), acting_user=user)
        except (PermissionDenied, ValidationError) as exc:
            raise CommandError(" ".join(getattr(exc, "messages", [str(exc)]))) from exc
        self.stdout.write(f"Job {job.pk} queued again (attempt {job.attempts}); a worker will run it.")
