"""EPA SWMM 5 input files read as a sewer design (I-79): units, rims, lengths, diameters, what needs review."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from sewerworks.engineering.designs.swmm import read_swmm

DATA = Path(__file__).parent / "data"

SMALL = """[OPTIONS]
FLOW_UNITS {units}
[JUNCTIONS]
;;Name Elevation MaxDepth
J1  100  8
J2  99   8
[OUTFALLS]
O1  98  FREE
[CONDUITS]
C1  J1  J2  {length}  0.013  0  0  0  0
C2  J2  O1  100  0.013  0  0.5  0  0
[XSECTIONS]
C1  CIRCULAR  {geom1}  0  0  0  1
C2  CIRCULAR  0.6667  0  0  0  1
"""


def _small(units: str = "CFS", length: str = "250", geom1: str = "0.6667", extra: str = "") -> bytes:
    return (SMALL.format(units=units, length=length, geom1=geom1) + extra).encode()


def test_junctions_are_manholes_whose_rim_is_invert_plus_max_depth() -> None:
    design = read_swmm(_small())
    assert design.errors == []
    assert design.manholes["J1"].invert_ft == Decimal(100)
    assert design.manholes["J1"].rim_ft == Decimal(108)
    assert design.manholes["O1"].kind == "outfall"


def test_a_conduits_length_is_its_length_column_and_its_inverts_come_from_nodes_and_offsets() -> None:
    design = read_swmm(_small(length="420"))
    c1, c2 = design.pipes["C1"], design.pipes["C2"]
    assert c1.length_ft == Decimal(420)
    assert (c1.upstream, c1.downstream) == ("J1", "J2")
    assert c1.slope == Decimal(1) / Decimal(420)
    assert c2.downstream_invert_ft == Decimal("98.5")


def test_circular_geom1_in_feet_maps_to_a_nominal_diameter() -> None:
    design = read_swmm(_small(geom1="0.6667"))
    assert design.pipes["C1"].diameter_in == Decimal(8)
    assert design.review_items == []


def test_metric_units_convert_metres_to_feet_and_a_0_2032_m_pipe_is_8_inches() -> None:
    design = read_swmm(_small(units="LPS", length="128.016", geom1="0.2032"))
    assert design.units == "m"
    assert design.pipes["C1"].length_ft.quantize(Decimal("0.01")) == Decimal("420.00")
    assert design.pipes["C1"].diameter_in == Decimal(8)
    assert design.manholes["J1"].rim_ft is not None
    assert design.manholes["J1"].rim_ft.quantize(Decimal("0.01")) == Decimal("354.33")


def test_an_off_nominal_diameter_is_read_and_left_to_the_town_engineer() -> None:
    design = read_swmm(_small(geom1="0.75"))
    assert design.errors == []
    assert design.pipes["C1"].diameter_in == Decimal(9)
    [item] = design.review_items
    assert (item.element, item.requirement) == ("C1", "off-nominal-diameter")


def test_weirs_storage_other_shapes_and_other_sections_are_review_items_never_row_errors() -> None:
    extra = """[STORAGE]
S1  95  10  0  FUNCTIONAL  1000 0 0
[WEIRS]
W1  J2  S1  TRANSVERSE  0  3.3
[XSECTIONS]
W1  RECT_OPEN  1  2  0  0
[DWF]
J1  FLOW  0.05
[SUBCATCHMENTS]
A1  RG1  J1  10  50  500  0.5  0
"""
    design = read_swmm(_small(extra=extra).replace(b"C2  CIRCULAR  0.6667", b"C2  EGG  2"))
    assert design.errors == []
    found = {(i.element, i.requirement) for i in design.review_items}
    assert found == {
        ("S1", "storage-node"),
        ("W1", "non-conduit-link"),
        ("C2", "non-circular-section"),
        ("[DWF]", "unreviewed-section"),
        ("design", "storm-water-model"),  # a subcatchment: a storm-water model, it seems (I-143)
    }


def test_link_offsets_elevation_makes_offsets_the_pipe_inverts() -> None:
    design = read_swmm(_small(extra="").replace(b"[OPTIONS]\n", b"[OPTIONS]\nLINK_OFFSETS ELEVATION\n").replace(
        b"C1  J1  J2  250  0.013  0  0", b"C1  J1  J2  250  0.013  101  99.5"))  # fmt: skip
    assert design.pipes["C1"].upstream_invert_ft == Decimal(101)
    assert design.pipes["C1"].downstream_invert_ft == Decimal("99.5")


def test_vertices_place_the_pipe_between_its_nodes_coordinates() -> None:
    extra = "[COORDINATES]\nJ1 0 0\nJ2 100 0\nO1 200 0\n[VERTICES]\nC1 50 30\n"
    design = read_swmm(_small(extra=extra))
    assert design.pipes["C1"].points == ((0.0, 0.0), (50.0, 30.0), (100.0, 0.0))


@pytest.mark.parametrize(
    ("text", "section", "line", "message"),
    [
        ("[JUNCTIONS]\nJ1 abc 8\n", "[JUNCTIONS]", 2, "the invert elevation must be a number, not 'abc'"),
        ("[JUNCTIONS]\nJ1 100\n", "[JUNCTIONS]", 2, "a node needs at least 3 fields, found 2"),
        ("hello\n[JUNCTIONS]\n", "(start)", 1, "text before the first [SECTION] heading"),
        ("[OPTIONS]\nFLOW_UNITS FURLONGS\n", "[OPTIONS]", 2, "FLOW_UNITS 'FURLONGS' is not one of"),
        ("[JUNCTIONS]\nJ1 1 1\n[CONDUITS]\nC1 J1 J9 100 0.013 0 0\n", "[CONDUITS]", 4, "no node named 'J9'"),
        ("[JUNCTIONS]\nJ1 1 1\nJ2 0 1\n[CONDUITS]\nC1 J1 J2 nan 0.013 0 0\n", "[CONDUITS]", 5, "finite"),
    ],
)
def test_an_unreadable_row_is_refused_naming_its_section_and_line(
    text: str, section: str, line: int, message: str
) -> None:
    design = read_swmm(text.encode())
    assert not design.readable
    first = design.errors[0]
    assert (first.section, first.line) == (section, line)
    assert message in first.message


def test_a_file_without_conduits_is_no_design() -> None:
    assert (
        str(read_swmm(b"[JUNCTIONS]\nJ1 1 1\n").errors[0])
        == "[CONDUITS]: the file has no conduits: no design to review"
    )


def test_a_real_epa_model_reads_without_error_with_its_unused_sections_for_review() -> None:
    design = read_swmm((DATA / "epa_extran1.inp").read_bytes())
    assert design.errors == []
    assert len(design.pipes) == 9
    assert {p.name for p in design.pipes.values() if p.length_ft > 400} == {
        "8040", "8060", "8100", "8130", "1030", "1570", "1600", "1602"}  # fmt: skip
    assert {i.element for i in design.review_items if i.requirement == "unreviewed-section"} == {
        "[INFLOWS]",
        "[TIMESERIES]",
    }
    assert {i.element for i in design.review_items if i.requirement == "not-closed-conduit"} == {"1030", "1630"}
