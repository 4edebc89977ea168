"""§118-52 defective meter (I-26, I-27, I-59): the average of the last two good billings, to the cent."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.s118_52_defective_meter import CASES, PERIOD
from sewerworks.ordinance.topics import FactsError, determine

AS_OF = date(2026, 12, 1)


def charge(**facts: Any) -> Decision:
    return determine("defective-meter-charge", {**PERIOD, **facts}, as_of=AS_OF)


def billings(*pairs: tuple[str, str]) -> list[dict[str, str]]:
    return [{"period_end": end, "charge": amount} for end, amount in pairs]


@pytest.mark.parametrize(("title", "facts", "outcome", "dollars"), CASES, ids=[c[0] for c in CASES])
def test_worked_example_to_the_cent(title: str, facts: dict[str, Any], outcome: str, dollars: str) -> None:
    decision = determine("defective-meter-charge", facts, as_of=AS_OF)
    assert decision.outcome == outcome, decision.summary
    assert decision.amount("sewer user charge").value == Decimal(dollars)


def test_36_20_and_41_90_average_39_05_and_the_decision_shows_both_billings() -> None:
    decision = charge(previous_billings=billings(("2025-09-30", "36.20"), ("2026-03-31", "41.90")))
    rows = decision.amount("sewer user charge").breakdown
    assert [r.get("charge") for r in rows[:2]] == ["36.20", "41.90"]
    assert rows[-1]["amount"] == "39.05"
    assert "I-26" in decision.interpretations and "I-27" not in decision.interpretations


def test_the_last_two_are_the_latest_periods_whatever_order_they_are_given_in() -> None:
    given = billings(("2026-03-31", "41.90"), ("2024-09-30", "99.00"), ("2025-09-30", "36.20"))
    assert charge(previous_billings=given).amount("sewer user charge").value == Decimal("39.05")
    assert charge(previous_billings=given[::-1]).amount("sewer user charge").value == Decimal("39.05")


@pytest.mark.parametrize(
    ("count", "outcome"),
    [(0, "estimate"), (1, "estimate"), (2, "average")],
)
def test_two_good_billings_are_needed_to_average(count: int, outcome: str) -> None:
    good = billings(("2025-09-30", "36.20"), ("2026-03-31", "41.90"))[:count]
    decision = charge(previous_billings=good)
    assert decision.outcome == outcome
    if outcome == "estimate":
        assert decision.amount("sewer user charge").value == Decimal("90.00")  # 30,000 gal residential
        assert {"I-26", "I-27", "I-43"} <= set(decision.interpretations)


@pytest.mark.parametrize(
    ("pair", "dollars", "raised_to_minimum"),
    [
        (("9.99", "10.00"), "10.00", False),  # $9.995 rounds half up to $10.00: the average itself
        (("10.00", "10.00"), "10.00", False),  # at the minimum: the average itself
        (("8.00", "9.00"), "10.00", True),  # $8.50 is raised to the $10.00 minimum (I-59)
    ],
)
def test_the_average_is_never_below_the_minimum_in_force(
    pair: tuple[str, str], dollars: str, raised_to_minimum: bool
) -> None:
    decision = charge(previous_billings=billings(("1999-09-30", pair[0]), ("2000-03-31", pair[1])))
    assert decision.amount("sewer user charge").value == Decimal(dollars)
    assert ("I-59" in decision.interpretations) is raised_to_minimum


@pytest.mark.parametrize(
    ("facts", "message"),
    [
        ({"previous_billings": billings(("2026-04-01", "10.00"))}, "is not before this one"),
        ({"previous_billings": billings(("2026-03-31", "10.00"), ("2026-03-31", "11.00"))}, "same period twice"),
        ({"previous_billings": billings(("2026-03-31", "10.005"))}, "at most 2 decimal places"),
        ({"previous_billings": billings(("2026-03-31", "-1.00"))}, "greater than or equal to 0"),
        ({"period_end": "2026-03-31"}, "period_end is before period_start"),
    ],
)
def test_bad_facts_are_refused_with_the_rule(facts: dict[str, Any], message: str) -> None:
    with pytest.raises(FactsError, match=message):
        charge(**facts)
