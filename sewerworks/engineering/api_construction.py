"""Construction of an extension over REST (§118-30, 31, 34, 35): the Board's resolution linked and the guaranty
security, the start, daily reports with the Town Engineer's stop-work orders and rejections, the month's
inspection billed, the test plan, exfiltration tests and repairs, the owners' petition. The same ``do_*``
actions as the screens, role-checked and audited. Refusals: 401; 403 for the wrong role; 404 for an unknown
id; 422 naming the field and the rule (a report before the Board's resolution, hours over 24, a retest with no
repair, a limit over 100 ft, a parcel that does not benefit ...), nothing written."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.utils import timezone
from ninja import Status

from sewerworks.core.api.auth import require
from sewerworks.core.api.errors import record_or_404 as _get
from sewerworks.core.api.errors import refused as _refused
from sewerworks.core.models import BoardResolution
from sewerworks.engineering import actions as a
from sewerworks.engineering import api_schemas as s
from sewerworks.engineering.acceptance import acceptance_waits_for
from sewerworks.engineering.actions.construction import board_resolution
from sewerworks.engineering.api_router import router
from sewerworks.engineering.models import DailyReport, ExtensionProject, PlannedSection, StopWorkOrder
from sewerworks.engineering.petition import count
from sewerworks.registry.api import REFUSALS
from sewerworks.registry.models import Parcel

VIEW = "engineering.view_engineering"


def _do(call: Any, **kwargs: Any) -> Any:
    try:
        return call(**kwargs)
    except ValidationError as exc:
        raise _refused(exc) from exc


def _project(pk: int) -> ExtensionProject:
    return _get(ExtensionProject, pk, "extension project")  # type: ignore[no-any-return]


def _parcel(number: str, field: str = "parcel") -> Parcel:
    found = Parcel.objects.filter(tax_map_number=number.strip()[:40]).first()
    if found is None:
        raise _refused(ValidationError({field: f"No parcel has tax map number {number[:40]!r}."}))
    return found


def _resolution(pk: int) -> BoardResolution:
    return _get(BoardResolution, pk, "Board resolution")  # type: ignore[no-any-return]


def _construction(project: ExtensionProject) -> dict[str, Any]:
    resolution, approval = board_resolution(project)
    order = project.stop_work.filter(lifted_on__isnull=True).first()
    return {
        "project_id": project.pk, "status": project.status, "contractor": project.contractor,
        "construction_started_on": project.construction_started_on,
        "parcel": project.parcel.tax_map_number if project.parcel else None,
        "resolution": resolution.instrument if resolution else None,
        "security_demanded": bool(approval and approval.security_demanded),
        "securities": list(project.securities.order_by("received_on")),
        "stop_work_open_since": order.issued_on if order else None,
        "acceptance_waits_for": acceptance_waits_for(project, timezone.localdate()),
    }  # fmt: skip


@router.get("/engineering/projects/{project_id}/construction", response={200: s.ExtensionConstructionOut,
            **REFUSALS}, summary="An extension's construction: resolution, securities, what acceptance waits for")
def get_construction(request: HttpRequest, project_id: int) -> Any:
    require(request, VIEW)
    return _construction(_project(project_id))


@router.post("/engineering/projects/{project_id}/board-resolution", response={200: s.ExtensionConstructionOut,
             **REFUSALS}, summary="Link the Town Board's §118-31 approval to its recorded resolution")  # fmt: skip
def link_resolution(request: HttpRequest, project_id: int, payload: s.ExtensionResolutionIn) -> Any:
    user = require(request, "engineering.record_construction", what="link the Board's resolution")
    project = _project(project_id)
    _do(a.do_link_board_resolution, project=project, resolution=_resolution(payload.resolution_id),
        security_demanded=payload.security_demanded, acting_user=user)  # fmt: skip
    return _construction(project)


@router.post("/engineering/projects/{project_id}/securities", response={201: s.ExtensionSecurityOut, **REFUSALS},
             summary="Record a completion bond, maintenance bond or certified check received (§118-35)")  # fmt: skip
def record_security(request: HttpRequest, project_id: int, payload: s.ExtensionSecurityIn) -> Any:
    user = require(request, "engineering.record_construction", what="record a guaranty security")
    return Status(201, _do(a.do_record_security, project=_project(project_id), acting_user=user, **payload.dict()))


@router.post("/engineering/projects/{project_id}/construction", response={200: s.ExtensionConstructionOut,
             **REFUSALS}, summary="Start construction: never without the linked resolution or demanded security")
def start_construction(request: HttpRequest, project_id: int, payload: s.ExtensionStartIn) -> Any:
    user = require(request, "engineering.record_construction", what="start construction")
    parcel = _parcel(payload.parcel) if payload.parcel.strip() else None
    project = _do(a.do_start_construction, project=_project(project_id), started_on=payload.started_on,
                  contractor=payload.contractor, parcel=parcel, acting_user=user)  # fmt: skip
    return _construction(project)


def _report(r: DailyReport) -> dict[str, Any]:
    return {
        **{k: getattr(r, k) for k in ("id", "report_date", "weather", "crew", "hours", "pipe", "station_from_ft",
                                     "station_to_ft", "pipe_laid_ft", "trench_width_in", "bedding_in", "notes")},
        "stop_work": [o.reason for o in r.stop_work_orders.all()],
        "rejections": [f"{x.material}: {x.reason}" for x in r.rejections.all()],
    }  # fmt: skip


@router.get("/engineering/projects/{project_id}/daily-reports", response={200: list[s.DailyReportOut], **REFUSALS},
            summary="The daily inspection reports, oldest first")  # fmt: skip
def list_reports(request: HttpRequest, project_id: int) -> Any:
    require(request, VIEW)
    reports = _project(project_id).daily_reports.prefetch_related("stop_work_orders", "rejections")
    return [_report(r) for r in reports.order_by("report_date")]


@router.post("/engineering/projects/{project_id}/daily-reports", response={201: s.DailyReportOut, **REFUSALS},
             summary="File the day's inspection report (§118-31): one a day, hours 0 to 24")  # fmt: skip
def file_report(request: HttpRequest, project_id: int, payload: s.DailyReportIn) -> Any:
    user = require(request, "engineering.inspect_construction", what="file a daily inspection report")
    report = _do(a.do_file_daily_report, project=_project(project_id), acting_user=user, **payload.dict())
    return Status(201, _report(report))


@router.post("/engineering/daily-reports/{report_id}/stop-work", response={201: s.StopWorkOut, **REFUSALS},
             summary="The Town Engineer stops the work, on a report (§118-31)")  # fmt: skip
def stop_work(request: HttpRequest, report_id: int, payload: s.StopWorkIn) -> Any:
    user = require(request, "engineering.decide_construction", what="stop the work")
    report = _get(DailyReport, report_id, "daily report")
    return Status(201, _do(a.do_stop_work, report=report, reason=payload.reason, acting_user=user))


@router.post("/engineering/stop-work/{order_id}/lift", response={200: s.StopWorkOut, **REFUSALS},
             summary="The Town Engineer lifts his stop-work order")  # fmt: skip
def lift_stop_work(request: HttpRequest, order_id: int, payload: s.LiftIn) -> Any:
    user = require(request, "engineering.decide_construction", what="lift a stop-work order")
    order = _get(StopWorkOrder, order_id, "stop-work order")
    return _do(a.do_lift_stop_work, order=order, lifted_on=payload.lifted_on, note=payload.note, acting_user=user)


@router.post("/engineering/daily-reports/{report_id}/rejections", response={201: s.RejectionOut, **REFUSALS},
             summary="The Town Engineer rejects material, on a report (§118-31)")  # fmt: skip
def reject_material(request: HttpRequest, report_id: int, payload: s.RejectionIn) -> Any:
    user = require(request, "engineering.decide_construction", what="reject material")
    report = _get(DailyReport, report_id, "daily report")
    return Status(201, _do(a.do_reject_material, report=report, acting_user=user, **payload.dict()))


@router.post("/engineering/projects/{project_id}/inspection-bills", response={201: s.InspectionBillOut, **REFUSALS},
             summary="Bill an ended month of the Town Engineer's inspection to the parcel of record (§118-31)")
def bill_month(request: HttpRequest, project_id: int, payload: s.InspectionBillIn) -> Any:
    user = require(request, "engineering.bill_inspection", what="bill the Town Engineer's inspection")
    try:
        month = dt.date.fromisoformat(f"{payload.month}-01")
    except ValueError:
        raise _refused(ValidationError({"month": f"{payload.month!r} is not a month (YYYY-MM)."})) from None
    billed = _do(a.do_bill_inspection_month, project=_project(project_id), month=month, acting_user=user)
    return Status(201, {**{k: getattr(billed, k) for k in ("month", "hours", "amount", "working", "billed_on")},
                        "charge_id": billed.charge_id})  # fmt: skip


def _section(x: PlannedSection) -> dict[str, Any]:
    return {**{k: getattr(x, k) for k in ("id", "run", "number", "from_ft", "to_ft", "length_ft", "manholes")},
            "result": x.result()}  # fmt: skip


@router.get("/engineering/projects/{project_id}/test-plan", response={200: list[s.PlannedSectionOut], **REFUSALS},
            summary="The test plan: every section with its latest result (passed, failed, untested)")  # fmt: skip
def get_test_plan(request: HttpRequest, project_id: int) -> Any:
    require(request, VIEW)
    return [_section(x) for x in _project(project_id).sections.order_by("run", "number")]


@router.post("/engineering/projects/{project_id}/test-plan", response={201: list[s.PlannedSectionOut], **REFUSALS},
             summary="Plan the exfiltration tests of the approved design (I-140)")  # fmt: skip
def plan_tests(request: HttpRequest, project_id: int, payload: s.TestPlanIn) -> Any:
    user = require(request, "engineering.decide_construction", what="plan the exfiltration tests")
    steep = {r.run: (r.max_section_ft, r.reason) for r in payload.steep}
    made = _do(a.do_plan_tests, project=_project(project_id), steep=steep, acting_user=user)
    return Status(201, [_section(x) for x in made])


@router.post("/engineering/sections/{section_id}/exfiltration-tests", response={201: s.ExfiltrationTestOut,
             **REFUSALS}, summary="Record an exfiltration test of a planned section (§118-34, I-41)")  # fmt: skip
def record_test(request: HttpRequest, section_id: int, payload: s.ExfiltrationTestIn) -> Any:
    user = require(request, "engineering.inspect_construction", what="record an exfiltration test")
    section = _get(PlannedSection, section_id, "planned section")
    return Status(201, _do(a.do_record_exfiltration_test, section=section, acting_user=user, **payload.dict()))


@router.post("/engineering/sections/{section_id}/repairs", response={201: s.RepairOut, **REFUSALS},
             summary="Record the repair of a section that failed its test (§118-34)")  # fmt: skip
def record_repair(request: HttpRequest, section_id: int, payload: s.RepairIn) -> Any:
    user = require(request, "engineering.inspect_construction", what="record a repair")
    section = _get(PlannedSection, section_id, "planned section")
    return Status(201, _do(a.do_record_repair, section=section, acting_user=user, **payload.dict()))


def _signature(x: Any) -> dict[str, Any]:
    return {"id": x.pk, "tax_map_number": x.parcel.tax_map_number, "signer": x.signer, "signed_on": x.signed_on,
            "owner": x.owner.name if x.owner else None}  # fmt: skip


@router.get("/engineering/projects/{project_id}/petition-signatures", response={200: s.PetitionOut, **REFUSALS},
            summary="The owners' petition: the count of owners of record (I-142), the signatures not counted")
def petition(request: HttpRequest, project_id: int) -> Any:
    require(request, VIEW)
    tally = count(_project(project_id), timezone.localdate())
    return {"signed": tally.signed, "total": tally.total, "majority": tally.majority,
            "owners": [{"owners": o.names, "parcels": [p.tax_map_number for p in o.parcels], "signed": o.signed}
                       for o in tally.owners],
            "unmatched": [_signature(x) for x in tally.unmatched],
            "benefiting_parcels": [b.parcel.tax_map_number for b in tally.benefits]}  # fmt: skip


@router.post("/engineering/projects/{project_id}/petition-signatures", response={201: s.PetitionSignatureOut,
             **REFUSALS}, summary="Record a signature for a benefiting parcel (§118-30)")  # fmt: skip
def add_signature(request: HttpRequest, project_id: int, payload: s.PetitionSignatureIn) -> Any:
    user = require(request, "engineering.record_construction", what="record a petition signature")
    made = _do(a.do_record_signature, project=_project(project_id), parcel=_parcel(payload.tax_map_number,
               "tax_map_number"), signer=payload.signer, signed_on=payload.signed_on, acting_user=user)  # fmt: skip
    return Status(201, _signature(made))


@router.post("/engineering/projects/{project_id}/warrant", response={200: s.ExtensionConstructionOut, **REFUSALS},
             summary="The Board finds the extension warrants its cost: the town builds it (§118-30)")  # fmt: skip
def record_warrant(request: HttpRequest, project_id: int, payload: s.WarrantIn) -> Any:
    user = require(request, "engineering.record_construction", what="record the Board's decision")
    project = _do(a.do_record_warrant, project=_project(project_id), resolution=_resolution(payload.resolution_id),
                  decided_on=payload.decided_on, acting_user=user)  # fmt: skip
    return _construction(project)
