"""GeoJSON designs: pipes as LineStrings, manholes as Points, in the CRS declared or EPSG:2260 (I-79)."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.engineering.designs.geojson import read_geojson


def _doc(*features: dict[str, Any], crs: str | None = None) -> bytes:
    document: dict[str, Any] = {"type": "FeatureCollection", "features": list(features)}
    if crs:
        document["crs"] = {"type": "name", "properties": {"name": crs}}
    return json.dumps(document, indent=1).encode()


def _manhole(name: str, x: float, y: float) -> dict[str, Any]:
    return {"type": "Feature", "geometry": {"type": "Point", "coordinates": [x, y]},
            "properties": {"id": name, "rim_ft": 110, "invert_ft": 100}}  # fmt: skip


def _pipe(name: str, *coordinates: tuple[float, float], **properties: Any) -> dict[str, Any]:
    return {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [list(c) for c in coordinates]},
            "properties": {"id": name, "diameter_in": 8, **properties}}  # fmt: skip


def test_a_pipe_drawn_between_two_manholes_in_epsg_2260_has_its_drawn_length_and_ends() -> None:
    design = read_geojson(
        _doc(
            _manhole("MH-1", 0, 0),
            _manhole("MH-2", 300, 400),
            _pipe("P1", (0, 0), (300, 400), upstream_invert_ft=100, downstream_invert_ft=98),
        )
    )
    assert design.errors == []
    pipe = design.pipes["P1"]
    assert pipe.length_ft == Decimal(500)
    assert (pipe.upstream, pipe.downstream) == ("MH-1", "MH-2")
    assert pipe.slope == Decimal("0.004")


def test_an_end_within_a_foot_of_a_manhole_ends_there_and_further_away_does_not() -> None:
    design = read_geojson(_doc(_manhole("MH-1", 0, 0), _manhole("MH-2", 101.5, 0), _pipe("P1", (0.9, 0), (100, 0))))
    assert (design.pipes["P1"].upstream, design.pipes["P1"].downstream) == ("MH-1", "")


def test_a_declared_wgs84_crs_is_reprojected_to_new_york_east_feet() -> None:
    design = read_geojson(_doc(_pipe("P1", (-73.99, 41.64), (-73.99, 41.641)), crs="urn:ogc:def:crs:OGC:1.3:CRS84"))
    assert design.crs == "OGC:CRS84"
    # 0.001 degree of latitude is about 364.8 ft
    assert Decimal(360) < design.pipes["P1"].length_ft < Decimal(370)
    assert 600_000 < design.pipes["P1"].points[0][0] < 700_000


def test_the_crs_stated_at_upload_applies_when_the_file_declares_none() -> None:
    design = read_geojson(_doc(_pipe("P1", (-73.99, 41.64), (-73.99, 41.641))), crs="EPSG:4326")
    assert design.crs == "EPSG:4326"
    assert Decimal(360) < design.pipes["P1"].length_ft < Decimal(370)


def test_other_geometries_and_off_nominal_sizes_are_review_items() -> None:
    polygon = {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]},
               "properties": {"id": "PS-1"}}  # fmt: skip
    design = read_geojson(_doc(polygon, _pipe("P1", (0, 0), (10, 0), diameter_in=9)))
    assert design.errors == []
    assert {(i.element, i.requirement) for i in design.review_items} == {
        ("PS-1", "unsupported-feature"), ("P1", "off-nominal-diameter")}  # fmt: skip


@pytest.mark.parametrize(
    ("data", "section", "message"),
    [
        (b"{not json", "(file)", "not valid JSON"),
        (b'{"type": "Feature"}', "(file)", "FeatureCollection"),
        (_doc(_pipe("P1", (0, 0), (10, 0), diameter_in="eight")), "feature 1", "diameter_in must be a number"),
        (_doc(_pipe("P1", (0, 0), (10, 0), trench_width_in=-3)), "feature 1", "trench_width_in cannot be negative"),
        (_doc(_manhole("A", 0, 0), _pipe("P1", (0, 0))), "feature 2", "at least two positions"),
        (_doc(_pipe("P1", (0, 0), (10, 0)), crs="EPSG:99999"), "crs", "unknown coordinate reference system"),
        (_doc(_manhole("A", 0, 0), _manhole("A", 5, 5)), "feature 2", "used by two features"),
    ],
)
def test_an_unreadable_feature_is_refused_naming_it(data: bytes, section: str, message: str) -> None:
    design = read_geojson(data)
    assert not design.readable
    assert design.errors[0].section == section
    assert message in design.errors[0].message


def test_the_row_error_gives_the_line_on_which_the_feature_starts() -> None:
    data = _doc(_manhole("A", 0, 0), _pipe("P1", (0, 0), (10, 0), diameter_in="eight"))
    error = read_geojson(data).errors[0]
    assert data.decode().splitlines()[error.line - 1].strip().startswith('"type": "Feature"')
