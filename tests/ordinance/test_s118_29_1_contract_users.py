"""§118-29.1 against §118-1: who may become a contract user (I-10, I-82 to I-84), on both sides of the
1-ft adjoining tolerance, of 200 ft and 400 ft, and of 1996-04-22 and 2000-07-24."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.parameters import NotInForce, load_jurisdiction
from sewerworks.ordinance.registry import FactsError, determine
from sewerworks.ordinance.s118_29_1_contract_users import ContractUserFacts, contract_user_eligibility

AS_OF = date(2026, 5, 1)
ADJOINING: dict[str, Any] = {"inside_area": False, "boundary_gap_ft": "0.8"}


def _decide(as_of: date = AS_OF, **changes: Any) -> Decision:
    facts = ContractUserFacts.model_validate({**ADJOINING, **changes})
    return contract_user_eligibility(facts, load_jurisdiction().at(as_of), as_of)


def _at(feet: str, as_of: date = AS_OF) -> str:
    return _decide(as_of, discharge_distance_ft=feet).outcome


def test_a_parcel_0_8_ft_from_the_boundary_adjoins_it_and_one_1_6_ft_away_does_not() -> None:
    assert _decide(discharge_distance_ft=50).finding("adjoins").severity == "complies"
    d = _decide(boundary_gap_ft="1.6", discharge_distance_ft=50)
    assert d.outcome == "not-adjoining"
    assert d.summary == "The parcel comes 1.6 ft from the area boundary, more than 1 ft: it does not adjoin it."


def test_a_parcel_exactly_1_ft_away_adjoins_and_1_01_ft_does_not() -> None:
    assert _decide(boundary_gap_ft="1", discharge_distance_ft=50).outcome == "eligible"
    assert _decide(boundary_gap_ft="1.01", discharge_distance_ft=50).outcome == "not-adjoining"


def test_a_discharge_at_200_ft_is_eligible_under_both_texts() -> None:
    d = _decide(discharge_distance_ft=200)
    assert d.outcome == "eligible"
    assert d.finding("discharge-distance").severity == "complies"
    assert d.discretionary == []


def test_a_discharge_at_200_01_ft_is_eligible_under_118_29_1_only_for_the_town_board() -> None:
    d = _decide(discharge_distance_ft="200.01")
    assert d.outcome == "eligible-under-118-29.1"
    finding = d.finding("discharge-distance")
    assert (finding.severity, finding.decided_by) == ("discretion", "Town Board")
    assert "beyond the 200 ft of the §118-1 definition" in finding.sentence
    assert "I-10" in d.interpretations


def test_199_and_201_ft_fall_either_side_of_the_definition() -> None:
    assert (_at("199"), _at("201")) == ("eligible", "eligible-under-118-29.1")


def test_a_discharge_at_400_ft_is_within_reach_and_at_400_01_ft_too_far() -> None:
    assert _at("400") == "eligible-under-118-29.1"
    d = _decide(discharge_distance_ft="400.01")
    assert d.outcome == "too-far"
    assert "beyond 200 ft in the §118-1 definition, 400 ft under §118-29.1: too far" in d.summary
    assert (_at("399"), _at("401")) == ("eligible-under-118-29.1", "too-far")


def test_as_of_2000_07_23_only_the_200_ft_of_118_1_was_in_force() -> None:
    before = date(2000, 7, 23)
    d = _decide(before, discharge_distance_ft=300)
    assert d.outcome == "too-far"
    assert "the only distance then in force" in d.summary
    assert _at("200", before) == "eligible"
    assert _at("200.01", before) == "too-far"
    assert _at("300", date(2000, 7, 24)) == "eligible-under-118-29.1"


def test_before_1996_04_22_the_chapter_had_no_contract_users() -> None:
    with pytest.raises(NotInForce, match="1996-04-22"):
        _decide(date(1996, 4, 21), discharge_distance_ft=100)
    with pytest.raises(NotInForce):
        _decide(date(1996, 4, 21), inside_area=True)
    assert _at("100", date(1996, 4, 22)) == "eligible"


def test_a_parcel_inside_an_area_is_served_as_inside() -> None:
    d = _decide(inside_area=True, boundary_gap_ft=None)
    assert d.outcome == "inside-area"
    assert d.summary == "The parcel lies inside a Sewer Improvement Area: it is served as a user inside the area."


def test_without_a_discharge_point_the_distance_cannot_be_judged_and_the_limits_are_stated() -> None:
    d = _decide()
    assert d.outcome == "cannot-judge"
    assert "I-82" in d.interpretations
    assert "the limits in force are 200 ft in the §118-1 definition, 400 ft under §118-29.1" in d.summary
    assert d.finding("discharge-distance").decided_by == "Town Board"


def test_a_parcel_that_does_not_adjoin_is_not_eligible_however_close_its_discharge() -> None:
    assert _decide(boundary_gap_ft="150", discharge_distance_ft="150").outcome == "not-adjoining"


def test_a_parcel_outside_needs_its_gap_to_the_boundary() -> None:
    with pytest.raises(FactsError, match="boundary_gap_ft"):
        determine("contract-user-eligibility", {"inside_area": False}, as_of=AS_OF)
    with pytest.raises(FactsError, match="discharge_distance_ft"):
        determine("contract-user-eligibility", {**ADJOINING, "discharge_distance_ft": "-1"}, as_of=AS_OF)


def test_the_decision_cites_the_distances_it_read() -> None:
    keys = {p.key for p in _decide(discharge_distance_ft=250).parameters}
    assert keys == {
        "contract_users.definition_distance",
        "contract_users.adjoining_tolerance",
        "contract_users.max_distance",
    }


feet = st.decimals(min_value=Decimal(0), max_value=Decimal(1000), places=2)
ORDER = ["eligible", "eligible-under-118-29.1", "too-far"]


@given(feet, feet)
def test_moving_the_discharge_farther_never_makes_a_parcel_more_eligible(a: Decimal, b: Decimal) -> None:
    near, far = sorted((a, b))
    assert ORDER.index(_at(str(near))) <= ORDER.index(_at(str(far)))
