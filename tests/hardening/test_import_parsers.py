"""Every import kind's reader, given anything at all (arbitrary bytes, arbitrary text, or its own header
over rows of arbitrary cells), answers with named row or file errors and never raises (issue 18).

A new kind must add a sample of its file here (``SAMPLES``): the first test fails until it does."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.conf import settings
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from sewerworks.core.imports.common import RowError
from sewerworks.core.imports.kinds import get_kind, import_kinds
from sewerworks.registry.imports.roll import COLUMNS as ROLL_COLUMNS

pytestmark = pytest.mark.django_db

AS_OF = dt.date(2026, 10, 1)
ROLL_ROW = ("108.12-3-45", "68", "Main Street", "MARL", "210", "2026", "250000", "Robert Evans",
            "68 Main Street", "Marlboro", "NY", "12542")  # fmt: skip
POLYGONS = {
    "type": "FeatureCollection",
    "features": [{
        "type": "Feature",
        "properties": {"tax_map_number": "108.12-3-45"},
        "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [100, 0], [100, 100], [0, 100], [0, 0]]]},
    }],
}  # fmt: skip
SAMPLES: dict[str, bytes] = {
    "roll": (",".join(ROLL_COLUMNS) + "\n" + ",".join(ROLL_ROW) + "\n").encode(),
    "polygons": json.dumps(POLYGONS).encode(),
    "reads": b"meter_serial,account_number,read_on,reading,unit,source\n"
    b"MWD-1,SMP-1,2026-09-30,87250,gal,water_district\n",
    "grease-manifest": b"manifest_number,hauler_license,service_date,tax_map_number,volume_gal,disposal_facility,"
    b"nysdec_approved\nM-100,3A-118,2026-03-07,108.12-3-45,1650,Kingston WWTP,yes\n",
}
SAMPLES |= {
    "design-swmm": (settings.BASE_DIR / "docs/samples/design-sample.inp").read_bytes(),
    "design-geojson": (settings.BASE_DIR / "docs/samples/design-sample.geojson").read_bytes(),
    "pretreatment-results": (settings.BASE_DIR / "docs/samples/lab-results-sample.csv").read_bytes(),
}
FUZZ = hypothesis_settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), database=None)


def _read(kind_name: str, data: bytes) -> None:
    checked = get_kind(kind_name).check(data, context={}, as_of=AS_OF)
    assert all(isinstance(e, RowError) for e in checked.errors)
    assert 0 <= checked.valid <= max(checked.rows, checked.valid)


def test_every_import_kind_has_a_sample_to_fuzz_from() -> None:
    assert {k.name for k in import_kinds()} <= set(SAMPLES)


def _cells(sample: bytes) -> st.SearchStrategy[bytes]:
    """The sample's header line over one to five rows of arbitrary cells (quotes, commas, newlines included)."""
    header = sample.split(b"\n", 1)[0]
    width = header.count(b",") + 1
    raw = st.text(max_size=30)
    cell = raw | raw.map(lambda t: '"' + t.replace('"', '""') + '"')
    row = st.lists(cell, min_size=0, max_size=width + 2).map(",".join)
    return st.lists(row, min_size=1, max_size=5).map(lambda rows: header + b"\n" + "\n".join(rows).encode())


def _geojson() -> st.SearchStrategy[bytes]:
    """Feature collections whose properties and geometry are arbitrary JSON."""
    leaf = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=12)
    value = st.recursive(leaf, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner))
    feature = st.fixed_dictionaries(
        {"type": st.sampled_from(["Feature", "feature", "X"]), "properties": value, "geometry": value}
    )
    collection = st.fixed_dictionaries(
        {"type": st.just("FeatureCollection"), "features": st.lists(feature, max_size=3)}
    )
    return (collection | value).map(lambda v: json.dumps(v).encode())


@pytest.mark.parametrize("kind_name", sorted(SAMPLES))
def test_arbitrary_bytes_give_only_errors(kind_name: str) -> None:
    @FUZZ
    @given(data=st.binary(max_size=400) | st.text(max_size=200).map(str.encode))
    def read(data: bytes) -> None:
        _read(kind_name, data)

    read()


@pytest.mark.parametrize("kind_name", sorted(SAMPLES))
def test_its_own_layout_with_arbitrary_cells_gives_only_row_errors(kind_name: str) -> None:
    strategy = _geojson() if SAMPLES[kind_name].lstrip().startswith(b"{") else _cells(SAMPLES[kind_name])

    @FUZZ
    @given(data=strategy)
    def read(data: bytes) -> None:
        _read(kind_name, data)

    read()


@pytest.mark.parametrize("kind_name", sorted(SAMPLES))
def test_its_own_sample_with_any_line_replaced_gives_only_errors(kind_name: str) -> None:
    lines = SAMPLES[kind_name].decode().splitlines()

    @FUZZ
    @given(where=st.integers(0, max(0, len(lines) - 1)), text=st.text(max_size=80))
    def read(where: int, text: str) -> None:
        _read(kind_name, "\n".join([*lines[:where], text, *lines[where + 1 :]]).encode())

    read()
