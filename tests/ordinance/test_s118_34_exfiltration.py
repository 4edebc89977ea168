"""§118-34 exfiltration test (I-41), on both sides of every threshold."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.parameters import load_jurisdiction
from sewerworks.ordinance.s118_34_exfiltration import ExfiltrationFacts, allowed_leakage, exfiltration_test

AS_OF = date(2026, 5, 1)
WORKED: dict[str, Any] = {
    "pipe_diameter_in": 10,
    "section_length_ft": 80,
    "manholes": [48],
    "test_hours": 3,
    "filled_hours": 24,
    "head_ft_above_crown": 5,
}


def _decide(**changes: Any) -> Decision:
    facts = ExfiltrationFacts.model_validate({**WORKED, **changes})
    return exfiltration_test(facts, load_jurisdiction().at(AS_OF), AS_OF)


def _allowance(**changes: Any) -> Decimal:
    facts = ExfiltrationFacts.model_validate({**WORKED, **changes})
    return allowed_leakage(facts, load_jurisdiction().at(AS_OF))[0]


def test_a_10_inch_80_ft_section_with_one_48_inch_manhole_over_3_hours_may_lose_2_456_gallons() -> None:
    d = _decide()
    assert d.outcome == "allowance"
    assert d.amount("allowed leakage").value == Decimal("2.456")
    assert d.amount("allowed leakage").unit == "gal"
    assert d.interpretations == ["I-41"]
    assert {u.key for u in d.parameters} >= {"exfiltration.leakage_rate", "exfiltration.manhole_allowance"}


def test_a_count_of_manholes_means_48_inch_manholes() -> None:
    assert _allowance(manholes=1) == _allowance(manholes=[48])
    assert _allowance(manholes=0) == _allowance(manholes=[])


def test_a_60_inch_manhole_counts_60_48ths_of_the_allowance() -> None:
    # (0 pipe share aside) 4.5 × 60/48 = 5.625 gal/day; over 24 h with 52.8 ft of 10-inch pipe: 10 + 5.625
    assert _allowance(section_length_ft="52.8", manholes=[60], test_hours=24) == Decimal("15.625")


def test_leakage_equal_to_the_allowance_passes_and_a_thousandth_more_fails() -> None:
    # 52.8 ft = 0.01 mi; 100 × 0.01 × 10 = 10 gal/day, + 4.5 = 14.5 gal/day; over 12 h = 7.25 gal.
    exact = {"section_length_ft": "52.8", "test_hours": 12}
    assert _allowance(**exact) == Decimal("7.25")
    assert _decide(**exact, measured_leakage_gal="7.25").outcome == "pass"
    assert _decide(**exact, measured_leakage_gal="7.251").outcome == "fail"


def test_the_worked_example_passes_at_2_456_and_fails_at_2_457() -> None:
    assert _decide(measured_leakage_gal="2.456").outcome == "pass"
    failed = _decide(measured_leakage_gal="2.457")
    assert failed.outcome == "fail"
    assert failed.finding("leakage").sentence.startswith(
        "Measured leakage 2.457 gal exceeds the allowance of 2.456"
    )


def test_a_100_ft_section_may_be_tested_but_a_100_point_1_ft_section_may_not() -> None:
    assert _decide(section_length_ft=100).finding("max-section-length").severity == "complies"
    d = _decide(section_length_ft="100.1", measured_leakage_gal=1)
    assert d.outcome == "invalid"
    assert d.finding("max-section-length").sentence == (
        "The section tested is 100.1 ft; §118-34 allows at most 100 ft per test."
    )
    assert [f.requirement for f in d.findings] == [
        "max-section-length",
        "min-test-period",
        "min-fill-period",
        "min-head",
    ]


def test_the_section_tested_is_120_ft_is_invalid_with_a_plain_sentence() -> None:
    d = _decide(section_length_ft=120)
    assert d.outcome == "invalid"
    assert "The section tested is 120 ft; §118-34 allows at most 100 ft per test." in d.summary


def test_a_two_hour_test_period_is_enough_and_one_hour_59_is_not() -> None:
    assert _decide(test_hours=2).finding("min-test-period").severity == "complies"
    d = _decide(test_hours="1.99")
    assert d.outcome == "invalid"
    assert d.finding("min-test-period").sentence == (
        "The test period was 1.99 h; §118-34 requires at least 2 h of measurement."
    )


def test_a_line_filled_24_hours_may_be_measured_but_not_after_23_5() -> None:
    assert _decide(filled_hours=24).finding("min-fill-period").severity == "complies"
    d = _decide(filled_hours="23.5")
    assert d.outcome == "invalid"
    assert (
        "filled 23.5 h before measuring; §118-34 requires at least 24 h"
        in d.finding("min-fill-period").sentence
    )


def test_five_feet_of_head_above_the_crown_is_enough_and_4_9_is_not() -> None:
    assert _decide(head_ft_above_crown=5).finding("min-head").severity == "complies"
    assert _decide(head_ft_above_crown="4.9").outcome == "invalid"


def test_groundwater_below_the_crown_does_not_lower_the_head_required() -> None:
    assert (
        _decide(head_ft_above_crown=5, groundwater_ft_above_crown=-3).finding("min-head").severity
        == "complies"
    )
    assert _decide(head_ft_above_crown="4.9", groundwater_ft_above_crown=-3).outcome == "invalid"


def test_with_groundwater_2_ft_above_the_crown_the_head_must_reach_7_ft() -> None:
    assert (
        _decide(head_ft_above_crown=7, groundwater_ft_above_crown=2).finding("min-head").severity
        == "complies"
    )
    d = _decide(head_ft_above_crown="6.9", groundwater_ft_above_crown=2)
    assert d.outcome == "invalid"
    assert "so the head was 4.9 ft above groundwater" in d.finding("min-head").sentence


def test_an_invalid_test_reports_no_leakage_verdict_even_when_measured() -> None:
    d = _decide(test_hours=1, measured_leakage_gal="0.1")
    assert d.outcome == "invalid"
    with pytest.raises(KeyError):
        d.finding("leakage")


lengths = st.decimals(min_value=Decimal("0.1"), max_value=Decimal(100), places=1)
diameters = st.decimals(min_value=Decimal(4), max_value=Decimal(48), places=0)
hours = st.decimals(min_value=Decimal(2), max_value=Decimal(48), places=1)
counts = st.integers(min_value=0, max_value=5)


@given(lengths, lengths, diameters, hours, counts)
def test_allowance_strictly_grows_with_length(a: Decimal, b: Decimal, d: Decimal, h: Decimal, m: int) -> None:
    if a != b:
        shorter, longer = sorted((a, b))
        assert _allowance(
            section_length_ft=shorter, pipe_diameter_in=d, test_hours=h, manholes=m
        ) < _allowance(section_length_ft=longer, pipe_diameter_in=d, test_hours=h, manholes=m)


@given(lengths, diameters, diameters, hours, counts)
def test_allowance_strictly_grows_with_diameter(
    x: Decimal, a: Decimal, b: Decimal, h: Decimal, m: int
) -> None:
    if a != b:
        small, large = sorted((a, b))
        assert _allowance(section_length_ft=x, pipe_diameter_in=small, test_hours=h, manholes=m) < _allowance(
            section_length_ft=x, pipe_diameter_in=large, test_hours=h, manholes=m
        )


@given(lengths, diameters, hours, counts)
def test_allowance_strictly_grows_with_each_manhole(x: Decimal, d: Decimal, h: Decimal, m: int) -> None:
    assert _allowance(section_length_ft=x, pipe_diameter_in=d, test_hours=h, manholes=m) < _allowance(
        section_length_ft=x, pipe_diameter_in=d, test_hours=h, manholes=m + 1
    )


@given(lengths, diameters, hours, hours, counts)
def test_allowance_strictly_grows_with_test_hours(
    x: Decimal, d: Decimal, a: Decimal, b: Decimal, m: int
) -> None:
    if a != b:
        short, long = sorted((a, b))
        assert _allowance(section_length_ft=x, pipe_diameter_in=d, test_hours=short, manholes=m) < _allowance(
            section_length_ft=x, pipe_diameter_in=d, test_hours=long, manholes=m
        )
