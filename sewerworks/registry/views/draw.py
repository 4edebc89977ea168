"""Drawing on the parcel edit page's map (``registry/static/registry/draw.js``): the map works in
longitude/latitude, the record keeps WKT in EPSG:2260 US survey feet, and pyproj converts between them here,
server-side, with the same checks the form makes when it is saved (a valid geometry of the field's type,
coordinates in range). Nothing is saved: the form and ``do_save_parcel`` still do that.

``GET /registry/geometry/convert/?field=polygon&wkt=POLYGON ((…))``
    the text a clerk pasted -> ``{"geojson": …}`` in longitude/latitude, to redraw the map;
``GET /registry/geometry/convert/?field=polygon&lonlat={"type": "Polygon", …}``
    what was drawn -> ``{"wkt": "POLYGON ((…))", "area_sq_ft": …}``, to fill the text.

A bad value is a 400 ``{"field": …, "error": …}`` naming the field and the rule, as the form would.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.exceptions import ValidationError
from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET
from shapely import wkt as shapely_wkt
from shapely.errors import GEOSException, ShapelyError

from sewerworks.core.access.permissions import require
from sewerworks.core.text import NUL_MESSAGE, has_nul
from sewerworks.registry import geometry
from sewerworks.registry.actions import wkt_type_error
from sewerworks.registry.models import Parcel
from sewerworks.registry.models.fields import WKTField, validate_wkt

DRAWN_FIELDS = ("polygon", "discharge_point")  # the parcel's geometry fields the edit page draws
MAX_TEXT = 200_000  # characters of WKT or GeoJSON: a parcel of thousands of corners, not a county


def _problem(field: str, message: str) -> JsonResponse:
    model_field = Parcel._meta.get_field(field)
    assert isinstance(model_field, WKTField)
    label = str(model_field.verbose_name)
    return JsonResponse({"field": field, "error": f"{label.capitalize()}: {message}"}, status=400)


def _check(field: str, text: str) -> str | None:
    """Why ``text`` would be refused for ``field`` when the form is saved, or None."""
    try:
        validate_wkt(text)
    except ValidationError as exc:
        return " ".join(exc.messages)
    model_field = Parcel._meta.get_field(field)
    assert isinstance(model_field, WKTField)
    return wkt_type_error(text, model_field.geom_type)


@require_GET
def geometry_convert(request: HttpRequest) -> JsonResponse:
    require(request.user, "registry.change_parcel", "edit a parcel's boundary or discharge point")
    field = request.GET.get("field", "")
    if field not in DRAWN_FIELDS:
        return JsonResponse({"field": "field", "error": f"field must be one of {', '.join(DRAWN_FIELDS)}."}, status=400)
    text, lonlat = request.GET.get("wkt"), request.GET.get("lonlat")
    if (text is None) == (lonlat is None):
        return _problem(field, "give either wkt (EPSG:2260 feet) or lonlat (a GeoJSON geometry), not both.")
    given = text if text is not None else lonlat
    assert given is not None
    if len(given) > MAX_TEXT:
        return _problem(field, f"longer than {MAX_TEXT:,} characters.")
    if has_nul(given):
        return _problem(field, f"{NUL_MESSAGE}.")
    if text is not None:
        text = text.strip()
        if not text:
            return JsonResponse({"field": field, "wkt": "", "geojson": None})
    else:
        try:
            drawn: Any = json.loads(given)
            text = geometry.wkt_from_lonlat(drawn)
        except (ValueError, TypeError, KeyError, AttributeError, ShapelyError, GEOSException) as exc:
            return _problem(field, f"the drawing is not a GeoJSON geometry in longitude/latitude ({exc}).")
    problem = _check(field, text)
    if problem:
        return _problem(field, problem)
    geom = shapely_wkt.loads(text)
    return JsonResponse(
        {
            "field": field,
            "wkt": text,
            "geojson": geometry.geojson_lonlat(text),
            "area_sq_ft": round(float(geom.area), 1),
        }
    )
