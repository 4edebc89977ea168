"""Background jobs of the import screens: the preview of a large upload, and the commit of a large one."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone
from django_tasks import task

from sewerworks.core.access.permissions import require
from sewerworks.core.imports import staging
from sewerworks.core.imports.kinds import get_kind
from sewerworks.core.imports.runner import do_import_files, result_of
from sewerworks.core.imports.writer import batch_priority
from sewerworks.core.jobs.runner import JobRun


@task()
def preview_upload_job(
    job_id: int, token: str, user_id: int, as_of: str, context: dict[str, Any] | None = None
) -> None:
    """Preview the files staged under ``token``, reading each from disk in bounded memory; the preview is
    kept next to the files and the job's result says so."""
    batch_priority()
    with JobRun(job_id) as run:
        user = get_user_model().objects.get(pk=user_id)
        files = staging.paths(token, user_id=user_id)
        if files is None:
            raise LookupError("The uploaded files are no longer on the server: upload them again.")
        kinds = sorted(((get_kind(k), name, path) for k, name, path in files), key=lambda f: f[0].order)
        for kind, _, _ in kinds:
            require(user, kind.permission, kind.what, who_may=kind.who_may)
        context = dict(context or {})
        results = []
        for kind, name, path in kinds:

            def progress(done: int, total: int, message: str, _name: str = name) -> None:
                run.progress(done=done, total=total or None, message=f"{_name}: {message}")

            checked = kind.preview_file(path, context=context, as_of=date.fromisoformat(as_of), progress=progress)
            results.append(result_of(kind, name, checked))
        staging.save_preview(token, results)
        run.result = {"token": token, "rows": sum(r.rows for r in results)}


@task()
def import_upload(
    job_id: int, token: str, user_id: int, valid_rows_only: bool, as_of: str, context: dict[str, Any] | None = None
) -> None:
    """Import the files staged under ``token`` as the user who uploaded them; the job's result names the runs."""
    batch_priority()
    with JobRun(job_id) as run:
        user = get_user_model().objects.get(pk=user_id)
        files = staging.load(token, user_id=user_id)
        if files is None:
            raise LookupError("The uploaded files are no longer on the server: upload them again.")
        run.progress(done=0, total=len(files), message="Checking and writing the uploaded files.")
        results = do_import_files(
            acting_user=user,
            files=[(f.kind, f.name, f.data) for f in files],
            valid_rows_only=valid_rows_only,
            as_of=date.fromisoformat(as_of),
            context=context,
        )
        run.progress(done=len(files), total=len(files), message="Finished.")
        run.result = {
            "runs": [r.run for r in results if r.run],
            "imported": [
                {"file": r.file_name, "committed": r.committed, **r.counts, "rejected": r.rejected} for r in results
            ],
        }
        staging.discard(token)


def today() -> str:
    return timezone.localdate().isoformat()
