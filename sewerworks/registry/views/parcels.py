"""Registry screens: the parcel list and search, the parcel page (map, owners, buildings, connection,
accounts, meters and reads, timeline), and its history."""

from __future__ import annotations

from django.contrib.auth.decorators import permission_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render

from sewerworks.core.compiled import compiled
from sewerworks.core.parameters import parameters_read_once
from sewerworks.core.records.sections import hold, present, probe_columns, sections_for
from sewerworks.core.records.timeline import timeline_for
from sewerworks.core.web.navigation import actions_for
from sewerworks.registry import geometry
from sewerworks.registry.actions import may_certify_meters
from sewerworks.registry.availability import sewer_available
from sewerworks.registry.filters import prefix_range
from sewerworks.registry.history import history_of
from sewerworks.registry.models import (
    AssessedValue,
    Building,
    MeterRead,
    Ownership,
    Parcel,
    PrivateSystem,
    SewerAccount,
    SewerMain,
    WaterMeter,
)
from sewerworks.registry.models.parcels import tax_map_sort_key
from sewerworks.registry.search import search
from sewerworks.registry.water_use import average_line, chart_points, factor_note, water_use


@permission_required("registry.view_parcel", raise_exception=True)
def parcel_list(request: HttpRequest) -> HttpResponse:
    qs = Parcel.objects.select_related("improvement_area").order_by("tax_map_sort", "tax_map_number")
    area = request.GET.get("area", "")
    if area:
        qs = qs.filter(improvement_area__code=area)
    page = Paginator(
        qs.only("pk", "tax_map_number", "street_number", "street_name", "land_use_class", "improvement_area__name"), 50
    ).get_page(request.GET.get("page"))
    return render(request, "registry/parcel_list.html", {"page": page, "area": area})


@permission_required("registry.view_parcel", raise_exception=True)
def search_view(request: HttpRequest) -> HttpResponse:
    q = request.GET.get("q", "")[:100]
    hits = search(q) if q.strip() else []
    if len(hits) == 1 and not request.htmx:  # type: ignore[attr-defined]
        return redirect(hits[0].url)
    template = "registry/_search_results.html" if request.htmx else "registry/search.html"  # type: ignore[attr-defined]
    return render(request, template, {"q": q, "hits": hits})


RECENT_READS = 6  # the reads listed under each meter
PARCEL = "registry.parcel"  # the probes' subject


# The rows of a parcel its page shows, each read by SQL compiled once per process (core.compiled):
# compiling them was most of the page's time (issue 38).
_PARCEL = compiled(  # the parcel with the probes of its records in other programs (core.records.sections)
    "parcel",
    lambda pk: (
        Parcel.objects.select_related("improvement_area").filter(pk=pk).annotate(**probe_columns(PARCEL)).order_by()
    ),
)
_OWNERSHIPS = compiled(
    "parcel ownerships",
    lambda pk: Ownership.objects.filter(parcel_id=pk).select_related("owner").order_by("-start", "pk"),
)
_BUILDINGS = compiled(
    "parcel buildings",
    lambda pk: Building.objects.filter(parcel_id=pk).select_related("connection").order_by("name", "pk"),
)
_ACCOUNTS = compiled("parcel accounts", lambda pk: SewerAccount.objects.filter(parcel_id=pk).order_by("account_number"))
_METERS = compiled("parcel meters", lambda pk: WaterMeter.objects.filter(account__parcel_id=pk).order_by("serial"))
_SYSTEMS = compiled(
    "parcel private systems",
    lambda pk: PrivateSystem.objects.filter(parcel_id=pk).select_related("building").order_by("pk"),
)
_READS = compiled(  # every read of the parcel's meters, newest first: a few dozen a meter
    "parcel reads",
    lambda pk: MeterRead.objects.filter(meter__account__parcel_id=pk).order_by("meter_id", "-read_on", "-id"),
)
_ASSESSMENTS = compiled(
    "parcel assessments", lambda pk: AssessedValue.objects.filter(parcel_id=pk).order_by("-roll_year")[:3]
)


def _read_page_rows(parcel: Parcel) -> None:
    """The rows the parcel's page shows and its timeline and sections reuse, one query per kind (private
    systems only when the probe found some), kept as ``prefetch_related`` keeps them
    (``core.records.sections.hold``)."""
    hold(parcel, "ownerships", _OWNERSHIPS(parcel.pk))
    hold(parcel, "buildings", _BUILDINGS(parcel.pk))
    accounts = _ACCOUNTS(parcel.pk)
    meters: dict[int, list[WaterMeter]] = {a.pk: [] for a in accounts}
    for m in _METERS(parcel.pk) if accounts else ():
        meters[m.account_id].append(m)
    for a in accounts:
        hold(a, "meters", meters[a.pk])
    hold(parcel, "accounts", accounts)
    if present(parcel, "private_systems"):
        hold(parcel, "private_systems", _SYSTEMS(parcel.pk))


def _parcel_context(parcel: Parcel) -> dict[str, object]:
    ownerships = list(parcel.ownerships.all())
    accounts = list(parcel.accounts.all())
    meters = sorted((m for a in accounts for m in a.meters.all()), key=lambda m: m.serial)
    reads: dict[int, list[MeterRead]] = {m.pk: [] for m in meters}
    for r in _READS(parcel.pk) if meters else ():
        reads[r.meter_id].append(r)
    for m in meters:
        m.recent_reads = reads[m.pk][:RECENT_READS]  # type: ignore[attr-defined]
        used = water_use(m, reads[m.pk])
        m.water_use = {  # type: ignore[attr-defined]
            "points": chart_points(used),
            "limits": average_line(used),
            "factor": factor_note(m, used),
        }
    return {
        "parcel": parcel,
        "current_owners": [o for o in ownerships if o.end is None],
        "past_owners": [o for o in ownerships if o.end is not None],
        "buildings": parcel.buildings.all(),
        "private_systems": parcel.private_systems.all() if present(parcel, "private_systems") else [],
        "accounts": accounts,
        "meters": meters,
        "assessments": _ASSESSMENTS(parcel.pk) if present(parcel, "assessments") else [],
    }


@permission_required("registry.view_parcel", raise_exception=True)
def parcel_detail(request: HttpRequest, pk: int) -> HttpResponse:
    found = _PARCEL(pk)
    if not found:
        raise Http404("No parcel has that number.")
    parcel = found[0]
    _read_page_rows(parcel)
    with parameters_read_once():  # one read of the law in force for the charts, sections and availability
        context = _parcel_context(parcel)
        context["timeline"] = timeline_for(parcel, limit=50)
        context["sections"] = sections_for(request, parcel)
        context["availability"] = sewer_available(parcel)
    context["can_edit"] = request.user.has_perm("registry.change_parcel", parcel)
    context["can_replace_meter"] = request.user.has_perm("registry.replace_watermeter")
    context["can_certify_meter"] = may_certify_meters(request.user)
    context["record_actions"] = actions_for(request.user, parcel)
    return render(request, "registry/parcel_detail.html", context)


NEIGHBOURS_SHOWN = 60  # lots of the block drawn for reference; a block of a few dozen lots shows whole


def neighbours(parcel: Parcel, within_ft: float) -> list[Parcel]:
    """The other lots of the parcel's tax map block (section-block, "108.12-3" of "108.12-3-45") whose
    centroid lies within ``within_ft`` of its own: the lines a boundary is drawn against. One index range on
    the tax map number's sort form, so as cheap at a million parcels as at ten."""
    if "-" not in parcel.tax_map_number or parcel.centroid_x is None or parcel.centroid_y is None:
        return []
    block = tax_map_sort_key(parcel.tax_map_number.rsplit("-", 1)[0] + "-")
    x, y = parcel.centroid_x, parcel.centroid_y
    qs = prefix_range(Parcel.objects.exclude(pk=parcel.pk).exclude(polygon=""), "tax_map_sort", block)
    qs = qs.filter(centroid_x__range=(x - within_ft, x + within_ft), centroid_y__range=(y - within_ft, y + within_ft))
    fields = ("pk", "tax_map_number", "street_number", "street_name", "polygon")
    return list(qs.order_by("tax_map_sort").only(*fields)[:NEIGHBOURS_SHOWN])


@permission_required("registry.view_parcel", raise_exception=True)
def parcel_map_json(request: HttpRequest, pk: int) -> JsonResponse:
    """GeoJSON (lon/lat) of the parcel, its improvement area, its discharge point, nearby mains and the
    neighbouring lots of its block."""
    parcel = get_object_or_404(Parcel.objects.select_related("improvement_area"), pk=pk)
    features = []
    if parcel.improvement_area:
        features.append(
            geometry.feature(parcel.improvement_area.boundary, layer="area", name=parcel.improvement_area.name)
        )
    features.append(geometry.feature(parcel.polygon, layer="parcel", name=str(parcel)))
    features.append(geometry.feature(parcel.discharge_point, layer="discharge", name="Discharge point"))
    if parcel.centroid_x is not None and parcel.centroid_y is not None:
        r = 600.0  # ft around the parcel
        x, y = parcel.centroid_x, parcel.centroid_y
        from shapely.geometry import box

        window = box(x - r, y - r, x + r, y + r)
        for n in neighbours(parcel, r):
            features.append(geometry.feature(n.polygon, layer="neighbour", name=str(n)))
        mains = SewerMain.objects.all() if parcel.improvement_area is None else parcel.improvement_area.mains.all()
        for main in mains.only("identifier", "diameter_in", "path"):
            g = geometry.load(main.path)
            if g is not None and g.intersects(window):
                features.append(
                    geometry.feature(main.path, layer="main", name=f"{main.identifier} ({main.diameter_in}-inch)")
                )
    return JsonResponse({"type": "FeatureCollection", "features": [f for f in features if f]})


@permission_required("registry.view_parcel", raise_exception=True)
def parcel_history(request: HttpRequest, pk: int) -> HttpResponse:
    parcel = get_object_or_404(Parcel, pk=pk)
    entries = history_of(parcel)
    related = []
    for b in parcel.buildings.all():
        related.extend(history_of(b, limit=20))
        if hasattr(b, "connection"):
            related.extend(history_of(b.connection, limit=20))
    for o in Ownership.objects.filter(parcel=parcel):
        related.extend(history_of(o, limit=10))
    related.sort(key=lambda e: e.when, reverse=True)
    return render(request, "registry/parcel_history.html", {"parcel": parcel, "entries": entries, "related": related})


@permission_required("registry.change_parcel", raise_exception=True)
def parcel_edit(request: HttpRequest, pk: int) -> HttpResponse:
    from sewerworks.registry.views.edit import edit_parcel

    return edit_parcel(request, pk)
