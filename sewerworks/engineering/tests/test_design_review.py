"""Issue 14's acceptance test: designs with known violations give exactly those failing findings."""

from __future__ import annotations

from collections import Counter
from datetime import date
from pathlib import Path

from sewerworks.engineering.designs.geojson import read_geojson
from sewerworks.engineering.designs.review import PlacedFinding, review_design, runs
from sewerworks.engineering.designs.swmm import read_swmm
from sewerworks.ordinance.parameters import load_jurisdiction

DATA = Path(__file__).parent / "data"
AS_OF = date(2026, 12, 1)


def _review(placed_from: str) -> list[PlacedFinding]:
    reader = read_swmm if placed_from.endswith(".inp") else read_geojson
    design = reader((DATA / placed_from).read_bytes())
    assert design.errors == []
    return review_design(design, load_jurisdiction().at(AS_OF), AS_OF)


def _failing(placed: list[PlacedFinding]) -> set[tuple[str, str]]:
    return {(p.element, p.finding.requirement) for p in placed if p.finding.severity == "fails"}


def test_the_swmm_file_fails_exactly_on_the_420_ft_conduit_the_bend_and_the_flat_pipe() -> None:
    assert _failing(_review("known_violations.inp")) == {
        ("C1", "manhole-spacing"),
        ("C2", "manhole-at-alignment-change"),
        ("C3", "minimum-slope"),
    }


def test_the_geojson_file_fails_on_the_same_three_and_the_over_wide_trench() -> None:
    placed = _review("known_violations.geojson")
    assert _failing(placed) == {
        ("C1", "manhole-spacing"),
        ("C2", "manhole-at-alignment-change"),
        ("C3", "minimum-slope"),
        ("C4", "concrete-encasement"),
    }
    encasement = next(p.finding for p in placed if p.finding.requirement == "concrete-encasement")
    assert encasement.section == "118-32"
    assert encasement.interpretations == ["I-39"]


def test_every_finding_cites_its_section_and_what_a_person_decides_names_the_town_engineer() -> None:
    placed = _review("known_violations.inp")
    assert {p.finding.section for p in placed} == {"118-29", "118-32", "118-33"}
    review = [p for p in placed if p.finding.severity == "discretion"]
    assert {p.finding.decided_by for p in review} == {"Town Engineer"}
    assert {p.finding.requirement for p in review} == {
        "unreviewed-section",
        "pipe-thickness-field-strength",
        "future-flows",
    }


def test_each_closed_conduit_of_a_real_model_longer_than_400_ft_is_a_spacing_finding() -> None:
    placed = _review("epa_extran1.inp")
    spacing = Counter(
        p.element for p in placed if p.finding.requirement == "manhole-spacing" and p.finding.severity == "fails"
    )
    assert spacing == Counter({"8040": 1, "8060": 1, "8100": 1, "8130": 1, "1570": 1, "1600": 1, "1602": 1})
    # 1030, 4,500 ft long, is a trapezoidal channel: not a sewer, so no manhole rule, a review item (I-143)
    assert {p.element for p in placed if p.finding.requirement == "not-closed-conduit"} == {"1030", "1630"}


def test_pipes_meeting_with_no_manhole_between_them_are_one_run_and_the_400_ft_counts_both() -> None:
    import json

    def pipe(name: str, a: float, b: float) -> dict[str, object]:
        return {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[a, 0], [b, 0]]},
                "properties": {"id": name, "diameter_in": 8, "upstream_invert_ft": 10 - a / 200,
                               "downstream_invert_ft": 10 - b / 200}}  # fmt: skip

    manholes = [{"type": "Feature", "geometry": {"type": "Point", "coordinates": [x, 0]}, "properties": {"id": n}}
                for n, x in (("MH-1", 0), ("MH-2", 450))]  # fmt: skip
    data = json.dumps({"type": "FeatureCollection", "features": [*manholes, pipe("A", 0, 250), pipe("B", 250, 450)]})
    design = read_geojson(data.encode())
    assert [[p.name for p in run] for run in runs(design)] == [["A", "B"]]
    placed = review_design(design, load_jurisdiction().at(AS_OF), AS_OF)
    assert _failing(placed) == {("B", "manhole-spacing")}
