"""Import screens for the clerk: upload -> preview (counts and row errors) -> import -> result.

The screens serve the roll and polygons (``/registry/import/``, two files in one upload) and any other
registered one-file kind under ``/registry/import/<kind>/`` (the water district's meter reads, linked from
a billing period with ``?period=<id>&next=<the period's page>``): the kind's permission, its file field,
its count labels and what the caller chose for it (``ImportKind.context_from_query``) come from the kind.

The uploaded bytes wait on the server (``core.imports.staging``) under a random token kept in the session.
An upload larger than the kinds' preview threshold is previewed by a background job (the screen shows its
progress, then the preview); one of more rows than the kinds' job threshold is committed by a background
job; smaller ones while the clerk waits.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from sewerworks.core.access.permissions import require
from sewerworks.core.imports import rejects, staging
from sewerworks.core.imports.common import ImportResult
from sewerworks.core.imports.kinds import ImportKind, get_kind, import_kinds
from sewerworks.core.imports.tasks import import_upload, preview_upload_job
from sewerworks.core.jobs.queue import INTERACTIVE
from sewerworks.core.jobs.runner import start_job
from sewerworks.core.models import Job
from sewerworks.registry.imports.actions import do_import_upload, preview_upload
from sewerworks.registry.imports.forms import ImportUploadForm, KindUploadForm

ROWS_KEY = "registry_import_rows"
PREVIEW_JOB_KEY = "registry_import_preview_job"
CONTEXT_KEY, NEXT_KEY = "import_context", "import_next"
JOB_KIND, PREVIEW_JOB_KIND = "registry-import", "registry-import-preview"
ERRORS_SHOWN = 500  # the reject file lists every one


TWO_FILE_KINDS = ("roll", "polygons")  # uploaded together on the registry's own form


def importer_required(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    """The roll's permission on the registry's screens; a named kind's own permission (404 if unknown)."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, kind: str = "", **kwargs: Any) -> HttpResponseBase:
        if not any(k.may_import(request.user) for k in import_kinds()):
            # Refused before the kind is looked up, so a user who may import nothing learns nothing.
            require(request.user, get_kind("roll").permission, "import files", who_may=get_kind("roll").who_may)
        if kind in TWO_FILE_KINDS:
            raise Http404("The roll and the polygons are imported on the registry's import screen.")
        try:
            found = get_kind(kind or "roll")  # the registry's screen: the roll's (and polygons') permission
        except LookupError:
            raise Http404(f"No import kind {kind}.") from None
        if not found.may_import(request.user):
            require(request.user, found.permission, found.what, who_may=found.who_may)
        return view(request, *args, kind=kind, **kwargs)

    return wrapper


def _key(name: str, kind: str) -> str:
    return f"{name}:{kind}" if kind else name


def _url(name: str, kind: str) -> str:
    return reverse(f"registry:import_kind_{name}", args=[kind]) if kind else reverse(f"registry:import_{name}")


def _screen(kind: str, request: HttpRequest) -> dict[str, Any]:
    """What the templates need to serve either the registry's upload or a named kind's."""
    found: ImportKind | None = get_kind(kind) if kind else None
    return {
        "kind": found,
        "urls": {n: _url(n, kind) for n in ("home", "preview", "commit", "result")},
        "back": request.session.get(_key(NEXT_KEY, kind), "") if kind else "",
    }


def _summaries(results: list[ImportResult], kind: str) -> None:
    """Each result's counts with the kind's words for them (the roll's template words its own)."""
    if kind:
        labels = get_kind(kind).count_labels
        for r in results:
            r.summary = [(labels.get(n, n), v) for n, v in r.counts.items()]  # type: ignore[attr-defined]


def _remember_choices(request: HttpRequest, kind: str) -> None:
    """Keep what the link into a kind's upload chose (``?period=7``) and where to go back to (``next``)."""
    choices = {}
    for param, key in get_kind(kind).context_from_query.items():
        value = request.GET.get(param, "")
        if value.isdigit() and len(value) < 19:
            choices[key] = int(value)
    if choices or request.GET.get("next"):
        request.session[_key(CONTEXT_KEY, kind)] = choices
    back = request.GET.get("next", "")
    if back and url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}) and back.startswith("/"):
        request.session[_key(NEXT_KEY, kind)] = back


def _context(request: HttpRequest, kind: str) -> dict[str, Any]:
    return dict(request.session.get(_key(CONTEXT_KEY, kind)) or {}) if kind else {}


def _user_id(request: HttpRequest) -> int:
    return int(request.user.pk or 0)  # the views require a signed-in user with the import permission


def _staged(request: HttpRequest, kind: str = "") -> list[staging.StagedFile] | None:
    return staging.load(request.session.get(_key(staging.SESSION_KEY, kind)), user_id=_user_id(request))


def _as_tuples(files: list[staging.StagedFile]) -> list[tuple[str, str, bytes]]:
    return [(f.kind, f.name, f.data) for f in files]


@importer_required
@require_http_methods(["GET", "POST"])
def import_home(request: HttpRequest, kind: str = "") -> HttpResponse:
    """Upload the roll and/or the polygons (or a named kind's file); they are checked, kept on the server
    and previewed."""
    form: Any
    if kind:
        form = KindUploadForm(get_kind(kind), request.POST or None, request.FILES or None)
        if request.method == "GET":
            _remember_choices(request, kind)
    else:
        form = ImportUploadForm(request.POST, request.FILES) if request.method == "POST" else ImportUploadForm()
    if request.method == "POST" and form.is_valid():
        files = []
        if kind:
            files.append(staging.StagedFile(kind, form.file_name, form.cleaned_data["file"]))
        if form.cleaned_data.get("roll_file"):
            files.append(staging.StagedFile("roll", form.roll_name, form.cleaned_data["roll_file"]))
        if form.cleaned_data.get("polygons_file"):
            files.append(staging.StagedFile("polygons", form.polygons_name, form.cleaned_data["polygons_file"]))
        staging.discard(request.session.get(_key(staging.SESSION_KEY, kind)))
        request.session[_key(staging.SESSION_KEY, kind)] = staging.stage(files, user_id=_user_id(request))
        request.session.pop(_key(ROWS_KEY, kind), None)
        request.session.pop(_key(PREVIEW_JOB_KEY, kind), None)
        return redirect(_url("preview", kind))
    status = 400 if request.method == "POST" else 200
    return render(request, "registry/imports/home.html", {"form": form, **_screen(kind, request)}, status=status)


@importer_required
@require_http_methods(["GET"])
def import_preview(request: HttpRequest, kind: str = "") -> HttpResponse:
    """What the import would do: its counts (new, updated and unchanged parcels...) and every row error."""
    token = request.session.get(_key(staging.SESSION_KEY, kind))
    paths = staging.paths(token, user_id=_user_id(request))
    if token is None or paths is None:
        messages.info(request, "Upload a file to import first (an upload is kept for a day).")
        return redirect(_url("home", kind))
    if any(path.stat().st_size > get_kind(k).preview_job_bytes for k, _, path in paths):
        results = staging.load_preview(token)
        if results is None:
            return _preview_job_page(request, token, kind)
        if getattr(request, "htmx", False):  # the waiting page polled: load the preview as a page
            return HttpResponseClientRedirect(_url("preview", kind))
    else:
        files = _as_tuples(_staged(request, kind) or [])
        results = preview_upload(acting_user=request.user, files=files, context=_context(request, kind))
    request.session[_key(ROWS_KEY, kind)] = sum(r.rows for r in results)
    background = any(r.rows > get_kind(r.kind).job_rows for r in results)
    _summaries(results, kind)
    return render(request, "registry/imports/preview.html", {
        "results": results,
        "has_errors": any(r.errors for r in results),
        "has_file_errors": any(r.file_errors for r in results),
        "has_valid_rows": any(sum(r.counts.values()) for r in results),
        "errors_shown": ERRORS_SHOWN,
        "background": background,
        **_screen(kind, request),
    })


def _preview_job_page(request: HttpRequest, token: str, kind: str = "") -> HttpResponse:
    """A large upload is previewed by a background job: start it once per upload, then show its progress."""
    started = request.session.get(_key(PREVIEW_JOB_KEY, kind)) or {}
    job = None
    if started.get("token") == token:
        job = Job.objects.filter(pk=started.get("job") or 0, kind=PREVIEW_JOB_KIND).first()
    if job is None:
        job = start_job(preview_upload_job, kind=PREVIEW_JOB_KIND, title="Preview of the uploaded files",
                        acting_user=request.user, priority=INTERACTIVE, token=token, user_id=_user_id(request),
                        as_of=timezone.localdate().isoformat(), context=_context(request, kind))
        request.session[_key(PREVIEW_JOB_KEY, kind)] = {"token": token, "job": job.pk}
    return render(request, "registry/imports/preview_wait.html", {"job": job, **_screen(kind, request)})


@importer_required
@require_POST
def import_commit(request: HttpRequest, kind: str = "") -> HttpResponse:
    """Import all rows ("all") or only the valid ones ("valid"), inline or as a background job."""
    session_key = _key(staging.SESSION_KEY, kind)
    paths = staging.paths(request.session.get(session_key), user_id=_user_id(request))
    if paths is None:
        messages.info(request, "The upload is no longer on the server: upload the file again.")
        return redirect(_url("home", kind))
    mode = request.POST.get("mode")
    if mode not in {"all", "valid"}:
        messages.error(request, "Choose 'Import all' or 'Import valid rows only'.")
        return redirect(_url("preview", kind))
    valid_rows_only = mode == "valid"
    token = request.session[session_key]
    rows = int(request.session.get(_key(ROWS_KEY, kind)) or 0)
    context = _context(request, kind)
    if rows > min(get_kind(k).job_rows for k, _, _ in paths):
        names = ", ".join(name for _, name, _ in paths)
        job = start_job(import_upload, kind=JOB_KIND, title=f"Import {names}"[:200],
                        acting_user=request.user, priority=INTERACTIVE, token=token, user_id=request.user.pk,
                        valid_rows_only=valid_rows_only, as_of=timezone.localdate().isoformat(), context=context)
        request.session.pop(session_key, None)
        return redirect(_url("result", kind) + f"?job={job.pk}")
    files = _as_tuples(_staged(request, kind) or [])
    results = do_import_upload(acting_user=request.user, files=files, valid_rows_only=valid_rows_only,
                               context=context)
    if not any(r.committed or r.reject_file for r in results):
        messages.error(request, "Nothing was imported: the upload has errors. Correct the file, or import the "
                                "valid rows only.")
        return redirect(_url("preview", kind))
    staging.discard(token)
    request.session.pop(session_key, None)
    query = "&".join(f"run={r.run}" for r in results if r.run)
    return redirect(_url("result", kind) + "?" + query)


@importer_required
@require_http_methods(["GET"])
def import_result(request: HttpRequest, kind: str = "") -> HttpResponse:
    """What an import did, with the reject file to download; for a background job, its progress first."""
    job = None
    runs = request.GET.getlist("run")
    if request.GET.get("job", "").isdigit():
        job = get_object_or_404(Job, pk=int(request.GET["job"]), kind=JOB_KIND)
        runs = list(job.result.get("runs", [])) if job.finished else []
    results: list[ImportResult] = [r for r in (rejects.load_result(run) for run in runs[:4]) if r is not None]
    if kind:  # a kind's screen shows its own imports only
        results = [r for r in results if r.kind == kind]
    if job is None and not results:
        raise Http404("No such import.")
    _summaries(results, kind)
    context: dict[str, Any] = {"results": results, "job": job, "errors_shown": ERRORS_SHOWN, **_screen(kind, request)}
    return render(request, "registry/imports/result.html", context)


@importer_required
@require_http_methods(["GET"])
def import_reject_file(request: HttpRequest, run: str, kind: str = "") -> FileResponse:
    """The reject file of an import run, as a download (never a public static file), to who may import it."""
    path = rejects.reject_path(run)
    result = rejects.load_result(run)
    if path is None or (result is not None and result.kind != kind and (kind or result.kind not in TWO_FILE_KINDS)):
        raise Http404("This import has no reject file.")
    stem = (result.file_name.rsplit(".", 1)[0] if result else "import") or "import"
    download = f"{stem}-rejects{path.suffix}"
    content_type = rejects.CONTENT_TYPES.get(path.suffix, "application/octet-stream")
    return FileResponse(path.open("rb"), as_attachment=True, filename=download, content_type=content_type)
