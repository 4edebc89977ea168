"""§118-5 and §118-12: connect within 180 days after notice, abandon private facilities within 90 days (I-20)."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from pydantic import ValidationError

from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.parameters import load_jurisdiction
from sewerworks.ordinance.s118_5_connection import ConnectionFacts, connection_deadlines
from sewerworks.ordinance.topics import FactsError, determine


def _decide(as_of: date, **facts: Any) -> Decision:
    return connection_deadlines(ConnectionFacts.model_validate(facts), load_jurisdiction().at(as_of), as_of)


def _due(decision: Decision, name: str) -> date:
    return next(d.due for d in decision.deadlines if d.name == name)


CONNECT = "connect to the public sewer"
ABANDON = "abandon private facilities"


def test_notice_on_new_years_day_means_connecting_by_june_30() -> None:
    d = _decide(date(2026, 2, 1), notice_served_on=date(2026, 1, 1))
    assert d.outcome == "awaiting-connection"
    assert _due(d, CONNECT) == date(2026, 6, 30)
    assert d.summary == "The building must be connected to the public sewer by June 30, 2026."
    assert d.findings == []


def test_connected_on_march_5_means_abandoning_the_septic_tank_by_june_3() -> None:
    d = _decide(date(2026, 4, 1), notice_served_on=date(2026, 1, 1), connected_on=date(2026, 3, 5))
    assert d.outcome == "awaiting-abandonment"
    assert _due(d, ABANDON) == date(2026, 6, 3)
    assert d.finding("connect-to-public-sewer").severity == "complies"


def test_notice_on_february_1_means_connecting_by_july_31() -> None:
    assert _due(_decide(date(2026, 2, 1), notice_served_on=date(2026, 2, 1)), CONNECT) == date(2026, 7, 31)


def test_connecting_on_the_180th_day_is_in_time_and_the_day_after_is_late() -> None:
    on_time = _decide(date(2026, 7, 10), notice_served_on=date(2026, 1, 1), connected_on=date(2026, 6, 30))
    assert on_time.finding("connect-to-public-sewer").severity == "complies"
    assert on_time.finding("connect-to-public-sewer").sentence.endswith("it was connected on June 30, 2026, in time.")
    late = _decide(date(2026, 7, 10), notice_served_on=date(2026, 1, 1), connected_on=date(2026, 7, 1))
    assert late.finding("connect-to-public-sewer").severity == "fails"
    assert late.outcome == "awaiting-abandonment"
    assert "after the deadline" in late.summary


def test_an_unconnected_building_is_overdue_only_from_the_day_after_the_deadline() -> None:
    assert _decide(date(2026, 6, 30), notice_served_on=date(2026, 1, 1)).outcome == "awaiting-connection"
    overdue = _decide(date(2026, 7, 1), notice_served_on=date(2026, 1, 1))
    assert overdue.outcome == "connection-overdue"
    assert overdue.finding("connect-to-public-sewer").severity == "fails"
    assert "still not connected on July 1, 2026, so the connection is overdue" in overdue.summary


def test_abandoning_on_the_90th_day_is_in_time_and_the_day_after_is_late() -> None:
    facts = {"notice_served_on": date(2026, 1, 1), "connected_on": date(2026, 3, 5)}
    on_time = _decide(date(2026, 7, 1), **facts, abandoned_on=date(2026, 6, 3))
    assert on_time.outcome == "complete" and not on_time.has_failures
    late = _decide(date(2026, 7, 1), **facts, abandoned_on=date(2026, 6, 4))
    assert late.outcome == "complete"
    assert late.finding("abandon-private-facilities").severity == "fails"
    assert "this was done on June 4, 2026, after the deadline" in late.summary


def test_a_septic_tank_still_in_use_is_overdue_from_the_day_after_the_90th_day() -> None:
    facts = {"notice_served_on": date(2026, 1, 1), "connected_on": date(2026, 3, 5)}
    assert _decide(date(2026, 6, 3), **facts).outcome == "awaiting-abandonment"
    overdue = _decide(date(2026, 6, 4), **facts)
    assert overdue.outcome == "abandonment-overdue"
    assert "fined daily until it is corrected" in overdue.finding("abandon-private-facilities").sentence


def test_a_deadline_on_a_saturday_holiday_moves_to_monday() -> None:
    # 2026-01-05 + 180 days = Saturday 2026-07-04 (Independence Day) -> Monday 2026-07-06.
    d = _decide(date(2026, 2, 1), notice_served_on=date(2026, 1, 5))
    assert _due(d, CONNECT) == date(2026, 7, 6)
    assert d.deadlines[0].sentence == (
        "Connect by the end of July 6, 2026, 180 days after January 5, 2026 (July 4, 2026 falls on a Saturday, so "
        "the deadline moves to the next business day)."
    )
    assert _decide(date(2026, 7, 6), notice_served_on=date(2026, 1, 5)).outcome == "awaiting-connection"
    assert _decide(date(2026, 7, 7), notice_served_on=date(2026, 1, 5)).outcome == "connection-overdue"


def test_an_abandonment_deadline_on_labor_day_moves_to_tuesday() -> None:
    # Connected 2026-06-09 + 90 days = Monday 2026-09-07, Labor Day.
    d = _decide(date(2026, 7, 1), notice_served_on=date(2026, 1, 5), connected_on=date(2026, 6, 9))
    assert _due(d, ABANDON) == date(2026, 9, 8)
    assert "September 7, 2026 is a New York public holiday" in d.deadlines[1].sentence


def test_without_a_notice_no_deadline_runs() -> None:
    d = _decide(date(2026, 5, 1))
    assert d.outcome == "no-notice" and d.deadlines == []


def test_a_property_without_a_private_system_is_complete_once_connected() -> None:
    d = _decide(
        date(2026, 5, 1), notice_served_on=date(2026, 1, 1), connected_on=date(2026, 2, 2), has_private_system=False
    )
    assert d.outcome == "complete"
    assert d.finding("abandon-private-facilities").sentence.startswith("No septic tank, cesspool")


def test_abandoning_a_private_system_the_property_does_not_have_is_refused() -> None:
    with pytest.raises(ValidationError, match="nothing to abandon"):
        ConnectionFacts(has_private_system=False, abandoned_on=date(2026, 3, 1))
    with pytest.raises(FactsError):
        determine("connection-deadlines", {"notice_served_on": "not a date"}, as_of=date(2026, 5, 1))


def test_the_decision_reads_the_deadline_parameters_and_cites_i_20() -> None:
    d = determine(
        "connection-deadlines", {"notice_served_on": "2026-01-01", "connected_on": "2026-03-05"}, as_of=date(2026, 5, 1)
    )
    keys = {p.key for p in d.parameters}
    assert {"connection.days_after_notice", "connection.abandonment_days_after_connection"} <= keys
    assert "deadlines.weekend_holiday_shift" in keys
    assert d.interpretations == ["I-20"]
    assert d.sections == ["118-5"]
