"""The conversions behind drawing on the parcel edit page: what is drawn (longitude/latitude) becomes WKT in
EPSG:2260 feet and back, checked as the form checks it on save, and nothing is saved by converting."""

from __future__ import annotations

import json

import pytest
from shapely import wkt

from sewerworks.registry import geometry
from sewerworks.registry.models import Parcel
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db
URL = "/registry/geometry/convert/"
SQUARE = f.square(640100, 1010100, 100)


def lonlat(text: str) -> str:
    return json.dumps(geometry.geojson_lonlat(text))


def test_a_drawn_polygon_comes_back_as_feet_to_the_hundredth_with_its_area(client_as) -> None:
    body = client_as("clerk").get(URL, {"field": "polygon", "lonlat": lonlat(SQUARE)}).json()
    assert wkt.loads(body["wkt"]).equals_exact(wkt.loads(SQUARE), tolerance=0.01)
    assert body["area_sq_ft"] == pytest.approx(10000.0, abs=0.5)
    assert body["wkt"].startswith("POLYGON ((640100 1010100")  # rounded to 0.01 ft, not mouse noise


def test_pasted_feet_come_back_as_longitude_latitude_for_the_map(client_as) -> None:
    body = client_as("clerk").get(URL, {"field": "polygon", "wkt": SQUARE}).json()
    lon, lat = body["geojson"]["coordinates"][0][0]
    assert -74.1 < lon < -73.8 and 41.5 < lat < 41.8  # the Town of Marlborough, Ulster County
    assert body["area_sq_ft"] == 10000.0


def test_a_discharge_point_is_a_point_and_a_polygon_is_refused_there_by_name(client_as) -> None:
    client = client_as("clerk")
    ok = client.get(URL, {"field": "discharge_point", "lonlat": lonlat("POINT (640150 1010100)")}).json()
    assert ok["wkt"] == "POINT (640150 1010100)"
    bad = client.get(URL, {"field": "discharge_point", "wkt": SQUARE})
    assert bad.status_code == 400
    assert bad.json()["error"] == "Discharge point: Expected a Point geometry, got a Polygon."


@pytest.mark.parametrize(
    ("params", "said"),
    [
        (
            {"field": "polygon", "wkt": "POLYGON ((0 0, 10 10, 10 0, 0 10, 0 0))"},
            "Parcel polygon: The geometry is not valid: Self-intersection",
        ),
        ({"field": "polygon", "wkt": "POLYGON ((1 2"}, "Parcel polygon: Not valid WKT geometry"),
        (
            {"field": "polygon", "lonlat": '{"type": "Polygon"}'},
            "Parcel polygon: the drawing is not a GeoJSON geometry",
        ),
        ({"field": "polygon", "lonlat": "not json"}, "Parcel polygon: the drawing is not a GeoJSON geometry"),
        ({"field": "polygon", "wkt": "POLYGON ((0 0, 1e9 0, 1e9 1e9, 0 0))"}, "Coordinates must be EPSG:2260 feet"),
        ({"field": "polygon"}, "give either wkt"),
        ({"field": "polygon", "wkt": SQUARE, "lonlat": "{}"}, "give either wkt"),
        ({"field": "street_name", "wkt": SQUARE}, "field must be one of polygon, discharge_point"),
    ],
)
def test_bad_geometry_is_a_400_naming_the_field_and_the_rule(client_as, params: dict[str, str], said: str) -> None:
    response = client_as("clerk").get(URL, params)
    assert response.status_code == 400
    assert said in response.json()["error"]


def test_a_nul_character_is_the_sites_one_refusal_which_the_map_reads_as_json(client_as) -> None:
    """Issue 30: refused before the view (core.web.middleware.RefuseNulMiddleware), with the map's "error"."""
    params = {"field": "polygon", "wkt": "POINT (1 2)\x00"}
    response = client_as("clerk").get(URL, params, HTTP_ACCEPT="application/json")
    assert response.status_code == 422
    assert response.json()["error"] == "wkt: must not contain a NUL character."


def test_an_empty_text_clears_the_map_and_converting_saves_nothing(client_as) -> None:
    p = f.parcel()
    before = p.polygon
    assert client_as("clerk").get(URL, {"field": "polygon", "wkt": "  "}).json() == {
        "field": "polygon",
        "wkt": "",
        "geojson": None,
    }
    client_as("clerk").get(URL, {"field": "polygon", "wkt": SQUARE})
    assert Parcel.objects.get(pk=p.pk).polygon == before


def test_only_those_who_may_edit_a_parcel_may_convert(client_as) -> None:
    assert client_as("board member").get(URL, {"field": "polygon", "wkt": SQUARE}).status_code == 403
    assert client_as("clerk").post(URL, {"field": "polygon", "wkt": SQUARE}).status_code == 405


def test_the_edit_page_draws_without_losing_the_text_fields(client_as) -> None:
    p = f.parcel()
    page = client_as("clerk").get(f"/registry/parcels/{p.pk}/edit/").content.decode()
    assert 'data-draw="polygon"' in page and 'data-draw="discharge_point"' in page
    assert "vendor/leaflet-geoman/leaflet-geoman.js" in page and "registry/draw.js" in page
    assert "The map needs JavaScript: type or paste the coordinates" in page
    assert 'id="draw-tools" hidden' in page  # the drawing buttons appear only when the script runs
