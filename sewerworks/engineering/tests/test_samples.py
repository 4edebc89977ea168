"""The documented sample files import as the documentation says."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from sewerworks.engineering.designs.geojson import read_geojson
from sewerworks.engineering.designs.review import review_design
from sewerworks.engineering.designs.swmm import read_swmm
from sewerworks.ordinance.parameters import load_jurisdiction

SAMPLES = Path(__file__).parents[3] / "docs" / "samples"


@pytest.mark.parametrize("name", ["design-sample.inp", "design-sample.geojson"])
def test_the_documented_samples_read_and_fail_on_the_violations_docs_engineering_md_shows(name: str) -> None:
    data = (SAMPLES / name).read_bytes()
    design = (read_swmm if name.endswith(".inp") else read_geojson)(data)
    assert design.errors == []
    day = date(2026, 12, 1)
    failing = {(p.element, p.finding.requirement) for p in review_design(design, load_jurisdiction().at(day), day)
               if p.finding.severity == "fails"}  # fmt: skip
    assert {("C1", "manhole-spacing"), ("C2", "manhole-at-alignment-change"), ("C3", "minimum-slope")} <= failing
