"""The Board's view on screen (§118-50, §118-53, I-11, I-129): revenue per fund over a period (tables, charts, CSV),
the Board's cost figures, and the year's rate review: candidates compared per area and class against the cost,
typical bills, and the Board's decision recorded by the Town Clerk."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from sewerworks.billing import actions, pipeline
from sewerworks.billing.models import AreaBudget, BillingPeriod, RateCandidate, RateReview
from sewerworks.billing.review.rate_review import Candidate, ReviewFigures, review_figures
from sewerworks.billing.review.reminder import deadline_of
from sewerworks.billing.review.rerate import Proposal
from sewerworks.billing.review.revenue import COLUMNS, LABELS, Revenue, revenue, revenue_csv
from sewerworks.billing.views.corrections import _pk
from sewerworks.billing.views.payments import _day
from sewerworks.core.access.permissions import require
from sewerworks.core.documents.charts import Limit, Point
from sewerworks.core.models import BoardResolution
from sewerworks.registry.models import ImprovementArea

VIEW = "billing.view_billing"


def _charts(report: Revenue) -> list[dict[str, Any]]:
    """Per fund, its money collected and billed per month (the shared SVG series chart)."""
    out = []
    for row in report.rows:
        collected = [
            Point(m, v.get(row.fund.id, {}).get("collected", Decimal(0)), f"{m:%B %Y}") for m, v in report.months
        ]
        billed = [Point(m, v.get(row.fund.id, {}).get("billed", Decimal(0)), f"{m:%B %Y}") for m, v in report.months]
        if any(p.y for p in collected) or any(p.y for p in billed):
            out.append({"fund": row.fund, "collected": collected, "billed": billed})
    return out


@permission_required(VIEW, raise_exception=True)
def revenue_report(request: HttpRequest) -> HttpResponse:
    today = timezone.localdate()
    start, note_start = _day(request.GET.get("start"), today.replace(month=1, day=1))
    end, note_end = _day(request.GET.get("end"), today)
    if end < start:
        start, end, note_start = end, start, "The period ran backwards: its days are swapped."
    report = revenue(start, end)
    if request.GET.get("format") == "csv":
        response = HttpResponse(revenue_csv(report), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="revenue-{start}-{end}.csv"'
        return response
    context = {
        "report": report,
        "columns": [(c, LABELS[c]) for c in COLUMNS],
        "notes": [n for n in (note_start, note_end) if n],
        "charts": _charts(report),
        "years": range(today.year, today.year - 4, -1),
    }
    return render(request, "billing/revenue.html", context)


@permission_required(VIEW, raise_exception=True)
def budgets(request: HttpRequest) -> HttpResponse:
    errors: dict[str, list[str]] = {}
    if request.method == "POST":
        require(request.user, "billing.enter_budget", "enter the Board's budget figures")
        area = ImprovementArea.objects.filter(pk=_pk(request.POST.get("area", ""))).first()
        resolution = BoardResolution.objects.filter(pk=_pk(request.POST.get("resolution", ""))).first()
        try:
            if area is None:
                raise ValidationError({"area": "Choose the Sewer Improvement Area."})
            actions.do_enter_budget(
                area=area,
                fiscal_year=request.POST.get("fiscal_year"),
                resolution=resolution,  # type: ignore[arg-type]
                amount=request.POST.get("amount", ""),
                acting_user=request.user,
            )
        except ValidationError as exc:
            errors = exc.message_dict
        else:
            messages.success(request, "The budget figure is entered.")
            return redirect("billing:budgets")
    context = {
        "budgets": AreaBudget.objects.select_related("area", "resolution", "entered_by")[:60],
        "areas": ImprovementArea.objects.order_by("name"),
        "resolutions": BoardResolution.objects.order_by("-adopted_on")[:50],
        "year": timezone.localdate().year,
        "errors": errors,
        "can_enter": request.user.has_perm("billing.enter_budget"),
    }
    return render(request, "billing/budgets.html", context, status=422 if errors else 200)


@permission_required(VIEW, raise_exception=True)
def rate_reviews(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        period = BillingPeriod.objects.filter(pk=_pk(request.POST.get("period", ""))).first()
        try:
            if period is None:
                raise ValidationError({"period": "Choose the posted period to re-rate."})
            review = actions.do_open_review(
                fiscal_year=request.POST.get("fiscal_year"), period=period, acting_user=request.user
            )
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        else:
            return redirect("billing:rate_review", review.pk)
    context = {
        "reviews": RateReview.objects.select_related("period", "decision"),
        "periods": BillingPeriod.objects.filter(status=pipeline.POSTED).order_by("-end"),
        "year": timezone.localdate().year,
        "can_draft": request.user.has_perm("billing.draft_rate_review"),
    }
    return render(request, "billing/rate_reviews.html", context)


def _chart(figures: ReviewFigures, area: Any) -> dict[str, Any]:
    points = [Point(0, area.annual_billed, "As billed (rates in force)")]
    points += [
        Point(i, value, c.label)
        for i, (c, value) in enumerate(zip(figures.candidates, area.annual_proposed, strict=True), start=1)
    ]
    limits = [Limit(area.cost, "Operation and maintenance cost")] if area.cost is not None else []
    return {"points": points, "limits": limits}


@permission_required(VIEW, raise_exception=True)
def rate_review(request: HttpRequest, pk: int) -> HttpResponse:
    review = get_object_or_404(RateReview.objects.select_related("period", "decision", "adopted"), pk=pk)
    candidates = list(review.candidates.order_by("pk"))
    figures = None
    if review.period is not None:
        shown = [Candidate(c.label, _proposal(c)) for c in candidates]
        figures = review_figures(review.period, shown, review.fiscal_year)
    context = {
        "review": review,
        "candidates": candidates,
        "figures": figures,
        "areas": [(a, _chart(figures, a)) for a in figures.areas] if figures else [],
        "deadline": deadline_of(review),
        "can_draft": request.user.has_perm("billing.draft_rate_review") and review.status == "draft",
        "can_decide": request.user.has_perm("billing.decide_rate_review") and review.status == "draft",
        "today": timezone.localdate(),
    }
    return render(request, "billing/rate_review.html", context)


def _proposal(c: RateCandidate) -> Proposal:
    rates = {k: Decimal(v) for k, v in c.strength_rates.items()}
    return Proposal(c.rate_per_gallon, c.minimum_charge, c.minimum_gallons, rates)


@require_POST
@permission_required("billing.draft_rate_review", raise_exception=True)
def add_candidate(request: HttpRequest, pk: int) -> HttpResponse:
    review = get_object_or_404(RateReview, pk=pk)
    post = request.POST
    strength = {k: post.get(f"strength_{k}", "") for k in ("bod", "suspended_solids", "chlorine_demand")}
    try:
        actions.do_add_candidate(
            review,
            label=post.get("label", ""),
            rate_per_gallon=post.get("rate_per_gallon", ""),
            minimum_charge=post.get("minimum_charge", ""),
            strength_rates=strength,
            minimum_gallons=post.get("minimum_gallons", ""),
            acting_user=request.user,
        )
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, "Candidate added: its figures are below, nothing is written until the Board decides.")
    return redirect("billing:rate_review", review.pk)


@require_POST
@permission_required("billing.decide_rate_review", raise_exception=True)
def decide_review(request: HttpRequest, pk: int) -> HttpResponse:
    review = get_object_or_404(RateReview, pk=pk)
    post = request.POST
    adopt = RateCandidate.objects.filter(review=review, pk=_pk(post.get("adopt", ""))).first()
    try:
        adopted_on, bad_adopted = _day(post.get("adopted_on"), timezone.localdate())
        effective_on, bad_effective = _day(post.get("effective_on"), adopted_on)
        if bad_adopted or bad_effective:
            raise ValidationError({"adopted_on": f"{bad_adopted or bad_effective} Nothing was recorded."})
        actions.do_decide_review(
            review,
            instrument=post.get("instrument", ""),
            adopted_on=adopted_on,
            effective_on=effective_on,
            title=post.get("title", ""),
            adopt=adopt,
            acting_user=request.user,
        )
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, "The Board's resolution is recorded: the rates it sets take effect on its date.")
    return redirect("billing:rate_review", review.pk)
