"""The next pump-out predicted from a trap's own history (I-67), with worked numbers; advisory only."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import ROUND_CEILING, Decimal
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.parameters import load_jurisdiction
from sewerworks.ordinance.registry import FactsError, determine
from sewerworks.ordinance.s118_38_prediction import PumpOutHistoryFacts, least_squares, next_pump_out

AS_OF = date(2026, 4, 10)
PUMPED = "2026-01-05"
THREE = [
    {"inspected_on": "2026-02-04", "fill_percent": 20},  # day 30
    {"inspected_on": "2026-03-06", "fill_percent": 41},  # day 60
    {"inspected_on": "2026-04-05", "fill_percent": 59},  # day 90
]


def _decide(as_of: date = AS_OF, **facts: Any) -> Decision:
    model = PumpOutHistoryFacts.model_validate({"last_pump_out_on": PUMPED, **facts})
    return next_pump_out(model, load_jurisdiction().at(as_of), as_of)


def _prediction(d: Decision) -> dict[str, Any]:
    return dict(d.finding("prediction").compared)


def test_the_least_squares_line_of_the_worked_example_is_1_plus_0_65_per_day() -> None:
    assert least_squares([(30, Decimal(20)), (60, Decimal(41)), (90, Decimal(59))]) == (Decimal(1), Decimal("0.65"))


def test_three_inspections_predict_80_percent_on_day_122_which_is_2026_05_07() -> None:
    d = _decide(inspections=THREE)
    assert d.outcome == "predicted"
    assert d.amount("days to 80%").value == 122  # 79 ÷ 0.65 = 121.5…, the first whole day at 80% is day 122
    assert _prediction(d) == {
        "method": "fill slope", "predicted_on": "2026-05-07", "earliest": "2026-05-07", "latest": "2026-05-07"
    }  # fmt: skip
    assert d.deadlines == [], "a prediction is advisory, never a deadline"
    assert "advisory, not a deadline" in d.summary


def test_two_inspections_give_a_range_from_the_line_and_each_inspection_alone() -> None:
    # The line through (30, 20) and (60, 41): 80% on day 81 ÷ 0.7 = 115.7 → 116. Alone: 30 × 80/20 = 120 and
    # 60 × 80/41 = 117.07 → 118. So from day 116 (2026-05-01) to day 120 (2026-05-05).
    d = _decide(inspections=THREE[:2])
    assert _prediction(d) == {
        "method": "fill slope", "predicted_on": "2026-05-01", "earliest": "2026-05-01", "latest": "2026-05-05"
    }  # fmt: skip
    assert "between 2026-05-01 and 2026-05-05" in d.summary


def test_fewer_than_two_inspections_fall_back_to_the_mean_interval_between_pump_outs() -> None:
    # Intervals 130, 118 and 112 days: mean 120 → 2026-01-05 + 120 days = 2026-05-05, a single date.
    d = _decide(inspections=THREE[:1], earlier_pump_outs=["2025-01-10", "2025-05-20", "2025-09-15"])
    assert _prediction(d) == {
        "method": "pump-out intervals", "predicted_on": "2026-05-05", "earliest": "2026-05-05", "latest": "2026-05-05"
    }  # fmt: skip


def test_two_intervals_give_a_range_from_the_shortest_to_the_longest() -> None:
    # 118 and 112 days: mean 115 → 2026-04-30; from 112 days (2026-04-27) to 118 days (2026-05-03).
    d = _decide(earlier_pump_outs=["2025-05-20", "2025-09-15"])
    assert _prediction(d) == {
        "method": "pump-out intervals", "predicted_on": "2026-04-30", "earliest": "2026-04-27", "latest": "2026-05-03"
    }  # fmt: skip


def test_a_fill_that_is_not_rising_falls_back_to_the_intervals_or_predicts_nothing() -> None:
    flat = [{"inspected_on": "2026-02-04", "fill_percent": 30}, {"inspected_on": "2026-03-06", "fill_percent": 30}]
    assert _decide(inspections=flat).outcome == "no-prediction"
    assert _prediction(_decide(inspections=flat, earlier_pump_outs=["2025-09-07"]))["method"] == "pump-out intervals"


def test_two_inspections_on_the_same_day_are_one_point() -> None:
    same = [{"inspected_on": "2026-02-04", "fill_percent": 20}, {"inspected_on": "2026-02-04", "fill_percent": 22}]
    assert _decide(inspections=same).outcome == "no-prediction"


def test_a_prediction_already_passed_says_so() -> None:
    assert _decide(date(2026, 5, 6), inspections=THREE).outcome == "predicted"
    assert _decide(date(2026, 5, 7), inspections=THREE).outcome == "predicted-reached"


def test_an_inspection_before_the_last_pump_out_is_refused_by_its_index() -> None:
    with pytest.raises(FactsError, match=r"inspections\[1\].inspected_on is before last_pump_out_on"):
        determine("grease-pump-out-prediction", {"last_pump_out_on": PUMPED, "inspections": [
            THREE[0], {"inspected_on": "2025-12-01", "fill_percent": 10}]}, as_of=AS_OF)  # fmt: skip


def test_a_barely_rising_fill_is_predicted_no_later_than_the_last_date_the_calendar_allows() -> None:
    slow = [
        {"inspected_on": "2026-02-04", "fill_percent": "0.000001"},
        {"inspected_on": "2026-03-06", "fill_percent": "0.000002"},
    ]
    assert _prediction(_decide(inspections=slow))["latest"] == "2999-12-31"


@given(st.integers(min_value=5, max_value=60), st.decimals(min_value=Decimal("0.1"), max_value=Decimal(5), places=2))
def test_a_trap_filling_at_a_steady_rate_is_predicted_on_the_day_it_reaches_80_percent(
    step: int, rate: Decimal
) -> None:
    start = date.fromisoformat(PUMPED)
    readings = [
        {"inspected_on": (start + timedelta(days=step * k)).isoformat(), "fill_percent": rate * step * k}
        for k in (1, 2, 3)
    ]
    expected = (Decimal(80) / rate).to_integral_value(rounding=ROUND_CEILING)
    assert _decide(inspections=readings).amount("days to 80%").value == expected
