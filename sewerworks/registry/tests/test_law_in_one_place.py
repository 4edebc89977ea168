"""The registry applies the ordinance's rules, never its own copy of them: whether a public sewer is
available (§118-5, I-46) and whether a lower meter read is a rollover (§118-52, I-48) come out the same
from the registry's map and reads as from the ordinance's decision on the same facts."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from sewerworks.ordinance.parameters import load_jurisdiction
from sewerworks.ordinance.s118_6_7_private_systems import (
    PrivateSystemFacts,
    available_by_distance,
    public_sewer_available,
)
from sewerworks.ordinance.s118_52_user_charge import water_used_from_reads
from sewerworks.ordinance.s118_52_user_charge_facts import MeterReads
from sewerworks.registry.availability import _judge
from sewerworks.registry.geometry import MainIndex
from sewerworks.registry.reads import rollover_problem

ON = dt.date(2026, 5, 1)
SQUARE = "POLYGON ((0 0, 100 0, 100 100, 0 100, 0 0))"
# distances in quarter feet: exact in binary, so the map measures exactly the distance given
QUARTER_FEET = st.integers(min_value=0, max_value=1600).map(lambda q: q / 4)


def _registry_says(distance: float, limit: Decimal) -> bool:
    main = f"LINESTRING (-50 {100 + distance}, 150 {100 + distance})"
    return _judge(1, SQUARE, MainIndex([(7, main)]), limit, {7: "M-7"}).available


@given(distance=QUARTER_FEET)
@example(distance=100.0)
@example(distance=100.25)
def test_the_map_and_the_ordinance_agree_on_availability_at_the_packaged_100_ft(distance: float) -> None:
    view = load_jurisdiction().at(ON)
    limit = view.number("connection.sewer_available_distance")
    ordinance_says, _ = public_sewer_available(PrivateSystemFacts(distance_to_public_sewer_ft=Decimal(distance)), view)
    assert _registry_says(distance, limit) is ordinance_says


@given(distance=QUARTER_FEET, limit=st.integers(min_value=1, max_value=400))
def test_the_map_applies_the_ordinances_comparison_for_any_limit(distance: float, limit: int) -> None:
    assert _registry_says(distance, Decimal(limit)) is available_by_distance(Decimal(distance), Decimal(limit))


@pytest.mark.django_db
@given(
    dials=st.integers(min_value=1, max_value=8),
    start_fraction=st.fractions(min_value=0, max_value=1, max_denominator=1000),
    end_fraction=st.fractions(min_value=0, max_value=1, max_denominator=1000),
)
@example(dials=4, start_fraction=0.999, end_fraction=0.0)  # 10 used across the rollover: plausible
@example(dials=4, start_fraction=0.9, end_fraction=0.0)  # exactly a tenth of the register: plausible
@example(dials=4, start_fraction=0.5, end_fraction=0.0)  # half the register: a misread
def test_the_registrys_read_check_and_the_user_charge_agree_on_rollovers(
    dials: int, start_fraction: object, end_fraction: object
) -> None:
    top = 10**dials - 1
    start, end = int(top * start_fraction), int(top * end_fraction)  # type: ignore[operator]
    view = load_jurisdiction().at(ON)
    gallons, _ = water_used_from_reads(MeterReads(start=start, end=end, dials=dials), view)
    registry_accepts = rollover_problem(start, ON, end, dials) is None
    assert registry_accepts is (gallons is not None)


@pytest.mark.django_db
def test_a_higher_read_needs_no_rollover_rule_even_before_one_is_in_force() -> None:
    """Found by the API fuzz test: a read dated 0001-01-01 asked the rollover parameter and made a 500."""
    assert rollover_problem(100, dt.date(1, 1, 1), 200, 6) is None
