"""The exfiltration tests of an extension (§118-31, 34): the plan, every section with its latest result on the
map (passed, failed, untested), the tests and repairs recorded, and the contractor's notice that a section is
filled for its test, which opens an inspection in the field (``engineering/inspection_subject.py``)."""

from __future__ import annotations

from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.forms import HiddenInput
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render

from sewerworks.core.access.permissions import require
from sewerworks.engineering import forms_construction as f
from sewerworks.engineering.actions import do_plan_tests, do_record_exfiltration_test, do_record_repair
from sewerworks.engineering.choices import ElementKind, ProjectStatus
from sewerworks.engineering.inspection_subject import EXFILTRATION
from sewerworks.engineering.models import ExtensionProject, PlannedSection
from sewerworks.engineering.runs import runs_of, section_line
from sewerworks.engineering.views.common import submit, tabs, view_required
from sewerworks.inspections.actions import do_request_inspection
from sewerworks.inspections.forms import RequestForm
from sewerworks.inspections.models import Inspection
from sewerworks.registry import geometry


def _sections(project: ExtensionProject) -> list[Any]:
    """The planned sections, each with its tests in order (``history``), its latest result (``state``) and the
    inspections in the field still waiting for their result (``waiting``)."""
    sections: list[Any] = list(project.sections.prefetch_related("tests", "repairs").order_by("run", "number"))
    waiting: dict[int, list[Inspection]] = {}
    for inspection in Inspection.objects.filter(
        subject_type=ContentType.objects.get_for_model(PlannedSection), subject_id__in=[s.pk for s in sections],
        result="",
    ).order_by("requested_on", "pk"):  # fmt: skip
        waiting.setdefault(inspection.subject_id, []).append(inspection)
    for s in sections:
        tests = sorted(s.tests.all(), key=lambda t: (t.tested_on, t.pk))
        s.history, s.state, s.waiting = tests, tests[-1].result if tests else "untested", waiting.get(s.pk, [])
    return sections


def _notice_form(data: Any = None) -> RequestForm:
    form = RequestForm(data, prefix="notice", kinds=(EXFILTRATION,))
    form.fields["kind"].widget, form.fields["kind"].initial = HiddenInput(), EXFILTRATION.key  # the one kind
    form.fields["requested_by"].help_text = "The contractor who says the section is filled for its test."
    form.fields["requester_address"].help_text = "The contractor's, if the inspection's letters go to him."
    return form


def _choices(sections: list[Any], *, failed: bool = False) -> list[tuple[str, str]]:
    """The sections a test (not passed yet) or a repair (failed) may be recorded for, as select choices."""
    chosen = [s for s in sections if s.state == "failed"] if failed else [s for s in sections if s.state != "passed"]
    return [(str(s.pk), f"{s} ({s.length_ft} ft{', ' + s.manholes if s.manholes else ''})") for s in chosen]


def _page(request: HttpRequest, project: ExtensionProject, status: int = 200, **bound: Any) -> HttpResponse:
    sections = _sections(project)
    revision = project.approved_revision()
    runs = [r.name for r in runs_of(revision)] if revision is not None else []
    test_form = bound.get("test_form") or f.ExfiltrationTestForm(prefix="test")
    repair_form = bound.get("repair_form") or f.RepairForm(prefix="repair")
    counts = {state: len([s for s in sections if s.state == state]) for state in ("passed", "failed", "untested")}
    context = {
        "project": project, "tabs": tabs(project, "engineering:tests"), "sections": sections, "counts": counts,
        "revision": revision, "plan_form": bound.get("plan_form") or f.PlanForm(prefix="plan", runs=runs),
        "test_form": test_form, "repair_form": repair_form, "test_choices": _choices(sections),
        "repair_choices": _choices(sections, failed=True), "chosen": request.POST.get("section", ""),
        "notice_form": bound.get("notice_form") or _notice_form(),
        "can_notice": project.status == ProjectStatus.UNDER_CONSTRUCTION
        and request.user.has_perm("inspections.request_inspection"),
        "can_plan": request.user.has_perm("engineering.decide_construction"),
        "can_test": request.user.has_perm("engineering.inspect_construction"),
    }  # fmt: skip
    return render(request, "engineering/tests.html", context, status=status)


@view_required
def tests(request: HttpRequest, pk: int) -> HttpResponse:
    return _page(request, get_object_or_404(ExtensionProject, pk=pk))


@view_required
def plan(request: HttpRequest, pk: int) -> HttpResponse:
    require(request.user, "engineering.decide_construction", "plan the exfiltration tests", who_may="the Town Engineer")
    project = get_object_or_404(ExtensionProject, pk=pk)
    revision = project.approved_revision()
    form = f.PlanForm(request.POST or None, prefix="plan", runs=[r.name for r in runs_of(revision)] if revision else [])
    return submit(request, form, lambda d: do_plan_tests(project=project, acting_user=request.user, steep=form.steep()),
                  lambda made: f"The tests are planned: {len(made)} sections of at most 100 ft.",
                  back=("engineering:tests", pk),
                  again=lambda bound: _page(request, project, status=422, plan_form=bound))  # fmt: skip


def _on_section(request: HttpRequest, pk: int, name: str, form: Any, act: Any, done: str) -> HttpResponse:
    project = get_object_or_404(ExtensionProject, pk=pk)
    chosen = str(request.POST.get("section", ""))
    section = project.sections.filter(pk=int(chosen)).first() if chosen.isdigit() and len(chosen) < 18 else None

    def on_section(data: dict[str, Any]) -> Any:
        if section is None:
            raise ValidationError("Choose a section of the test plan (§ 118-34, I-140).")
        return act(section, data)

    return submit(request, form, on_section, done.format(section=section), back=("engineering:tests", pk),
                  again=lambda bound: _page(request, project, status=422, **{name: bound}))  # fmt: skip


@view_required
def record_test(request: HttpRequest, pk: int) -> HttpResponse:
    require(request.user, "engineering.inspect_construction", "record an exfiltration test")
    return _on_section(request, pk, "test_form", f.ExfiltrationTestForm(request.POST or None, prefix="test"),
                       lambda s, d: do_record_exfiltration_test(section=s, acting_user=request.user, **d),
                       "{section}: the test is recorded.")  # fmt: skip


@view_required
def record_repair(request: HttpRequest, pk: int) -> HttpResponse:
    require(request.user, "engineering.inspect_construction", "record a repair")
    return _on_section(request, pk, "repair_form", f.RepairForm(request.POST or None, prefix="repair"),
                       lambda s, d: do_record_repair(section=s, acting_user=request.user, **d),
                       "{section}: the repair is recorded; test it again.")  # fmt: skip


@view_required
def notice_test(request: HttpRequest, pk: int) -> HttpResponse:
    require(request.user, "inspections.request_inspection", "record the contractor's notice of a test")
    return _on_section(request, pk, "notice_form", _notice_form(request.POST or None),
                       lambda s, d: do_request_inspection(s, acting_user=request.user, **d),
                       "{section}: the notice is recorded; the exfiltration test's checklist is issued.")  # fmt: skip


@view_required
def sections_map_json(request: HttpRequest, pk: int) -> JsonResponse:
    """GeoJSON (lon/lat) of every planned section, drawn on its run, with its latest result, and the manholes."""
    project = get_object_or_404(ExtensionProject, pk=pk)
    revision = project.approved_revision()
    features: list[dict[str, Any]] = []
    if revision is not None:
        runs = {r.name: r for r in runs_of(revision)}
        for s in _sections(project):
            run = runs.get(s.run)
            line = section_line(run, s.from_ft, s.to_ft) if run is not None else ""
            feature = geometry.feature(line, layer="section", name=str(s), status=s.state, section=s.pk,
                                       requirements=f"{s.length_ft} ft, {s.state}") if line else None  # fmt: skip
            if feature:
                features.append(feature)
        for node in revision.elements.exclude(kind__in=[ElementKind.PIPE, ElementKind.CHANNEL]).exclude(geometry=""):
            feature = geometry.feature(node.geometry, layer=node.kind, name=node.name, status="complies",
                                       requirements="")  # fmt: skip
            if feature:
                features.append(feature)
    return JsonResponse({"type": "FeatureCollection", "features": features})
