"""§118-29 adopts the Recommended Standards: minimum slopes, least size, full-flow capacity (I-78)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.parameters import load_jurisdiction
from sewerworks.ordinance.s118_29_recommended_standards import GravitySewerFacts, full_flow, gravity_sewer

AS_OF = date(2026, 12, 1)


def _decide(**facts: Any) -> Decision:
    return gravity_sewer(GravitySewerFacts.model_validate(facts), load_jurisdiction().at(AS_OF), AS_OF)


@pytest.mark.parametrize(("diameter", "least"), [(8, "0.0040"), (10, "0.0028"), (12, "0.0022"), (15, "0.0015")])
def test_a_pipe_at_its_minimum_slope_complies_and_just_below_fails(diameter: int, least: str) -> None:
    assert _decide(pipe_diameter_in=diameter, slope=least).outcome == "complies"
    below = _decide(pipe_diameter_in=diameter, slope=Decimal(least) - Decimal("0.00001"))
    assert below.outcome == "fails"
    assert below.finding("minimum-slope").severity == "fails"


def test_a_flat_pipe_fails_the_minimum_slope_naming_the_standard_and_its_edition() -> None:
    d = _decide(pipe_diameter_in=8, slope=0)
    assert d.finding("minimum-slope").sentence == (
        "The 8-inch pipe is laid at 0%; the Recommended Standards for Wastewater Facilities, 2014 edition "
        "(adopted by §118-29 as the Recommended Standards for Sewage Works) require at least 0.4% for 8-inch pipe."
    )
    assert d.interpretations == ["I-78"]
    standard = next(p for p in d.parameters if p.key == "design.min_slope_by_diameter")
    assert standard.reference["kind"] == "standard"
    assert "2014" in standard.reference["edition"]


def test_a_diameter_the_table_does_not_list_is_for_the_town_engineer() -> None:
    d = _decide(pipe_diameter_in=11, slope="0.01")
    assert d.outcome == "needs-review"
    assert d.finding("minimum-slope").decided_by == "Town Engineer"


def test_a_6_inch_public_sewer_is_smaller_than_8_inches() -> None:
    d = _decide(pipe_diameter_in=6, slope="0.01")
    assert d.finding("minimum-diameter").severity == "fails"
    assert _decide(pipe_diameter_in=8, slope="0.01").findings[0].requirement == "minimum-slope"


def test_manning_full_flow_of_8_inch_pipe_at_0_40_percent() -> None:
    velocity, capacity = full_flow(Decimal(8), Decimal("0.004"), Decimal("0.013"))
    assert velocity.quantize(Decimal("0.01")) == Decimal("2.19")
    assert capacity.quantize(Decimal("0.001")) == Decimal("0.764")
    assert full_flow(Decimal(8), Decimal(0), Decimal("0.013")) == (0, 0)


def test_no_design_flow_no_capacity_check() -> None:
    assert [f.requirement for f in _decide(pipe_diameter_in=8, slope="0.004").findings] == ["minimum-slope"]


@pytest.mark.parametrize(("flow", "severity"), [("0.764", "complies"), ("0.765", "fails")])
def test_a_design_flow_is_carried_flowing_full_or_not(flow: str, severity: str) -> None:
    d = _decide(pipe_diameter_in=8, slope="0.004", design_flow_cfs=flow)
    assert d.finding("full-flow-capacity").severity == severity
    assert d.finding("full-flow-velocity").severity == "complies"


def test_a_large_pipe_on_a_slope_too_flat_for_2_ft_per_second_fails_the_velocity() -> None:
    # 24-inch at 0.08% is the table's slope (2.03 ft/s); the velocity rule bites below 0.0775%
    assert (
        _decide(pipe_diameter_in=24, slope="0.0008", design_flow_cfs="1").finding("full-flow-velocity").severity
        == "complies"
    )
    slow = _decide(pipe_diameter_in=24, slope="0.00077", design_flow_cfs="1")
    assert slow.finding("full-flow-velocity").severity == "fails"
