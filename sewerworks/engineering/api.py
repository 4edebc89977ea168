"""Sewer extensions over REST: projects, their design revisions with the review's findings and elements, and
the import of a new revision (multipart upload). Every change goes through ``engineering.actions``,
role-checked and audited. Refusals: 401, 403 for the wrong role, 404 for an unknown id, 422 naming the field
and the rule (an unreadable design: its section and line, every problem). Construction, daily reports,
stop-work, test plans, exfiltration tests and the owners' petition: ``api_construction``."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.http import HttpRequest
from ninja import File, Form, Status
from ninja.files import UploadedFile

from sewerworks.core.api.auth import require
from sewerworks.core.api.errors import record_or_404 as _get
from sewerworks.core.api.errors import refused as _refused
from sewerworks.engineering import api_construction as _construction  # noqa: F401  (registers its operations)
from sewerworks.engineering import api_schemas as s
from sewerworks.engineering.actions import do_import_design
from sewerworks.engineering.api_router import router
from sewerworks.engineering.forms import MAX_DESIGN_BYTES
from sewerworks.engineering.models import DesignRevision, ExtensionProject
from sewerworks.registry.api import REFUSALS

VIEW = "engineering.view_engineering"


def _project(p: ExtensionProject) -> dict[str, Any]:
    return {
        "id": p.pk, "name": p.name, "place": p.place, "builder": p.builder, "builder_name": p.builder_name,
        "status": p.status, "drainage_area": p.drainage_area, "future_flows_reviewed_on": p.future_flows_reviewed_on,
        "missing_approvals": p.missing_approvals(), "approvals": list(p.approvals.all()),
        "latest_revision": p.latest_revision(),
    }  # fmt: skip


@router.get("/engineering/projects", response={200: list[s.ProjectOut], **REFUSALS},
            summary="Sewer extension projects (§118-29 – 31)")  # fmt: skip
def list_projects(request: HttpRequest) -> Any:
    require(request, VIEW)
    return [_project(p) for p in ExtensionProject.objects.order_by("name")]


@router.get("/engineering/projects/{project_id}", response={200: s.ProjectOut, **REFUSALS})
def get_project(request: HttpRequest, project_id: int) -> Any:
    require(request, VIEW)
    return _project(_get(ExtensionProject, project_id, "extension project"))


@router.get("/engineering/revisions/{revision_id}/findings", response={200: list[s.FindingOut], **REFUSALS},
            summary="The findings of a design revision, each on its element (§118-29, 32, 33)")  # fmt: skip
def revision_findings(request: HttpRequest, revision_id: int) -> Any:
    require(request, VIEW)
    revision = _get(DesignRevision, revision_id, "design revision")
    return [
        {"element": f.place, "element_kind": f.element.kind if f.element else None, "requirement": f.requirement,
         "severity": f.severity, "section": f.section, "sentence": f.sentence, "decided_by": f.decided_by,
         "interpretations": f.interpretations}
        for f in revision.findings.select_related("element").order_by("id")
    ]  # fmt: skip


@router.get("/engineering/revisions/{revision_id}/elements", response={200: list[s.ElementOut], **REFUSALS})
def revision_elements(request: HttpRequest, revision_id: int) -> Any:
    require(request, VIEW)
    return list(_get(DesignRevision, revision_id, "design revision").elements.order_by("kind", "name"))


@router.post("/engineering/projects/{project_id}/revisions", response={201: s.RevisionOut, **REFUSALS},
             summary="Import a design file (SWMM 5 .inp or GeoJSON) as the project's next revision")  # fmt: skip
def import_revision(
    request: HttpRequest, project_id: int, file: File[UploadedFile], crs: Form[str] = "", note: Form[str] = ""
) -> Any:
    user = require(request, "engineering.import_design", what="import a sewer extension design")
    project = _get(ExtensionProject, project_id, "extension project")
    if file.size is not None and file.size > MAX_DESIGN_BYTES:
        raise _refused(ValidationError({"file": "A design file may be at most 20 MB."}))
    try:
        revision = do_import_design(data=file.read(), file_name=file.name or "design", project=project,
                                    acting_user=user, crs=crs or None, note=note)  # fmt: skip
    except ValidationError as exc:
        raise _refused(exc) from exc
    return Status(201, revision)
