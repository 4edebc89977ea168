"""Deadlines to install what the chapter requires: an interceptor within 30 days of connecting for a
preexisting food service facility (§118-38, I-35, I-51), a water meter for a user who must have one
(§118-52, I-27, I-52); and a notice's time limit in hours (§118-47, I-20, I-36)."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from sewerworks.ordinance.topics import FactsError, determine

NY = ZoneInfo("America/New_York")
AS_OF = date(2026, 12, 1)


def interceptor(established_on: str, connected_on: str, **kw: object) -> object:
    facts = {"established_on": established_on, "connected_on": connected_on, **kw}
    return determine("interceptor-deadline", facts, as_of=AS_OF)


@pytest.mark.parametrize(
    ("established_on", "outcome"),
    [("2000-07-23", "install-by"), ("2000-07-24", "install-by"), ("2000-07-25", "nothing-to-install")],
)
def test_a_facility_established_by_july_24_2000_is_preexisting_and_one_after_is_new(established_on, outcome) -> None:
    decision = interceptor(established_on, "2026-03-02")
    assert decision.outcome == outcome
    if outcome == "install-by":
        assert decision.deadlines[0].due == date(2026, 4, 1) and decision.deadlines[0].section == "118-38"


def test_thirty_days_ending_on_a_sunday_move_to_monday() -> None:
    assert interceptor("1985-06-01", "2026-05-01").deadlines[0].due == date(2026, 6, 1)  # May 31 a Sunday


def test_a_facility_with_an_interceptor_installs_nothing() -> None:
    decision = interceptor("1985-06-01", "2026-03-02", has_interceptor=True)
    assert decision.outcome == "nothing-to-install" and decision.deadlines == []


def meter(**facts: object) -> object:
    return determine("meter-deadline", {"starts_on": "2026-03-02", **facts}, as_of=AS_OF)


@pytest.mark.parametrize(
    ("facts", "outcome"),
    [
        ({"user_class": "commercial", "metered": False}, "install-by"),
        ({"user_class": "industrial", "metered": False}, "install-by"),
        ({"user_class": "institutional", "metered": False}, "install-by"),
        ({"user_class": "residential", "metered": False, "in_water_district": False}, "install-by"),
        ({"user_class": "residential", "metered": False}, "no-meter-required"),
        ({"user_class": "commercial", "metered": True}, "no-meter-required"),
        ({"user_class": "residential", "metered": True, "in_water_district": False}, "no-meter-required"),
    ],
)
def test_who_must_install_a_meter(facts, outcome) -> None:
    decision = meter(**facts)
    assert decision.outcome == outcome
    if outcome == "install-by":
        assert decision.deadlines[0].due == date(2026, 5, 1)  # 60 days (illustrative parameter, I-52)
        assert {"I-27", "I-52"} <= set(decision.interpretations)


def test_a_meter_deadline_ending_on_a_weekend_moves_to_monday() -> None:
    # 2026-04-07 + 60 days = Saturday 2026-06-06 → Monday 2026-06-08 (I-20); a day earlier is a Friday
    assert meter(user_class="commercial", metered=False, starts_on="2026-04-07").deadlines[0].due == date(2026, 6, 8)
    assert meter(user_class="commercial", metered=False, starts_on="2026-04-06").deadlines[0].due == date(2026, 6, 5)


def test_a_notice_with_72_hours_runs_in_elapsed_time_across_the_clock_change() -> None:
    served = datetime(2026, 3, 6, 14, 0, tzinfo=NY)
    decision = determine(
        "notice-deadline",
        {"kind": "notice_of_violation", "served_at": served.isoformat(), "correction_hours": 72},
        as_of=date(2026, 3, 6),
    )
    d = decision.deadlines[0]
    assert d.due_at == datetime(2026, 3, 9, 15, 0, tzinfo=NY) and d.due == date(2026, 3, 9)


@pytest.mark.parametrize(
    "facts",
    [
        {"kind": "notice_of_violation", "served_on": "2026-03-06", "correction_hours": 72},  # no moment
        {
            "kind": "notice_of_violation",
            "served_at": "2026-03-06T14:00:00-05:00",
            "correction_hours": 72,
            "correction_days": 3,
        },
    ],
)
def test_a_limit_in_hours_needs_the_moment_and_is_never_also_in_days(facts) -> None:
    with pytest.raises(FactsError):
        determine("notice-deadline", facts, as_of=date(2026, 3, 6))
