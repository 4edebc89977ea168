"""§118-5: $10 a day for the first 30 days from notification, $25 a day thereafter until corrected (I-21)."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import pytest
from pydantic import ValidationError

from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.parameters import load_jurisdiction
from sewerworks.ordinance.s118_5_abandonment_fine import (
    AbandonmentFineFacts,
    abandonment_fine,
    fine_for_failure_to_abandon,
)
from sewerworks.ordinance.topics import FactsError, determine

NOTIFIED = date(2026, 6, 1)


def _decide(as_of: date, **facts: Any) -> Decision:
    view = load_jurisdiction().at(as_of)
    return fine_for_failure_to_abandon(AbandonmentFineFacts.model_validate(facts), view, as_of)


def _fine(days: int) -> Decimal:
    corrected = NOTIFIED + timedelta(days=days)
    return _decide(corrected, notified_on=NOTIFIED, corrected_on=corrected).amount("abandonment fine").value


def test_notified_june_1_corrected_july_15_is_44_days_and_650_dollars() -> None:
    d = _decide(date(2026, 8, 1), notified_on=NOTIFIED, corrected_on=date(2026, 7, 15))
    assert d.outcome == "final"
    fine = d.amount("abandonment fine")
    assert fine.value == Decimal("650.00") and fine.unit == "USD"
    assert fine.breakdown == [
        {"period": "days 1–30", "days": "30", "rate": "10.00", "subtotal": "300.00"},
        {"period": "day 31 onward", "days": "14", "rate": "25.00", "subtotal": "350.00"},
    ]
    assert d.amount("days in violation").value == 44
    assert d.summary == "44 days in violation: the §118-5 fine is $650.00 (30 × $10.00 + 14 × $25.00)."


@pytest.mark.parametrize(
    ("days", "fine"),
    [(0, "0.00"), (1, "10.00"), (29, "290.00"), (30, "300.00"), (31, "325.00"), (32, "350.00")],
)
def test_the_rate_changes_from_10_to_25_dollars_on_day_31(days: int, fine: str) -> None:
    assert _fine(days) == Decimal(fine)


def test_corrected_the_day_it_was_notified_costs_nothing() -> None:
    d = _decide(NOTIFIED, notified_on=NOTIFIED, corrected_on=NOTIFIED)
    assert d.outcome == "final"
    assert d.amount("abandonment fine").value == Decimal("0.00")
    assert d.finding("posting").sentence == "The violation is corrected, so there is no fine to post."


def test_an_uncorrected_violation_accrues_to_the_day_evaluated() -> None:
    d = _decide(date(2026, 7, 6), notified_on=NOTIFIED)
    assert d.outcome == "accruing"
    assert d.amount("days in violation").value == 35
    assert d.amount("abandonment fine").value == Decimal("425.00")  # 30 × $10 + 5 × $25
    assert d.finding("violation-corrected").severity == "fails"
    posting = d.finding("posting")
    assert posting.severity == "discretion" and posting.decided_by == "Superintendent"
    assert "grows each day" in d.summary
    assert _decide(date(2026, 7, 7), notified_on=NOTIFIED).amount("abandonment fine").value == Decimal("450.00")


def test_before_the_notification_nothing_has_accrued() -> None:
    d = _decide(date(2026, 5, 20), notified_on=NOTIFIED)
    assert d.outcome == "accruing"
    assert d.amount("abandonment fine").value == Decimal("0.00")


def test_a_correction_before_the_notification_is_refused_naming_both_dates() -> None:
    with pytest.raises(ValidationError, match="corrected_on \\(2026-05-31\\) is before notified_on \\(2026-06-01\\)"):
        AbandonmentFineFacts(notified_on=NOTIFIED, corrected_on=date(2026, 5, 31))
    with pytest.raises(FactsError, match="before notified_on"):
        determine("abandonment-fine", {"notified_on": "2026-06-01", "corrected_on": "2026-05-31"}, as_of=NOTIFIED)


def test_the_plain_function_gives_the_sweep_the_same_figures_as_the_topic() -> None:
    view = load_jurisdiction().at(date(2026, 7, 15))
    total, breakdown = abandonment_fine(NOTIFIED, date(2026, 7, 15), view)
    d = determine(
        "abandonment-fine", {"notified_on": "2026-06-01", "corrected_on": "2026-07-15"}, as_of=date(2026, 7, 15)
    )
    assert total == d.amount("abandonment fine").value == Decimal("650.00")
    assert breakdown == d.amount("abandonment fine").breakdown
    assert {p.key for p in view.uses()} == {
        "connection.abandonment_fine.first_period_days",
        "connection.abandonment_fine.first_period_rate",
        "connection.abandonment_fine.later_rate",
    }


def test_the_fine_is_money_in_cents_and_cites_i_21() -> None:
    d = _decide(date(2026, 8, 1), notified_on=NOTIFIED, corrected_on=date(2026, 7, 15))
    assert d.to_dict()["amounts"][1]["value"] == "650.00"
    assert {"I-21", "I-23"} <= set(d.interpretations)
    assert d.sections == ["118-5"]
