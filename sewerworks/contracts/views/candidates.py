"""The candidates map (styles by outcome, a legend and the table beside it), the candidate list with filters,
the map's GeoJSON, and starting a screen."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import permission_required
from django.core.paginator import Paginator
from django.db.models import Case, IntegerField, Q, QuerySet, Value, When
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from sewerworks.contracts.actions.screening import do_start_screen, latest_screen, screen_running
from sewerworks.contracts.choices import Outcome
from sewerworks.contracts.forms import ScreenForm
from sewerworks.contracts.models import Candidate
from sewerworks.core.access.permissions import require
from sewerworks.core.determinations.run import today
from sewerworks.enforcement.views.common import run_action
from sewerworks.registry import geometry
from sewerworks.registry.models import ImprovementArea

view_required = permission_required("contracts.view_contracts", raise_exception=True)
MAP_LIMIT = 1500  # candidates drawn on the map and listed beside it, most eligible first
# The map's styles: each outcome differs in line pattern and fill as well as colour (WCAG 1.4.1).
STYLES = {
    Outcome.ELIGIBLE: ("#1a7f37", "solid", "Eligible: adjoins, discharge within 200 ft (§118-1, §118-29.1)"),
    Outcome.BOARD: ("#9a6700", "dashed", "Eligible under §118-29.1 only: 200–400 ft, for the Town Board (I-10)"),
    Outcome.TOO_FAR: ("#cf222e", "dotted", "Too far: adjoins, discharge beyond the limit in force"),
    Outcome.NOT_ADJOINING: ("#57606a", "thin", "Not adjoining: more than 1 ft from the boundary (I-10)"),
    Outcome.CANNOT_JUDGE: ("#8250df", "dash-dot", "Cannot judge: adjoins, no discharge point on record (I-82)"),
}


def by_eligibility(qs: QuerySet[Candidate]) -> QuerySet[Candidate]:
    rank = Case(*(When(outcome=o, then=Value(i)) for i, o in enumerate(STYLES)), output_field=IntegerField())
    return qs.annotate(rank=rank).order_by("rank", "boundary_gap_ft", "parcel__tax_map_number")


def filtered(request: HttpRequest) -> tuple[QuerySet[Candidate], dict[str, str]]:
    chosen = {k: request.GET.get(k, "").strip()[:60] for k in ("outcome", "area", "q")}
    qs = Candidate.objects.select_related("parcel", "area")
    if chosen["outcome"] in Outcome.values:
        qs = qs.filter(outcome=chosen["outcome"])
    if chosen["area"]:
        qs = qs.filter(area__code=chosen["area"])
    if chosen["q"]:
        q = chosen["q"]
        qs = qs.filter(Q(parcel__tax_map_number__icontains=q) | Q(parcel__street_name__icontains=q))
    return by_eligibility(qs), chosen


def _context(request: HttpRequest) -> dict[str, Any]:
    return {
        "latest": latest_screen(),
        "running": screen_running(),
        "styles": [(o.value, o.label, *STYLES[o]) for o in STYLES],
        "areas": ImprovementArea.objects.all(),
        "outcomes": Outcome.choices,
    }


@view_required
def candidate_map(request: HttpRequest) -> HttpResponse:
    qs, chosen = filtered(request)
    rows = list(qs[:MAP_LIMIT])
    form = ScreenForm(initial={"as_of": today()})
    context = {**_context(request), "rows": rows, "chosen": chosen, "total": qs.count(), "limit": MAP_LIMIT}
    return render(request, "contracts/candidate_map.html", {**context, "form": form})


@view_required
def candidate_list(request: HttpRequest) -> HttpResponse:
    qs, chosen = filtered(request)
    page = Paginator(qs, 50).get_page(request.GET.get("page"))
    return render(request, "contracts/candidate_list.html", {**_context(request), "page": page, "chosen": chosen})


@view_required
def map_json(request: HttpRequest) -> JsonResponse:
    """GeoJSON (lon/lat): both area boundaries, then the candidates shown, each with its outcome."""
    qs, _ = filtered(request)
    features = [
        geometry.feature(a.boundary, layer="area", name=a.name) for a in ImprovementArea.objects.all() if a.boundary
    ]
    for c in qs[:MAP_LIMIT]:
        features.append(
            geometry.feature(
                c.parcel.polygon,
                layer="candidate",
                outcome=c.outcome,
                tax_map=c.parcel.tax_map_number,
                name=f"{c.parcel.tax_map_number} {c.parcel.address}: {c.get_outcome_display()}",
            )
        )
    return JsonResponse({"type": "FeatureCollection", "features": [f for f in features if f]})


@require_POST
def start_screen(request: HttpRequest) -> HttpResponse:
    require(request.user, "contracts.run_screen", "screen the parcels for contract users")
    form = ScreenForm(request.POST)
    done = run_action(
        request,
        form,
        lambda: do_start_screen(as_of=form.cleaned_data["as_of"], acting_user=request.user),
        "The screen has started: its progress is shown here and on the jobs page.",
    )
    if done:
        return redirect("contracts:home")
    qs, chosen = filtered(request)
    context = {**_context(request), "rows": list(qs[:MAP_LIMIT]), "chosen": chosen, "total": qs.count()}
    return render(request, "contracts/candidate_map.html", {**context, "form": form, "limit": MAP_LIMIT}, status=422)
