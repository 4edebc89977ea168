"""The background job for a large import (more rows than the screens commit while the clerk waits)."""

from __future__ import annotations

from datetime import date

from django.contrib.auth import get_user_model
from django_tasks import task

from sewerworks.core.jobs import JobRun
from sewerworks.registry.imports import staging
from sewerworks.registry.imports.actions import do_import_upload


@task()
def import_upload(job_id: int, token: str, user_id: int, valid_rows_only: bool, as_of: str) -> None:
    """Import the files staged under ``token`` as the user who uploaded them; the job's result names the runs."""
    with JobRun(job_id) as run:
        user = get_user_model().objects.get(pk=user_id)
        files = staging.load(token, user_id=user_id)
        if files is None:
            raise LookupError("The uploaded files are no longer on the server: upload them again.")
        run.progress(done=0, total=len(files), message="Checking and writing the uploaded files.")
        results = do_import_upload(
            acting_user=user, files=[(f.kind, f.name, f.data) for f in files], valid_rows_only=valid_rows_only,
            as_of=date.fromisoformat(as_of),
        )
        run.progress(done=len(files), total=len(files), message="Finished.")
        run.result = {
            "runs": [r.run for r in results if r.run],
            "imported": [{"file": r.file_name, "committed": r.committed, "new": r.new, "updated": r.updated,
                          "unchanged": r.unchanged, "rejected": r.rejected} for r in results],
        }
        staging.discard(token)
