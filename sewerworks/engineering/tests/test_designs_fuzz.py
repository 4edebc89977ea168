"""Arbitrary bytes given to either parser give row errors, never a crash; what reads is reviewed."""

from __future__ import annotations

from datetime import date

from hypothesis import given, settings
from hypothesis import strategies as st

from sewerworks.engineering.designs.geojson import read_geojson
from sewerworks.engineering.designs.model import Design, RowError
from sewerworks.engineering.designs.review import review_design
from sewerworks.engineering.designs.swmm import read_swmm
from sewerworks.ordinance.parameters import load_jurisdiction

VIEW_DAY = date(2026, 12, 1)

SWMM_WORDS = st.sampled_from(
    ["[JUNCTIONS]", "[CONDUITS]", "[XSECTIONS]", "[OPTIONS]", "[COORDINATES]", "[VERTICES]", "[WEIRS]", "[STORAGE]",
     "J1", "J2", "C1", "CIRCULAR", "EGG", "FLOW_UNITS", "LPS", "CFS", "LINK_OFFSETS", "ELEVATION", "100", "-1", "0",
     "nan", "1e999", "0.6667", ";", "\n", "\t", " ", "\x00", "\xff", "["]
)  # fmt: skip


def _only_row_errors(design: Design) -> None:
    assert isinstance(design, Design)
    assert all(isinstance(e, RowError) for e in design.errors)
    assert all(str(e) for e in design.errors)
    if design.readable:
        placed = review_design(design, load_jurisdiction().at(VIEW_DAY), VIEW_DAY)
        assert {p.element_kind for p in placed} <= {"pipe", "manhole", "design"}


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=400))
def test_arbitrary_bytes_to_the_swmm_parser(data: bytes) -> None:
    _only_row_errors(read_swmm(data))


@settings(max_examples=150, deadline=None)
@given(st.lists(SWMM_WORDS, max_size=80))
def test_swmm_like_text_to_the_swmm_parser(words: list[str]) -> None:
    _only_row_errors(read_swmm(" ".join(words).encode("utf-8", "surrogatepass")))


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=400))
def test_arbitrary_bytes_to_the_geojson_parser(data: bytes) -> None:
    _only_row_errors(read_geojson(data))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
    | st.sampled_from(["FeatureCollection", "Feature", "Point", "LineString", "id", "EPSG:4326"]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(
        st.sampled_from(["type", "features", "geometry", "coordinates", "properties", "crs", "name", "id",
                         "diameter_in", "trench_width_in", "upstream_invert_ft"]), children, max_size=5),
    max_leaves=30,
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(JSON)
def test_arbitrary_json_shapes_to_the_geojson_parser(document: object) -> None:
    import json

    body = {"type": "FeatureCollection", "features": document if isinstance(document, list) else [document]}
    _only_row_errors(read_geojson(json.dumps(body).encode()))


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(-3, 3), st.integers(-3, 3), st.integers(-3, 3), st.integers(-3, 3),
                  st.sampled_from([None, 0, 8, 9, 12]), st.sampled_from([None, -1, 0, 100])),
        min_size=1, max_size=6,
    )
)  # fmt: skip
def test_any_small_network_of_pipes_is_reviewed_without_a_crash(pipes: list[tuple[int, ...]]) -> None:
    import json

    features = [
        {"type": "Feature",
         "geometry": {"type": "LineString", "coordinates": [[x1 * 100, y1 * 100], [x2 * 100, y2 * 100]]},
         "properties": {"id": f"P{i}", "diameter_in": d, "upstream_invert_ft": inv, "downstream_invert_ft": 0}}
        for i, (x1, y1, x2, y2, d, inv) in enumerate(pipes)
    ]  # fmt: skip
    features.append(
        {"type": "Feature", "geometry": {"type": "Point", "coordinates": [0, 0]}, "properties": {"id": "M"}}
    )
    _only_row_errors(read_geojson(json.dumps({"type": "FeatureCollection", "features": features}).encode()))


def test_values_beyond_what_a_town_sewer_holds_are_row_errors_and_long_runs_are_for_the_town_engineer() -> None:
    import json

    long_inp = b"[JUNCTIONS]\nJ1 1 1\nJ2 0 1\n[CONDUITS]\nC1 J1 J2 250000 0.013 0 0\n"
    assert "at most 100000 ft" in read_swmm(long_inp).errors[0].message
    wide = b"[JUNCTIONS]\nJ1 1 1\nJ2 0 1\n[CONDUITS]\nC1 J1 J2 100 0.013 0 0\n[XSECTIONS]\nC1 CIRCULAR 500\n"
    assert read_swmm(wide).errors[0].section == "[XSECTIONS]"
    zigzag = [[i * 10, (i % 2) * 10] for i in range(1200)]
    properties = {"id": "Z", "diameter_in": 8, "upstream_invert_ft": 99, "downstream_invert_ft": 0}
    pipe = {"type": "Feature", "geometry": {"type": "LineString", "coordinates": zigzag}, "properties": properties}
    design = read_geojson(json.dumps({"type": "FeatureCollection", "features": [pipe]}).encode())
    placed = review_design(design, load_jurisdiction().at(VIEW_DAY), VIEW_DAY)
    assert [p.finding.requirement for p in placed if p.finding.section == "118-33"] == ["manhole-run-too-long"]
