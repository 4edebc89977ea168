"""Contract users over REST: the screen's candidates (filtered by outcome and area), starting a screen (a
job), the latest screen, and the agreements: petition and the Town Board's decision. Every change goes
through ``contracts.actions``. Refusals: 401, 403 for the wrong role, 404 for an unknown id, 422 naming the
field and the rule (a day before 1996-04-22: the law was not in force)."""

from typing import Any

from django.core.exceptions import ValidationError
from django.http import HttpRequest
from ninja import Router, Status
from ninja.pagination import paginate

from sewerworks.contracts import api_schemas as s
from sewerworks.contracts.actions import do_decide_agreement, do_petition, do_start_screen
from sewerworks.contracts.actions.screening import latest_screen
from sewerworks.contracts.models import Candidate, ContractAgreement
from sewerworks.contracts.views.candidates import by_eligibility
from sewerworks.core.api.auth import require
from sewerworks.core.api.errors import record_or_404 as _get
from sewerworks.core.api.errors import refused as _refused
from sewerworks.core.models import BoardResolution
from sewerworks.registry.api import REFUSALS, RegistryPagination
from sewerworks.registry.models import Parcel, SewerAccount

router = Router(tags=["contract users"])
VIEW = "contracts.view_contracts"


def _candidate(c: Candidate) -> dict[str, Any]:
    return {
        "parcel_id": c.parcel_id, "tax_map_number": c.parcel.tax_map_number, "address": c.parcel.address,
        "area": c.area.code, "outcome": c.outcome, "boundary_gap_ft": c.boundary_gap_ft,
        "discharge_distance_ft": c.discharge_distance_ft, "as_of": c.as_of, "run": c.run,
    }  # fmt: skip


@router.get("/contracts/candidates", response={200: list[s.CandidateOut], **REFUSALS},
            summary="Parcels outside the areas screened for §118-29.1, most eligible first")  # fmt: skip
@paginate(RegistryPagination)
def list_candidates(request: HttpRequest, outcome: s.OutcomeName | None = None, area: str | None = None) -> Any:
    require(request, VIEW)
    qs = Candidate.objects.select_related("parcel", "area")
    if outcome:
        qs = qs.filter(outcome=outcome)
    if area:
        qs = qs.filter(area__code=area[:20])
    return [_candidate(c) for c in by_eligibility(qs)]


@router.post("/contracts/screens", response={202: s.ScreenOut, **REFUSALS},
             summary="Start a screen of the whole parcel layer (a background job)")  # fmt: skip
def start_screen(request: HttpRequest, payload: s.ScreenIn) -> Any:
    require(request, "contracts.run_screen")
    try:
        return Status(202, do_start_screen(as_of=payload.as_of, acting_user=request.user))
    except ValidationError as exc:
        raise _refused(exc) from exc


@router.get("/contracts/screens/latest", response={200: s.ScreenOut, **REFUSALS}, summary="The latest whole screen")
def get_latest_screen(request: HttpRequest) -> Any:
    require(request, VIEW)
    found = latest_screen()
    if found is None:
        return Status(404, {"detail": "No screen of the parcel layer has finished yet."})
    return found


def _agreement(a: ContractAgreement) -> dict[str, Any]:
    return {
        "id": a.pk, "parcel_id": a.parcel_id, "account_id": a.account_id, "petitioner": a.petitioner,
        "petitioned_on": a.petitioned_on, "status": a.status, "eligibility_outcome": a.eligibility.outcome,
        "resolution": a.resolution.instrument if a.resolution else None, "decided_on": a.decided_on,
        "legal_fees": a.legal_fees, "assessment_share": a.assessment_share,
        "revenue_area": a.revenue_area.code if a.revenue_area else None,
    }  # fmt: skip


AGREEMENTS = ContractAgreement.objects.select_related("eligibility", "resolution", "revenue_area")


@router.get("/contracts/agreements", response={200: list[s.AgreementOut], **REFUSALS})
def list_agreements(request: HttpRequest) -> Any:
    require(request, VIEW)
    return [_agreement(a) for a in AGREEMENTS.all()]


@router.post("/contracts/agreements", response={201: s.AgreementOut, **REFUSALS},
             summary="Record an owner's petition to become a contract user (eligibility of the day kept)")  # fmt: skip
def petition(request: HttpRequest, payload: s.PetitionIn) -> Any:
    require(request, "contracts.record_petition")
    parcel = _get(Parcel.objects.all(), payload.parcel_id, "parcel")
    account = _get(SewerAccount.objects.all(), payload.account_id, "sewer account")
    try:
        agreement = do_petition(
            parcel=parcel, account=account, petitioner=payload.petitioner, petitioned_on=payload.petitioned_on,
            notes=payload.notes, acting_user=request.user,
        )  # fmt: skip
    except ValidationError as exc:
        raise _refused(exc) from exc
    return Status(201, _agreement(agreement))


@router.post("/contracts/agreements/{agreement_id}/decision", response={200: s.AgreementOut, **REFUSALS},
             summary="Record the Town Board's decision (approval: fees and share charged, billed inside)")  # fmt: skip
def decide(request: HttpRequest, agreement_id: int, payload: s.DecisionIn) -> Any:
    require(request, "contracts.record_board_decision")
    agreement = _get(AGREEMENTS.all(), agreement_id, "agreement")
    resolution = _get(BoardResolution.objects.all(), payload.resolution_id, "resolution")
    try:
        done = do_decide_agreement(
            agreement, approve=payload.approve, resolution=resolution, decided_on=payload.decided_on,
            legal_fees=payload.legal_fees or 0, assessment_share=payload.assessment_share or 0,
            acting_user=request.user,
        )  # fmt: skip
    except ValidationError as exc:
        raise _refused(exc) from exc
    return _agreement(AGREEMENTS.get(pk=done.pk))
