"""The list of establishments (and the dashboard's grease panel) reads every establishment's records at once:
the same standings as reading them one establishment at a time, in a handful of queries however many
establishments there are (issue 19's load: the panel ran about a hundred queries for the demo's dozen)."""

from __future__ import annotations

from typing import Any

import pytest

from sewerworks.enforcement import demo as enforcement_demo
from sewerworks.grease import demo as grease_demo
from sewerworks.grease.status import establishments, standing, standings
from sewerworks.registry import demo as registry_demo
from sewerworks.registry.demo.names import DEMO_TODAY

pytestmark = pytest.mark.django_db


@pytest.fixture
def built() -> None:
    registry_demo.build(seed=118, parcels=300, write=lambda _: None)
    enforcement_demo.build(seed=118, parcels=300, write=lambda _: None)
    grease_demo.build(seed=118, parcels=300, write=lambda _: None)


def test_every_establishment_stands_as_it_does_read_alone_in_every_state(built: Any) -> None:
    at_once = standings(DEMO_TODAY)
    one_by_one = [standing(e, DEMO_TODAY) for e in establishments()]
    assert len(at_once) == 12
    assert at_once == one_by_one
    # the demo has every state: an open order, an overdue notice, a log gap, a prediction, no interceptor
    assert any(s.order_open for s in at_once) and any(s.overdue for s in at_once)
    assert any(s.log_gap for s in at_once) and any(s.predicted for s in at_once)
    assert any(s.interceptor is None for s in at_once) and any(s.violation is None for s in at_once)


def test_the_standings_take_a_fixed_number_of_queries(built: Any, django_assert_max_num_queries: Any) -> None:
    # establishments, traps, inspections, pump-outs, 3 for the violations, notices, deadlines, the parameters
    # once, and the notice of a violation the sweep opened: not the ~100 of one establishment at a time
    with django_assert_max_num_queries(12):
        rows = standings(DEMO_TODAY)
    assert len(rows) == 12


def test_one_parcels_establishments_stand_alone_too(built: Any) -> None:
    first = establishments().first()
    assert first is not None
    only = establishments().filter(building__parcel=first.building.parcel)
    assert standings(DEMO_TODAY, only) == [standing(e, DEMO_TODAY) for e in only]
