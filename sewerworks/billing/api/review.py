"""The Board's review over REST (§118-50, §118-53, I-11, I-129), on billing's router: revenue per fund over a
period; the Board's budget figures; the year's rate review with its candidates and figures (per area and class,
typical bills, revenue against cost), and the Board's decision. Reading a review writes nothing. Refusals: 401,
403 for the wrong role, 404 for an unknown id, 422 naming the field and the rule (a review for a period not
posted, a negative rate, a decision on a decided review).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.utils import timezone
from ninja import Field, Query, Schema, Status
from ninja.errors import HttpError

from sewerworks.billing import actions
from sewerworks.billing.api.router import VIEW, router
from sewerworks.billing.models import AreaBudget, BillingPeriod, RateCandidate, RateReview
from sewerworks.billing.review.rate_review import Candidate, review_figures
from sewerworks.billing.review.rerate import Proposal
from sewerworks.billing.review.revenue import COLUMNS, revenue
from sewerworks.core.api.auth import require
from sewerworks.core.api.errors import record_or_404 as _get
from sewerworks.core.api.errors import refused as _refused
from sewerworks.core.api.schemas import Day
from sewerworks.core.models import BoardResolution
from sewerworks.registry.api import REFUSALS
from sewerworks.registry.models import ImprovementArea


class BillingRevenueRowOut(Schema):
    fund_id: int | None
    fund: str
    owed_start: Decimal
    billed: Decimal
    penalised: Decimal
    adjusted: Decimal
    collected: Decimal
    refunded: Decimal
    relevied: Decimal
    owed_end: Decimal


class BillingRevenueOut(Schema):
    start: dt.date
    end: dt.date
    funds: list[BillingRevenueRowOut]
    total: BillingRevenueRowOut


class BillingBudgetIn(Schema):
    area_id: int
    fiscal_year: int
    amount: str = Field(..., description='The operation and maintenance cost, e.g. "412000.00".')
    resolution_id: int = Field(..., description="The recorded Board resolution that adopted it.")


class BillingBudgetOut(Schema):
    id: int
    area_id: int
    fiscal_year: int
    amount: Decimal
    resolution_id: int


class BillingReviewIn(Schema):
    fiscal_year: int
    period_id: int = Field(..., description="A posted period to re-rate.")


class BillingCandidateIn(Schema):
    label: str = Field(..., max_length=60)
    rate_per_gallon: str = Field(..., description='e.g. "0.0040".')
    minimum_charge: str = Field(..., description='e.g. "10.00".')
    minimum_gallons: int
    strength_rates: dict[str, str] = Field({}, description='Per pound, e.g. {"bod": "0.35"}; others as in force.')


class BillingDecisionIn(Schema):
    instrument: str = Field(..., max_length=120)
    title: str = Field(..., max_length=200)
    adopted_on: Day | None = Field(None, description="Default today.")
    effective_on: Day | None = Field(None, description="Default the day adopted.")
    adopt: int | None = Field(None, description="The candidate adopted; none: the rates in force are kept.")


class BillingCandidateOut(Schema):
    id: int
    label: str
    rate_per_gallon: Decimal
    minimum_charge: Decimal
    minimum_gallons: int
    strength_rates: dict[str, str]


class BillingAreaReviewOut(Schema):
    fund_id: int | None
    fund: str
    cost: Decimal | None
    bills: int
    billed: Decimal = Field(..., description="The period as billed.")
    proposed: list[Decimal] = Field(..., description="The period at each candidate, in their order.")
    annual_billed: Decimal
    annual_proposed: list[Decimal]
    outcomes: list[str | None] = Field(..., description="Per candidate: revenue-covers-cost, revenue-short-of-cost.")
    classes: dict[str, list[Decimal]] = Field(..., description="Per class: as billed, then each candidate.")
    typical: list[dict[str, Any]]


class BillingReviewOut(Schema):
    id: int
    fiscal_year: int
    status: str
    period_id: int | None
    decision: str = Field(..., description="The Board's resolution, once recorded.")
    adopted_id: int | None
    candidates: list[BillingCandidateOut]
    periods_a_year: int | None
    areas: list[BillingAreaReviewOut]


def _row(r: Any) -> dict[str, Any]:
    return {
        "fund_id": r.fund.id,
        "fund": r.fund.name,
        "owed_start": r.owed_start,
        "owed_end": r.owed_end,
        **{c: r.sums[c] for c in COLUMNS},
    }


@router.get(
    "/billing/revenue",
    response={200: BillingRevenueOut, **REFUSALS},
    summary="Revenue per fund over a period: billed, penalised, adjusted, collected, refunded, relevied, owed",
)
def get_revenue(
    request: HttpRequest,
    start: Day | None = Query(None, description="Default the first of the year."),  # type: ignore[type-arg]
    end: Day | None = Query(None, description="Default today."),  # type: ignore[type-arg]
) -> Any:
    require(request, VIEW)
    today = timezone.localdate()
    first, last = start or today.replace(month=1, day=1), end or today
    if last < first:
        raise HttpError(422, f"end: {last} is before the start {first}.")
    report = revenue(first, last)
    return {"start": first, "end": last, "funds": [_row(r) for r in report.rows], "total": _row(report.total)}


@router.get(
    "/billing/budgets", response={200: list[BillingBudgetOut], **REFUSALS}, summary="The Board's budget figures"
)
def list_budgets(request: HttpRequest) -> Any:
    require(request, VIEW)
    return list(AreaBudget.objects.order_by("-fiscal_year", "-id")[:200])


@router.post(
    "/billing/budgets",
    response={201: BillingBudgetOut, **REFUSALS},
    summary="Enter an area's operation and maintenance cost for a fiscal year, against its resolution",
)
def enter_budget(request: HttpRequest, payload: BillingBudgetIn) -> Any:
    require(request, "billing.enter_budget")
    area = _get(ImprovementArea, payload.area_id, "Sewer Improvement Area")
    resolution = _get(BoardResolution, payload.resolution_id, "Board resolution")
    try:
        budget = actions.do_enter_budget(
            area=area,
            fiscal_year=payload.fiscal_year,
            amount=payload.amount,
            resolution=resolution,
            acting_user=request.user,
        )
    except ValidationError as exc:
        raise _refused(exc) from exc
    return Status(201, budget)


def _review(review: RateReview, *, figures: bool) -> dict[str, Any]:
    candidates = list(review.candidates.order_by("pk"))
    out: dict[str, Any] = {
        "id": review.pk,
        "fiscal_year": review.fiscal_year,
        "status": review.status,
        "period_id": review.period_id,
        "decision": review.decision.instrument if review.decision else "",
        "adopted_id": review.adopted_id,
        "candidates": candidates,
        "periods_a_year": None,
        "areas": [],
    }
    if figures and review.period is not None:
        shown = [
            Candidate(
                c.label,
                Proposal(
                    c.rate_per_gallon,
                    c.minimum_charge,
                    c.minimum_gallons,
                    {k: Decimal(v) for k, v in c.strength_rates.items()},
                ),
            )
            for c in candidates
        ]
        result = review_figures(review.period, shown, review.fiscal_year)
        out["periods_a_year"] = result.periods_a_year
        out["areas"] = [
            {
                "fund_id": a.fund.id,
                "fund": a.fund.name,
                "cost": a.cost,
                "bills": a.total.bills,
                "billed": a.total.billed,
                "proposed": a.total.proposed,
                "annual_billed": a.annual_billed,
                "annual_proposed": a.annual_proposed,
                "outcomes": [d.outcome if d else None for d in a.decisions],
                "classes": {k: [s.billed, *s.proposed] for k, s in a.classes.items()},
                "typical": [
                    {
                        "label": t.label,
                        "detail": t.detail,
                        "billed": format(t.billed, "f"),
                        "proposed": [format(p, "f") for p in t.proposed],
                    }
                    for t in a.typical
                ],
            }
            for a in result.areas
        ]
    return out


@router.get(
    "/billing/rate-reviews",
    response={200: list[BillingReviewOut], **REFUSALS},
    summary="The rate reviews (§118-50), newest year first, without their figures",
)
def list_reviews(request: HttpRequest) -> Any:
    require(request, VIEW)
    return [_review(r, figures=False) for r in RateReview.objects.select_related("decision")[:50]]


@router.post(
    "/billing/rate-reviews",
    response={200: BillingReviewOut, **REFUSALS},
    summary="Open (or re-point) the year's review on a posted period",
)
def open_review(request: HttpRequest, payload: BillingReviewIn) -> Any:
    require(request, "billing.draft_rate_review")
    period = _get(BillingPeriod, payload.period_id, "billing period")
    try:
        review = actions.do_open_review(fiscal_year=payload.fiscal_year, period=period, acting_user=request.user)
    except ValidationError as exc:
        raise _refused(exc) from exc
    return _review(review, figures=False)


@router.get(
    "/billing/rate-reviews/{review_id}",
    response={200: BillingReviewOut, **REFUSALS},
    summary="A rate review with its figures: computed on request, nothing written",
)
def get_review(request: HttpRequest, review_id: int) -> Any:
    require(request, VIEW)
    return _review(
        _get(RateReview.objects.select_related("period", "decision"), review_id, "rate review"), figures=True
    )


@router.post(
    "/billing/rate-reviews/{review_id}/candidates",
    response={201: BillingCandidateOut, **REFUSALS},
    summary="Propose rates for the Board to compare",
)
def add_candidate(request: HttpRequest, review_id: int, payload: BillingCandidateIn) -> Any:
    require(request, "billing.draft_rate_review")
    review = _get(RateReview, review_id, "rate review")
    try:
        made = actions.do_add_candidate(
            review,
            label=payload.label,
            rate_per_gallon=payload.rate_per_gallon,
            minimum_charge=payload.minimum_charge,
            minimum_gallons=payload.minimum_gallons,
            strength_rates=payload.strength_rates,
            acting_user=request.user,
        )
    except ValidationError as exc:
        raise _refused(exc) from exc
    return Status(201, made)


@router.post(
    "/billing/rate-reviews/{review_id}/decision",
    response={200: BillingReviewOut, **REFUSALS},
    summary="Record the Board's resolution: adopt a candidate from its effective date, or keep the rates",
)
def decide_review(request: HttpRequest, review_id: int, payload: BillingDecisionIn) -> Any:
    require(request, "billing.decide_rate_review")
    review = _get(RateReview, review_id, "rate review")
    adopt = None
    if payload.adopt is not None:
        adopt = RateCandidate.objects.filter(review=review, pk=payload.adopt).first()
        if adopt is None:
            raise HttpError(422, f"adopt: {payload.adopt} is not a candidate of this review.")
    adopted_on = payload.adopted_on or timezone.localdate()
    try:
        decided = actions.do_decide_review(
            review,
            instrument=payload.instrument,
            title=payload.title,
            adopt=adopt,
            adopted_on=adopted_on,
            effective_on=payload.effective_on or adopted_on,
            acting_user=request.user,
        )
    except ValidationError as exc:
        raise _refused(exc) from exc
    return _review(decided, figures=False)
