"""§118-38 which interceptor a food service facility must have (I-35, I-66), on both sides of 150 seats,
of 2000-07-24, and of the 30 days after connecting."""

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
from sewerworks.ordinance.s118_38_interceptor import FoodServiceFacts, interceptor_requirement

AS_OF = date(2026, 5, 1)
NEW = {"premises": "restaurant", "established_on": "2005-03-01"}
OLD = {"premises": "restaurant", "seats": 60, "established_on": "1988-05-01"}


def _decide(as_of: date = AS_OF, **facts: Any) -> Decision:
    model = FoodServiceFacts.model_validate(facts)
    return interceptor_requirement(model, load_jurisdiction().at(as_of), as_of)


def _gallons(d: Decision) -> Decimal:
    amount = d.amount("interceptor capacity")
    assert amount.unit == "gal"
    return amount.value


def test_a_new_restaurant_with_151_seats_needs_a_2000_gallon_exterior_interceptor() -> None:
    d = _decide(**NEW, seats=151)
    assert d.outcome == "install"
    assert _gallons(d) == 2000
    assert "151 seats (more than 150)" in d.finding("new-construction").sentence
    assert "I-35" in d.interpretations


def test_a_new_restaurant_with_150_seats_needs_1000_gallons() -> None:
    d = _decide(**NEW, seats=150)
    assert (d.outcome, _gallons(d)) == ("install", 1000)
    assert "150 seats (not more than 150)" in d.finding("new-construction").sentence


def test_a_new_151_seat_restaurant_with_a_1000_gallon_interceptor_falls_short_and_with_2000_complies() -> None:
    short = _decide(**NEW, seats=151, interceptor="exterior", interceptor_gallons=1000)
    assert short.outcome == "install"
    assert short.finding("new-construction").severity == "fails"
    assert "its 1000-gallon interceptor falls short of that" in short.summary
    assert _decide(**NEW, seats=151, interceptor="exterior", interceptor_gallons=2000).outcome == "complies"
    assert _decide(**NEW, seats=150, interceptor="exterior", interceptor_gallons=1000).outcome == "complies"
    assert _decide(**NEW, seats=150, interceptor="exterior", interceptor_gallons=999).outcome == "install"


def test_new_construction_needs_an_exterior_precast_interceptor_not_an_interior_trap() -> None:
    d = _decide(**NEW, seats=40, interceptor="interior", interceptor_pounds=100)
    assert d.outcome == "install"
    assert "an interior trap, which is not exterior precast" in d.summary


def test_an_installation_to_make_needs_both_approvals_and_notes_nysdec_and_the_county() -> None:
    approvals = _decide(**NEW, seats=20).finding("approvals")
    assert approvals.severity == "discretion"
    assert approvals.decided_by == "Building Inspector and Superintendent"
    assert "NYSDEC, Ulster County Health Department" in approvals.sentence


def test_private_living_quarters_and_dwelling_units_need_no_interceptor() -> None:
    for premises in ("private_living_quarters", "dwelling_unit"):
        d = _decide(premises=premises, seats=0, established_on="2010-01-01")
        assert d.outcome == "exempt"
        assert d.amounts == [] and d.deadlines == []


def test_established_on_2000_07_24_is_not_hereafter_established_but_the_next_day_is() -> None:
    on_the_day = _decide(**{**NEW, "established_on": "2000-07-24"}, seats=200, interceptor="exterior",
                         interceptor_gallons=500)  # fmt: skip
    assert on_the_day.outcome == "needs-review"  # an existing installation: the Building Inspector's opinion
    next_day = _decide(**{**NEW, "established_on": "2000-07-25"}, seats=200, interceptor="exterior",
                       interceptor_gallons=500)  # fmt: skip
    assert next_day.outcome == "install" and _gallons(next_day) == 2000


def test_before_l_l_no_2_2000_took_effect_the_section_was_not_in_force() -> None:
    with pytest.raises(NotInForce):
        _decide(as_of=date(2000, 7, 23), **NEW, seats=10)
    first_day = {**OLD, "connected_on": "2000-07-24", "exterior_space_available": True}
    d = _decide(as_of=date(2000, 7, 24), **first_day)
    assert d.outcome == "install-by" and d.deadlines[0].due == date(2000, 8, 23)


def test_whether_an_existing_installation_is_capable_is_the_building_inspectors_opinion() -> None:
    d = _decide(**OLD, interceptor="exterior", interceptor_gallons=500)
    assert d.outcome == "needs-review"
    finding = d.finding("existing-installation")
    assert (finding.severity, finding.decided_by) == ("discretion", "Building Inspector")
    assert _decide(**OLD, interceptor="exterior", interceptor_gallons=500, found_incapable=False).outcome == "complies"


def test_an_existing_installation_found_incapable_gets_1000_gallons_outside_where_there_is_space() -> None:
    d = _decide(
        **OLD, interceptor="interior", interceptor_pounds=50, found_incapable=True, exterior_space_available=True
    )
    assert d.outcome == "install"
    assert _gallons(d) == 1000
    assert "install a 1000-gallon precast exterior grease interceptor" in d.summary


def test_an_existing_installation_found_incapable_without_space_gets_a_100_pound_trap_inside() -> None:
    d = _decide(
        **{**OLD, "seats": 300}, interceptor="interior", interceptor_pounds=50, found_incapable=True,
        exterior_space_available=False,
    )  # fmt: skip
    assert d.outcome == "install"
    assert (d.amount("interceptor capacity").value, d.amount("interceptor capacity").unit) == (100, "lb")
    space = d.finding("space")
    assert space.decided_by == "Building Inspector"
    assert "as far as possible from hot water discharges" in space.sentence


def test_an_existing_installation_found_incapable_with_space_unknown_awaits_the_building_inspector() -> None:
    d = _decide(**OLD, interceptor="interior", interceptor_pounds=50, found_incapable=True)
    assert d.outcome == "needs-review"
    assert d.finding("space").severity == "discretion"


def test_a_preexisting_restaurant_without_one_installs_within_30_days_of_connecting() -> None:
    d = _decide(**OLD, connected_on="2026-03-02", exterior_space_available=True)
    assert d.outcome == "install-by"
    assert [(x.name, x.due) for x in d.deadlines] == [("install the grease interceptor", date(2026, 4, 1))]
    assert _gallons(d) == 1000
    assert {"I-20", "I-66"} <= set(d.interpretations)


def test_the_30th_day_on_a_sunday_moves_the_deadline_to_monday() -> None:
    d = _decide(**OLD, connected_on="2026-05-01", exterior_space_available=True)
    assert d.deadlines[0].due == date(2026, 6, 1)
    assert "moved to the next business day" in d.deadlines[0].sentence


def test_a_preexisting_restaurant_of_151_seats_installs_2000_gallons_or_100_pounds_inside_without_space() -> None:
    big = {**OLD, "seats": 151, "connected_on": "2026-03-02"}
    assert _gallons(_decide(**big, exterior_space_available=True)) == 2000
    assert _gallons(_decide(**{**big, "seats": 150}, exterior_space_available=True)) == 1000
    inside = _decide(**big, exterior_space_available=False)
    assert inside.outcome == "install-by"
    assert inside.amount("interceptor capacity").unit == "lb"


def test_a_preexisting_restaurant_not_yet_connected_has_no_date_yet() -> None:
    d = _decide(**OLD, exterior_space_available=True)
    assert d.outcome == "install" and d.deadlines == []
    assert "within 30 days of connecting to the public sewer" in d.summary


def test_an_exterior_interceptor_without_its_rating_names_the_field() -> None:
    with pytest.raises(FactsError, match="interceptor_gallons"):
        determine("grease-interceptor-requirement", {**NEW, "seats": 10, "interceptor": "exterior"}, as_of=AS_OF)


@given(st.integers(min_value=0, max_value=5000), st.integers(min_value=0, max_value=5000))
def test_the_interceptor_required_never_shrinks_as_seats_grow(a: int, b: int) -> None:
    fewer, more = sorted((a, b))
    assert _gallons(_decide(**NEW, seats=fewer)) <= _gallons(_decide(**NEW, seats=more))


@given(st.integers(min_value=0, max_value=5000))
def test_the_interceptor_required_is_1000_gallons_up_to_150_seats_and_2000_above(seats: int) -> None:
    assert _gallons(_decide(**NEW, seats=seats)) == (2000 if seats >= 151 else 1000)
