"""Enforcement over REST: deadlines, violations, notices, connections, the daily sweep, and the §118-47
charges the Billing program reads.

Every endpoint asks the role through ``rules`` (``enforcement.view_enforcement`` to read; the action's own
permission to change), and every change goes through ``enforcement.actions`` (or ``sweep.do_sweep``), so
it is atomic and audited exactly as from the staff screens. Refusals: 401 without a session or token,
403 for the wrong role, 404 for an unknown id, 422 with ``{"detail": [{"loc": [...], "msg": ...}]}`` for
bad data or a step the law or the pipeline does not allow. Lists take ``limit``/``offset``.
"""


from typing import Any

from django.db import models
from django.db.models import Q
from django.http import HttpRequest
from django.utils import timezone
from ninja import Query, Router, Status
from ninja.errors import ValidationError as NinjaValidationError
from ninja.pagination import paginate

from sewerworks.core.api.auth import require
from sewerworks.core.api.errors import record_or_404
from sewerworks.enforcement import actions
from sewerworks.enforcement import api_schemas as s
from sewerworks.enforcement.actions import do_post_fine, do_sweep
from sewerworks.enforcement.api_common import act as _act
from sewerworks.enforcement.api_common import deadlines as _deadlines
from sewerworks.enforcement.api_common import ref as _ref
from sewerworks.enforcement.choices import DeadlineStatus
from sewerworks.enforcement.models import AbandonmentFine, Notice, Violation, ViolatorCharge
from sewerworks.registry.api import REFUSALS, RegistryPagination
from sewerworks.registry.models import Building, Owner, Parcel, PrivateSystem

router = Router(tags=["enforcement"])
VIEW = "enforcement.view_enforcement"
def _past_due() -> Q:
    return Q(status=DeadlineStatus.OVERDUE) | Q(status=DeadlineStatus.OPEN, due_on__lt=timezone.localdate())


@router.get("/deadlines", response={200: list[s.DeadlineOut], **REFUSALS}, summary="Deadlines, filtered")
@paginate(RegistryPagination)
def list_deadlines(request: HttpRequest, q: s.DeadlineQuery = Query(...)) -> Any:  # noqa: B008
    """Every program's deadlines, soonest first."""
    require(request, VIEW)
    qs = _deadlines()
    for field, value in (("status", q.status), ("program", q.program), ("kind", q.kind), ("officer_id", q.officer),
                         ("parcel_id", q.parcel), ("due_on__gte", q.due_from), ("due_on__lte", q.due_to)):
        if value is not None:
            qs = qs.filter(**{field: value})
    if q.overdue is not None:
        qs = qs.filter(_past_due()) if q.overdue else qs.exclude(_past_due())
    return qs


@router.get("/deadlines/{deadline_id}", response={200: s.DeadlineDetailOut, **REFUSALS},
            summary="A deadline, with the determination that set it")
def get_deadline(request: HttpRequest, deadline_id: int) -> Any:
    require(request, VIEW)
    return record_or_404(_deadlines().select_related("decision"), deadline_id, "deadline")


# --- Violations -----------------------------------------------------------------------------------------

def _violations() -> models.QuerySet[Violation]:
    return Violation.objects.select_related("parcel")


@router.get("/violations", response={200: list[s.ViolationOut], **REFUSALS}, summary="Violations, filtered")
@paginate(RegistryPagination)
def list_violations(request: HttpRequest, q: s.ViolationQuery = Query(...)) -> Any:  # noqa: B008
    require(request, VIEW)
    qs = _violations()
    for field, value in (("status", q.status), ("program", q.program), ("parcel_id", q.parcel),
                         ("section", q.section.replace("§", "").strip() if q.section else None)):
        if value is not None:
            qs = qs.filter(**{field: value})
    return qs


@router.get("/violations/{violation_id}", response={200: s.ViolationDetailOut, **REFUSALS},
            summary="A violation: its status changes, notices, deadlines and fine to date")
def get_violation(request: HttpRequest, violation_id: int) -> Any:
    require(request, VIEW)
    return record_or_404(_violations(), violation_id, "violation")


@router.post("/violations", response={201: s.ViolationDetailOut, **REFUSALS}, summary="Record a violation")
def open_violation(request: HttpRequest, payload: s.ViolationIn) -> Any:
    require(request, "enforcement.open_violation")
    parcel = _ref(Parcel, payload.parcel_id, "parcel_id")
    owner = _ref(Owner, payload.responsible_owner_id, "responsible_owner_id")
    violation = _act(actions.do_open_violation, parcel=parcel, section=payload.section,
                     description=payload.description, discovered_on=payload.discovered_on,
                     how_discovered=payload.how_discovered, program=payload.program, responsible_owner=owner,
                     acting_user=request.user)
    return Status(201, violation)


def _violation_step(request: HttpRequest, violation_id: int, perm: str) -> Violation:
    require(request, perm)
    return record_or_404(_violations(), violation_id, "violation")


@router.post("/violations/{violation_id}/moves", response={200: s.ViolationDetailOut, **REFUSALS},
             summary="Move a case along its pipeline (e.g. refer it to court)")
def move_violation(request: HttpRequest, violation_id: int, payload: s.MoveIn) -> Any:
    violation = _violation_step(request, violation_id, "enforcement.move_violation")
    _act(actions.do_move_violation, violation, payload.to, why=payload.why, acting_user=request.user,
         occurred_on=payload.occurred_on, rename={"status": "to"})
    return record_or_404(_violations(), violation_id, "violation")


@router.post("/violations/{violation_id}/correction", response={200: s.ViolationDetailOut, **REFUSALS},
             summary="Record that the violation was corrected")
def record_correction(request: HttpRequest, violation_id: int, payload: s.CorrectionIn) -> Any:
    violation = _violation_step(request, violation_id, "enforcement.record_correction")
    _act(actions.do_record_correction, violation, corrected_on=payload.corrected_on, why=payload.why,
         acting_user=request.user)
    return record_or_404(_violations(), violation_id, "violation")


@router.post("/violations/{violation_id}/fine-posting", response={200: s.ViolationDetailOut, **REFUSALS},
             summary="Post the §118-5 fine to date (the Superintendent, I-21)")
def post_fine(request: HttpRequest, violation_id: int, payload: s.FinePostingIn) -> Any:
    """Fixes the accruing fine as of ``posted_on`` and writes it as a pending charge for billing. A fine is
    posted once (correcting the violation posts it too)."""
    violation = _violation_step(request, violation_id, "enforcement.post_fine")
    fine = AbandonmentFine.objects.filter(violation=violation).first()
    if fine is None:
        raise NinjaValidationError([{"loc": ["body", "payload"], "msg": "No §118-5 fine runs on this violation."}])
    _act(do_post_fine, fine, posted_on=payload.posted_on, acting_user=request.user)
    return record_or_404(_violations(), violation_id, "violation")


@router.post("/violations/{violation_id}/court-fines", response={201: s.CourtFineOut, **REFUSALS},
             summary="Record a fine a court imposed (§118-47, I-22)")
def record_court_fine(request: HttpRequest, violation_id: int, payload: s.CourtFineIn) -> Any:
    violation = _violation_step(request, violation_id, "enforcement.record_court_fine")
    fine = _act(actions.do_record_court_fine, violation, imposed_on=payload.imposed_on, amount=payload.amount,
                docket=payload.docket, court=payload.court, acting_user=request.user)
    return Status(201, fine)


@router.post("/violations/{violation_id}/charges", response={201: s.ChargeOut, **REFUSALS},
             summary="Charge the violator an expense, loss or damage (§118-47)")
def record_charge(request: HttpRequest, violation_id: int, payload: s.ChargeIn) -> Any:
    violation = _violation_step(request, violation_id, "enforcement.record_charge")
    charge = _act(actions.do_record_charge, violation, description=payload.description, amount=payload.amount,
                  incurred_on=payload.incurred_on, acting_user=request.user)
    return Status(201, charge)


# --- Notices --------------------------------------------------------------------------------------------

def _notices() -> models.QuerySet[Notice]:
    return Notice.objects.select_related("parcel", "issued_by")


@router.get("/notices", response={200: list[s.NoticeOut], **REFUSALS}, summary="Notices, filtered")
@paginate(RegistryPagination)
def list_notices(request: HttpRequest, q: s.NoticeQuery = Query(...)) -> Any:  # noqa: B008
    require(request, VIEW)
    qs = _notices()
    for field, value in (("kind", q.kind), ("parcel_id", q.parcel), ("violation_id", q.violation)):
        if value is not None:
            qs = qs.filter(**{field: value})
    if q.served is not None:
        qs = qs.filter(served_on__isnull=not q.served)
    return qs


@router.get("/notices/{notice_id}", response={200: s.NoticeDetailOut, **REFUSALS},
            summary="A notice and the clocks its service started")
def get_notice(request: HttpRequest, notice_id: int) -> Any:
    require(request, VIEW)
    return record_or_404(_notices(), notice_id, "notice")


@router.post("/notices", response={201: s.NoticeDetailOut, **REFUSALS}, summary="Issue a written notice")
def issue_notice(request: HttpRequest, payload: s.NoticeIn) -> Any:
    """Addressed to the owner of record unless ``addressee_name`` and ``addressee_block`` name someone else;
    not served yet. An appearance ticket is the Building Inspector's."""
    require(request, VIEW)  # the role, before the payload is read; then the kind's own permission
    ticket = payload.kind == "appearance_ticket"
    require(request, "enforcement.issue_appearance_ticket" if ticket else "enforcement.issue_notice")
    violation = _ref(Violation, payload.violation_id, "violation_id")
    parcel = _ref(Parcel, payload.parcel_id, "parcel_id") or (violation.parcel if violation else None)
    if parcel is None:
        raise NinjaValidationError([{"loc": ["body", "payload", "parcel_id"], "msg": "Name the parcel."}])
    notice = _act(actions.do_issue_notice, kind=payload.kind, parcel=parcel, facts=payload.facts,
                  violation=violation, correction_days=payload.correction_days,
                  correction_hours=payload.correction_hours, issued_on=payload.issued_on, section=payload.section,
                  addressee_name=payload.addressee_name or "", addressee_block=payload.addressee_block or "",
                  acting_user=request.user)
    return Status(201, record_or_404(_notices(), notice.pk, "notice"))


@router.post("/notices/{notice_id}/service", response={200: s.NoticeDetailOut, **REFUSALS},
             summary="Record service of a notice (starts its clock)")
def record_service(request: HttpRequest, notice_id: int, payload: s.ServiceIn) -> Any:
    require(request, "enforcement.record_service")
    notice = record_or_404(Notice.objects.all(), notice_id, "notice")
    _act(actions.do_record_service, notice, method=payload.method, served_on=payload.served_on,
         served_by_name=payload.served_by_name, served_at=payload.served_at, acting_user=request.user)
    return record_or_404(_notices(), notice_id, "notice")


# --- Connections and private systems (§118-5) -----------------------------------------------------------

@router.post("/connections", response={201: s.ConnectionOut, **REFUSALS},
             summary="Record a building's connection to the public sewer")
def record_connection(request: HttpRequest, payload: s.ConnectionIn) -> Any:
    """What the Permits program (and outside systems) call when a connection passes inspection: meets the
    connect deadline and starts the 90-day clock to abandon each private system on the parcel (§118-5)."""
    require(request, "enforcement.record_connection")
    building = _ref(Building, payload.building_id, "building_id")
    connection = _act(actions.do_record_connection, building=building, connected_on=payload.connected_on,
                      building_sewer_diameter_in=payload.building_sewer_diameter_in, acting_user=request.user)
    deadlines = _deadlines().filter(parcel_id=connection.building.parcel_id)
    return Status(201, {"building_id": connection.building_id, "status": connection.status,
                        "connected_on": connection.connected_on, "deadlines": list(deadlines)})


@router.post("/private-systems/{system_id}/abandonment", response={200: s.AbandonmentOut, **REFUSALS},
             summary="Record a private system cleaned, abandoned and filled (§118-5)")
def record_abandonment(request: HttpRequest, system_id: int, payload: s.AbandonmentIn) -> Any:
    require(request, "enforcement.record_abandonment")
    system = record_or_404(PrivateSystem.objects.all(), system_id, "private system")
    _act(actions.do_record_abandonment, private_system=system, abandoned_on=payload.abandoned_on,
         acting_user=request.user)
    return {"private_system_id": system.pk, "status": "abandoned", "abandoned_on": payload.abandoned_on,
            "deadlines": list(_deadlines().filter(private_system=system))}


# --- The daily sweep ------------------------------------------------------------------------------------

@router.post("/sweeps", response={201: s.SweepOut, **REFUSALS}, summary="Run the daily sweep")
def run_sweep(request: HttpRequest, payload: s.SweepIn) -> Any:
    """Marks passed deadlines overdue, opens their violations, raises follow-ups, escalates and accrues
    fines. Running it twice for the same day changes nothing the second time."""
    require(request, "enforcement.run_sweep")
    return Status(201, _act(do_sweep, payload.as_of, acting_user=request.user))


# --- Charges for billing --------------------------------------------------------------------------------

@router.get("/violator-charges", response={200: list[s.ChargeOut], **REFUSALS},
            summary="Charges to violators (§118-47), for the Billing program")
@paginate(RegistryPagination)
def list_charges(request: HttpRequest, q: s.ChargeQuery = Query(...)) -> Any:  # noqa: B008
    """``pending=true``: not yet billed. Each names the parcel and the sewer accounts on it. Billing's own
    list of everything to post, from every program, is ``/api/pending-charges``; each charge here names its
    pending charge there (``pending_charge_id``), which is where billing marks it billed."""
    require(request, VIEW)
    qs = ViolatorCharge.objects.select_related("violation__parcel", "pending_charge").prefetch_related(
        "violation__parcel__accounts"
    ).order_by("incurred_on", "id")
    if q.pending is not None:
        qs = qs.filter(pending_charge__billed_on__isnull=q.pending)
    return qs


from sewerworks.enforcement.api_deadlines import router as _deadline_router  # noqa: E402

router.add_router("", _deadline_router)
