"""Import screens for the clerk: upload -> preview (counts and row errors) -> import -> result.

The uploaded bytes wait on the server (``core.imports.staging``) under a random token kept in the session.
An upload larger than the kinds' preview threshold is previewed by a background job (the screen shows its
progress, then the preview); one of more rows than the kinds' job threshold is committed by a background
job; smaller ones while the clerk waits.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import permission_required
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from sewerworks.core.imports import rejects, staging
from sewerworks.core.imports.common import ImportResult
from sewerworks.core.imports.kinds import get_kind
from sewerworks.core.imports.tasks import import_upload, preview_upload_job
from sewerworks.core.jobs import start_job
from sewerworks.core.models import Job
from sewerworks.registry.imports.actions import PERMISSION, do_import_upload, preview_upload
from sewerworks.registry.imports.forms import ImportUploadForm

ROWS_KEY = "registry_import_rows"
PREVIEW_JOB_KEY = "registry_import_preview_job"
JOB_KIND, PREVIEW_JOB_KIND = "registry-import", "registry-import-preview"
ERRORS_SHOWN = 500  # the reject file lists every one


def _user_id(request: HttpRequest) -> int:
    return int(request.user.pk or 0)  # the views require a signed-in user with the import permission


def _staged(request: HttpRequest) -> list[staging.StagedFile] | None:
    return staging.load(request.session.get(staging.SESSION_KEY), user_id=_user_id(request))


def _as_tuples(files: list[staging.StagedFile]) -> list[tuple[str, str, bytes]]:
    return [(f.kind, f.name, f.data) for f in files]


@permission_required(PERMISSION, raise_exception=True)
@require_http_methods(["GET", "POST"])
def import_home(request: HttpRequest) -> HttpResponse:
    """Upload the roll and/or the polygons; they are checked, kept on the server and previewed."""
    form = ImportUploadForm(request.POST, request.FILES) if request.method == "POST" else ImportUploadForm()
    if request.method == "POST" and form.is_valid():
        files = []
        if form.cleaned_data.get("roll_file"):
            files.append(staging.StagedFile("roll", form.roll_name, form.cleaned_data["roll_file"]))
        if form.cleaned_data.get("polygons_file"):
            files.append(staging.StagedFile("polygons", form.polygons_name, form.cleaned_data["polygons_file"]))
        staging.discard(request.session.get(staging.SESSION_KEY))
        request.session[staging.SESSION_KEY] = staging.stage(files, user_id=_user_id(request))
        request.session.pop(ROWS_KEY, None)
        request.session.pop(PREVIEW_JOB_KEY, None)
        return redirect("registry:import_preview")
    status = 400 if request.method == "POST" else 200
    return render(request, "registry/imports/home.html", {"form": form}, status=status)


@permission_required(PERMISSION, raise_exception=True)
@require_http_methods(["GET"])
def import_preview(request: HttpRequest) -> HttpResponse:
    """What the import would do: counts of new, updated and unchanged parcels and every row error."""
    token = request.session.get(staging.SESSION_KEY)
    paths = staging.paths(token, user_id=_user_id(request))
    if token is None or paths is None:
        messages.info(request, "Upload a file to import first (an upload is kept for a day).")
        return redirect("registry:import_home")
    if any(path.stat().st_size > get_kind(kind).preview_job_bytes for kind, _, path in paths):
        results = staging.load_preview(token)
        if results is None:
            return _preview_job_page(request, token)
        if getattr(request, "htmx", False):  # the waiting page polled: load the preview as a page
            return HttpResponseClientRedirect(reverse("registry:import_preview"))
    else:
        results = preview_upload(acting_user=request.user, files=_as_tuples(_staged(request) or []))
    request.session[ROWS_KEY] = sum(r.rows for r in results)
    background = any(r.rows > get_kind(r.kind).job_rows for r in results)
    return render(request, "registry/imports/preview.html", {
        "results": results,
        "has_errors": any(r.errors for r in results),
        "has_file_errors": any(r.file_errors for r in results),
        "has_valid_rows": any(r.new + r.updated + r.unchanged for r in results),
        "errors_shown": ERRORS_SHOWN,
        "background": background,
    })


def _preview_job_page(request: HttpRequest, token: str) -> HttpResponse:
    """A large upload is previewed by a background job: start it once per upload, then show its progress."""
    started = request.session.get(PREVIEW_JOB_KEY) or {}
    job = None
    if started.get("token") == token:
        job = Job.objects.filter(pk=started.get("job") or 0, kind=PREVIEW_JOB_KIND).first()
    if job is None:
        job = start_job(preview_upload_job, kind=PREVIEW_JOB_KIND, title="Preview of the uploaded files",
                        acting_user=request.user, token=token, user_id=_user_id(request),
                        as_of=timezone.localdate().isoformat())
        request.session[PREVIEW_JOB_KEY] = {"token": token, "job": job.pk}
    return render(request, "registry/imports/preview_wait.html", {"job": job})


@permission_required(PERMISSION, raise_exception=True)
@require_POST
def import_commit(request: HttpRequest) -> HttpResponse:
    """Import all rows ("all") or only the valid ones ("valid"), inline or as a background job."""
    paths = staging.paths(request.session.get(staging.SESSION_KEY), user_id=_user_id(request))
    if paths is None:
        messages.info(request, "The upload is no longer on the server: upload the file again.")
        return redirect("registry:import_home")
    mode = request.POST.get("mode")
    if mode not in {"all", "valid"}:
        messages.error(request, "Choose 'Import all' or 'Import valid rows only'.")
        return redirect("registry:import_preview")
    valid_rows_only = mode == "valid"
    token = request.session[staging.SESSION_KEY]
    rows = int(request.session.get(ROWS_KEY) or 0)
    if rows > min(get_kind(kind).job_rows for kind, _, _ in paths):
        names = ", ".join(name for _, name, _ in paths)
        job = start_job(import_upload, kind=JOB_KIND, title=f"Import {names}"[:200],
                        acting_user=request.user, token=token, user_id=request.user.pk,
                        valid_rows_only=valid_rows_only, as_of=timezone.localdate().isoformat())
        request.session.pop(staging.SESSION_KEY, None)
        return redirect(reverse("registry:import_result") + f"?job={job.pk}")
    files = _as_tuples(_staged(request) or [])
    results = do_import_upload(acting_user=request.user, files=files, valid_rows_only=valid_rows_only)
    if not any(r.committed or r.reject_file for r in results):
        messages.error(request, "Nothing was imported: the upload has errors. Correct the file, or import the "
                                "valid rows only.")
        return redirect("registry:import_preview")
    staging.discard(token)
    request.session.pop(staging.SESSION_KEY, None)
    query = "&".join(f"run={r.run}" for r in results if r.run)
    return redirect(reverse("registry:import_result") + "?" + query)


@permission_required(PERMISSION, raise_exception=True)
@require_http_methods(["GET"])
def import_result(request: HttpRequest) -> HttpResponse:
    """What an import did, with the reject file to download; for a background job, its progress first."""
    job = None
    runs = request.GET.getlist("run")
    if request.GET.get("job", "").isdigit():
        job = get_object_or_404(Job, pk=int(request.GET["job"]), kind=JOB_KIND)
        runs = list(job.result.get("runs", [])) if job.finished else []
    results: list[ImportResult] = [r for r in (rejects.load_result(run) for run in runs[:4]) if r is not None]
    if job is None and not results:
        raise Http404("No such import.")
    context: dict[str, Any] = {"results": results, "job": job, "errors_shown": ERRORS_SHOWN}
    return render(request, "registry/imports/result.html", context)


@permission_required(PERMISSION, raise_exception=True)
@require_http_methods(["GET"])
def import_reject_file(request: HttpRequest, run: str) -> FileResponse:
    """The reject file of an import run, as a download (never a public static file)."""
    path = rejects.reject_path(run)
    if path is None:
        raise Http404("This import has no reject file.")
    result = rejects.load_result(run)
    stem = (result.file_name.rsplit(".", 1)[0] if result else "import") or "import"
    download = f"{stem}-rejects{path.suffix}"
    content_type = rejects.CONTENT_TYPES.get(path.suffix, "application/octet-stream")
    return FileResponse(path.open("rb"), as_attachment=True, filename=download, content_type=content_type)
