"""§118-54 connection charge (I-42, I-12, I-123): by the Board's schedule of building-sewer diameters, four inches
the minimum and the base; the installation charge when the town built the building sewer."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.topics import FactsError, determine


def charge(**facts: Any) -> Decision:
    return determine("connection-charge", {"diameter_in": "4", "offered_on": "2026-11-20", **facts},
                     as_of=date(2026, 12, 4))  # fmt: skip


def amount(decision: Decision) -> Decimal:
    return next(a.value for a in decision.amounts if a.key == "connection_charge")


def test_a_four_inch_building_sewer_pays_the_base_charge() -> None:
    decision = charge()
    assert (decision.outcome, amount(decision)) == ("charged", Decimal("1500.00"))
    assert decision.deadlines[0].due == date(2026, 12, 20)
    assert "I-12" in decision.interpretations  # the lateral is covered


def test_a_larger_building_sewer_pays_more() -> None:
    assert amount(charge(diameter_in="6")) == Decimal("2250.00")
    assert amount(charge(diameter_in="8")) > amount(charge(diameter_in="6")) > amount(charge())


@pytest.mark.parametrize("inches", ["3", "3.99"])
def test_under_four_inches_is_refused_by_the_minimum(inches: str) -> None:
    decision = charge(diameter_in=inches)
    assert decision.outcome == "refused"
    assert "four inches as the minimum" in decision.summary


@pytest.mark.parametrize("inches", ["5", "4.01"])
def test_a_diameter_the_schedule_does_not_list_is_refused_never_interpolated(inches: str) -> None:
    decision = charge(diameter_in=inches)
    assert decision.outcome == "refused"
    assert "schedule lists no charge" in decision.summary


def test_the_installation_charge_is_added_only_when_the_town_built_the_building_sewer() -> None:
    assert amount(charge(installed_by_town_ft="60")) == Decimal("1500.00")  # the Board's rate is $0.00 a foot


@pytest.mark.parametrize("bad", [{"diameter_in": "0"}, {"diameter_in": "-4"}, {"diameter_in": "4.001"},
                                 {"installed_by_town_ft": "-1"}, {"offered_on": "not a day"}])  # fmt: skip
def test_bad_facts_are_refused(bad: dict[str, Any]) -> None:
    with pytest.raises(FactsError):
        charge(**bad)
