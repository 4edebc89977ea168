"""The time limit of a written notice starts at service (§118-47, I-20); a 72-hour order runs in elapsed
hours from the recorded moment and is never moved (§118-38, I-20)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from sewerworks.ordinance.topics import FactsError, determine

NY = ZoneInfo("America/New_York")


def due(facts: dict) -> object:
    decision = determine("notice-deadline", facts, as_of=date(2026, 12, 1))
    return decision.deadlines[0]


def test_a_notice_served_march_2_with_30_days_must_be_obeyed_by_april_1() -> None:
    d = due({"kind": "notice_of_violation", "served_on": "2026-03-02", "correction_days": 30})
    assert d.due == date(2026, 4, 1) and d.section == "118-47"


def test_a_limit_ending_on_the_fourth_of_july_moves_to_monday() -> None:
    # 2026-06-04 + 30 days = Saturday 2026-07-04, Independence Day: the limit moves to Monday (I-20)
    d = due({"kind": "notice_of_violation", "served_on": "2026-06-04", "correction_days": 30})
    assert d.due == date(2026, 7, 6)


def test_without_a_stated_limit_the_default_of_30_days_applies() -> None:
    d = due({"kind": "notice_of_violation", "served_on": "2026-03-02"})
    assert d.due == date(2026, 4, 1)


def test_a_72_hour_order_runs_72_elapsed_hours_across_the_spring_change() -> None:
    served = datetime(2026, 3, 6, 10, 0, tzinfo=NY)
    d = due({"kind": "pump_out_order", "served_at": served.isoformat()})
    assert d.due_at is not None and d.section == "118-38"
    assert d.due_at - served == timedelta(hours=72)
    assert d.due_at.astimezone(NY).hour == 11  # 10:00 EST + 72 h = 11:00 EDT
    assert d.due_at.astimezone(UTC) == datetime(2026, 3, 9, 15, 0, tzinfo=UTC)


def test_a_72_hour_order_on_a_friday_is_not_moved_off_the_weekend() -> None:
    served = datetime(2026, 5, 1, 9, 0, tzinfo=NY)  # a Friday
    d = due({"kind": "pump_out_order", "served_at": served.isoformat()})
    assert d.due_at.astimezone(NY) == datetime(2026, 5, 4, 9, 0, tzinfo=NY)


@pytest.mark.parametrize(
    "facts",
    [
        {"kind": "pump_out_order", "served_at": "2026-03-06T10:00:00"},  # no time zone
        {"kind": "pump_out_order", "served_on": "2026-03-06"},
        {"kind": "notice_of_violation"},
        {"kind": "notice_of_violation", "served_on": "2026-03-02", "correction_days": 0},
    ],
)
def test_incomplete_facts_are_refused(facts: dict) -> None:
    with pytest.raises(FactsError):
        determine("notice-deadline", facts, as_of=date(2026, 12, 1))
