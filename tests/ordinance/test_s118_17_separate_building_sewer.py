"""§118-17: a separate building sewer for every building; one rear building on an interior lot may share (I-85)."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.topics import FactsError, determine

AS_OF = date(2026, 5, 1)
REAR: dict[str, Any] = {"buildings_served": 2, "rear_building_on_interior_lot": True, "private_sewer_to_rear": "none"}


def _decide(**changes: Any) -> Decision:
    return determine("separate-building-sewer", {**REAR, **changes}, as_of=AS_OF)


def test_one_building_on_its_own_sewer_complies() -> None:
    d = _decide(buildings_served=1)
    assert d.outcome == "separate"
    assert d.finding("separate-sewer").severity == "complies"


def test_the_front_sewer_may_be_extended_to_one_rear_building_with_no_private_route() -> None:
    d = _decide()
    assert d.outcome == "rear-extension-permitted"
    assert d.finding("rear-building-exception").interpretations == ["I-85"]


@pytest.mark.parametrize(("served", "outcome"), [(2, "rear-extension-permitted"), (3, "fails")])
def test_one_rear_building_may_share_but_not_two(served: int, outcome: str) -> None:
    assert _decide(buildings_served=served).outcome == outcome


@pytest.mark.parametrize("route", ["available", "can_be_constructed"])
def test_a_private_sewer_route_to_the_rear_building_rules_out_the_exception(route: str) -> None:
    d = _decide(private_sewer_to_rear=route)
    assert d.outcome == "fails"
    assert "alley, court, yard or driveway" in d.finding("rear-building-exception").sentence


def test_buildings_side_by_side_each_need_their_own_sewer() -> None:
    assert _decide(rear_building_on_interior_lot=False).outcome == "fails"


def test_a_sewer_serving_no_building_is_a_field_error() -> None:
    with pytest.raises(FactsError) as raised:
        _decide(buildings_served=0)
    assert raised.value.errors[0]["loc"] == ["buildings_served"]
