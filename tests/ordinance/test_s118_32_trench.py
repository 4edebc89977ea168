"""§118-32 trench width and encasement (I-39), pipe strength left to the Town Engineer (I-04)."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.parameters import load_jurisdiction
from sewerworks.ordinance.s118_32_trench import TrenchFacts, trench_inspection

AS_OF = date(2026, 5, 1)


def _decide(**facts: Any) -> Decision:
    return trench_inspection(TrenchFacts.model_validate(facts), load_jurisdiction().at(AS_OF), AS_OF)


@pytest.mark.parametrize(("diameter", "limit"), [(8, 39), (10, 42), (12, 45)])
def test_a_trench_at_the_table_width_complies_and_an_inch_wider_needs_encasement(
    diameter: int, limit: int
) -> None:
    at_limit = _decide(pipe_diameter_in=diameter, trench_width_in=limit)
    assert at_limit.outcome == "complies"
    assert at_limit.finding("trench-width").severity == "complies"
    wider = _decide(pipe_diameter_in=diameter, trench_width_in=limit + 1)
    assert wider.outcome == "fails"
    assert wider.finding("concrete-encasement").severity == "fails"


def test_a_10_inch_pipe_in_a_3_ft_6_in_trench_complies_with_a_plain_sentence() -> None:
    d = _decide(pipe_diameter_in=10, trench_width_in=42)
    assert d.finding("trench-width").sentence == (
        "The trench is 42 in wide just above the crown; §118-32 allows 42 in (3 ft 6 in) for 10-inch pipe."
    )


def test_a_wider_trench_is_not_a_rejection_when_the_pipe_has_six_inches_of_concrete() -> None:
    d = _decide(pipe_diameter_in=10, trench_width_in=48, concrete_encasement_in=6)
    assert d.outcome == "complies"
    assert (
        "must be encased in at least 6 in of concrete; 6 in is recorded"
        in d.finding("concrete-encasement").sentence
    )


def test_a_wider_trench_with_five_and_a_half_inches_of_concrete_fails() -> None:
    d = _decide(pipe_diameter_in=10, trench_width_in=48, concrete_encasement_in="5.5")
    assert d.outcome == "fails"


def test_a_wider_trench_with_no_encasement_says_none_is_recorded() -> None:
    d = _decide(pipe_diameter_in=12, trench_width_in="45.5")
    assert d.finding("concrete-encasement").sentence.endswith("none is recorded.")
    assert d.interpretations == ["I-04", "I-39"]


@pytest.mark.parametrize("diameter", [6, 15, 24])
def test_pipe_sizes_not_in_the_table_are_for_the_town_engineer(diameter: int) -> None:
    d = _decide(pipe_diameter_in=diameter, trench_width_in=40)
    assert d.outcome == "needs-review"
    finding = d.finding("trench-width")
    assert finding.severity == "discretion" and finding.decided_by == "Town Engineer"


def test_pipe_thickness_and_field_strength_are_always_the_town_engineers_review() -> None:
    finding = _decide(pipe_diameter_in=8, trench_width_in=30).finding("pipe-thickness-field-strength")
    assert finding.severity == "discretion"
    assert finding.decided_by == "Town Engineer"
    assert finding.interpretations == ["I-04"]


def test_bedding_of_three_inches_complies_and_two_and_a_half_fails() -> None:
    assert _decide(pipe_diameter_in=8, trench_width_in=30, bedding_in=3).outcome == "complies"
    assert _decide(pipe_diameter_in=8, trench_width_in=30, bedding_in="2.5").outcome == "fails"
