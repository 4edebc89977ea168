"""A task for the worker tests: it starts, says so, and waits until the test releases it."""

from __future__ import annotations

import os
import time
from pathlib import Path

from django_tasks import task

from sewerworks.core.jobs.runner import JobRun


@task()
def wait_for_release(job_id: int, started: str, release: str) -> None:
    """Write this process's pid to ``started``, then wait (at most a minute) for the file ``release``."""
    with JobRun(job_id) as run:
        Path(started).write_text(str(os.getpid()), encoding="utf-8")
        run.progress(done=1, total=2, message="Started; waiting to be released.")
        give_up = time.monotonic() + 60
        while not Path(release).exists():
            if time.monotonic() > give_up:
                raise TimeoutError("never released")
            time.sleep(0.05)
        run.progress(done=2, total=2, message="Released.")
        run.result = {"released": True}
