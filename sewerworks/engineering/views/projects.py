"""The extension projects: the list (with the upload of a new design), the project page (its design on the
map, the findings with their citations, the revision history, the approvals), and the map's GeoJSON."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render

from sewerworks.core.access.permissions import require
from sewerworks.engineering.actions import (
    DesignUnreadable,
    do_import_design,
    do_record_approval,
    do_review_future_flows,
)
from sewerworks.engineering.choices import Authority
from sewerworks.engineering.forms import ApprovalForm, DesignUploadForm, FutureFlowsForm
from sewerworks.engineering.history import revision_history
from sewerworks.engineering.models import DesignRevision, ExtensionProject
from sewerworks.engineering.views.common import tabs
from sewerworks.registry import geometry

view_required = permission_required("engineering.view_engineering", raise_exception=True)
SEVERITY_ORDER = {"fails": 0, "discretion": 1, "complies": 2}


def _errors(form: Any) -> str:
    return "; ".join(f"{name}: {' '.join(str(e) for e in errors)}" for name, errors in form.errors.items())


def _list_context(request: HttpRequest, form: DesignUploadForm) -> dict[str, Any]:
    projects = ExtensionProject.objects.prefetch_related("revisions").order_by("-opened_on", "name")
    return {"rows": [(p, p.latest_revision()) for p in projects], "form": form,
            "can_import": request.user.has_perm("engineering.import_design")}  # fmt: skip


@view_required
def project_list(request: HttpRequest) -> HttpResponse:
    return render(request, "engineering/project_list.html", _list_context(request, DesignUploadForm()))


def _import(request: HttpRequest, project: ExtensionProject | None) -> tuple[DesignRevision | None, DesignUploadForm]:
    form = DesignUploadForm(request.POST, request.FILES)
    if not form.is_valid():
        return None, form
    upload = form.cleaned_data["file"]
    try:
        revision = do_import_design(data=upload.read(), file_name=upload.name, project=project,
                                    acting_user=request.user, crs=form.cleaned_data["crs"] or None,
                                    note=form.cleaned_data["note"])  # fmt: skip
    except DesignUnreadable as refused:
        field = "crs" if "crs" in refused.message_dict else "file"
        for message in refused.message_dict[field]:
            form.add_error(field, message)
        return None, form
    except ValidationError as error:
        form.add_error("file", f"{upload.name}: " + "; ".join(error.messages))
        return None, form
    return revision, form


@view_required
def import_design(request: HttpRequest, pk: int | None = None) -> HttpResponse:
    """Upload a design: the next revision of project ``pk``, or a new project."""
    require(request.user, "engineering.import_design", "import a sewer extension design",
            who_may="the clerk, the Superintendent or the Town Engineer")  # fmt: skip
    project = get_object_or_404(ExtensionProject, pk=pk) if pk else None
    if request.method != "POST":
        return redirect("engineering:project_detail", pk) if pk else redirect("engineering:home")
    revision, form = _import(request, project)
    if revision is None:  # refused: the page as it was, with the file's problems under the upload
        if project is None:
            return render(request, "engineering/project_list.html", _list_context(request, form), status=422)
        context: dict[str, Any] = {"form": form, "project": project, "can_import": True}
        return render(request, "engineering/import_refused.html", context, status=422)
    messages.success(request, f"Revision {revision.number} imported: {revision.get_outcome_display().lower()}.")
    return redirect("engineering:project_detail", revision.project_id)


@view_required
def project_detail(request: HttpRequest, pk: int) -> HttpResponse:
    project = get_object_or_404(ExtensionProject, pk=pk)
    revisions = list(project.revisions.order_by("number"))
    chosen = request.GET.get("revision", "")
    revision = next((r for r in revisions if str(r.number) == chosen), revisions[-1] if revisions else None)
    findings = []
    if revision is not None:
        findings = sorted(revision.findings.select_related("element"), key=lambda f: (SEVERITY_ORDER[f.severity], f.id))
    context = {
        "project": project, "tabs": tabs(project, "engineering:project_detail"), "revision": revision,
        "findings": findings, "history": revision_history(revisions),
        "approvals": project.approvals.select_related("recorded_by").order_by("approved_on"),
        "missing": [Authority(a).label for a in project.missing_approvals()],
        "upload_form": DesignUploadForm(), "flows_form": FutureFlowsForm(prefix="flows"),
        "approval_form": ApprovalForm(prefix="approval"),
        "can_import": request.user.has_perm("engineering.import_design"),
        "can_approve": request.user.has_perm("engineering.approve_design"),
        "can_record": request.user.has_perm("engineering.record_outside_approval"),
    }  # fmt: skip
    return render(request, "engineering/project_detail.html", context)


@view_required
def revision_map_json(request: HttpRequest, pk: int) -> JsonResponse:
    """GeoJSON (lon/lat) of the revision's pipes and manholes, each with its status and failing requirements."""
    revision = get_object_or_404(DesignRevision, pk=pk)
    status: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for f in revision.findings.exclude(element=None).select_related("element"):
        if f.severity != "complies" and f.element is not None:
            status.setdefault((f.element.kind, f.element.name), []).append((f.severity, f.requirement))
    features = []
    for element in revision.elements.exclude(geometry=""):
        found = status.get((element.kind, element.name), [])
        state = "fails" if any(s == "fails" for s, _ in found) else "review" if found else "complies"
        feature = geometry.feature(element.geometry, layer=element.kind, name=element.name, status=state,
                                   requirements=" ".join(sorted({r for _, r in found})))  # fmt: skip
        if feature:
            features.append(feature)
    return JsonResponse({"type": "FeatureCollection", "features": features})


@permission_required("engineering.approve_design", raise_exception=True)
def review_future_flows(request: HttpRequest, pk: int) -> HttpResponse:
    project = get_object_or_404(ExtensionProject, pk=pk)
    form = FutureFlowsForm(request.POST or None, prefix="flows")
    if request.method == "POST" and form.is_valid():
        try:
            do_review_future_flows(project=project, acting_user=request.user, **form.cleaned_data)
        except ValidationError as error:
            messages.error(request, "; ".join(error.messages))
        else:
            messages.success(request, "The review of future flows is recorded.")
    elif request.method == "POST":
        messages.error(request, _errors(form))
    return redirect("engineering:project_detail", pk)


@permission_required("engineering.view_engineering", raise_exception=True)
def record_approval(request: HttpRequest, pk: int) -> HttpResponse:
    project = get_object_or_404(ExtensionProject, pk=pk)
    form = ApprovalForm(request.POST or None, prefix="approval")
    if request.method == "POST" and form.is_valid():
        try:
            do_record_approval(project=project, acting_user=request.user, **form.cleaned_data)
        except ValidationError as error:
            messages.error(request, "; ".join(error.messages))
        else:
            messages.success(request, f"{Authority(form.cleaned_data['authority']).label}: approval recorded.")
    elif request.method == "POST":
        messages.error(request, _errors(form))
    return redirect("engineering:project_detail", pk)
