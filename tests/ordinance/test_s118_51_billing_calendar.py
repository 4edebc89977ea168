"""§118-51 billing calendar (I-58): semiannual periods, their read windows, bill and due dates."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sewerworks.ordinance.parameters import load_jurisdiction
from sewerworks.ordinance.s118_51_billing_calendar import period_containing, period_ending

VIEW = load_jurisdiction().at(date(2026, 12, 1))


@pytest.mark.parametrize(
    ("day", "start", "end"),
    [
        ("2026-03-31", "2025-10-01", "2026-03-31"),  # the last day of the spring period
        ("2026-04-01", "2026-04-01", "2026-09-30"),  # the next day starts the autumn period
        ("2026-09-30", "2026-04-01", "2026-09-30"),
        ("2026-10-01", "2026-10-01", "2027-03-31"),  # a period runs across the new year
        ("2027-01-01", "2026-10-01", "2027-03-31"),
    ],
)
def test_a_year_has_two_periods_each_starting_the_day_after_the_last_ended(day: str, start: str, end: str) -> None:
    period = period_containing(date.fromisoformat(day), VIEW)
    assert (period.start.isoformat(), period.end.isoformat()) == (start, end)


def test_the_spring_2026_period_is_read_around_its_end_billed_10_days_later_and_due_21_days_after_that() -> None:
    period = period_ending(date(2026, 3, 31), VIEW)
    assert period.name == "2025-10-01 – 2026-03-31"
    assert (period.reads_from, period.reads_until) == (date(2026, 3, 16), date(2026, 4, 15))
    assert (period.bill_date, period.due_date) == (date(2026, 4, 10), date(2026, 5, 1))


@pytest.mark.parametrize(
    ("day", "counts"), [("2026-03-15", False), ("2026-03-16", True), ("2026-04-15", True), ("2026-04-16", False)]
)
def test_a_read_counts_for_a_period_within_15_days_of_its_end(day: str, counts: bool) -> None:
    assert period_ending(date(2026, 3, 31), VIEW).counts_read(date.fromisoformat(day)) is counts


def test_a_day_that_ends_no_period_is_refused_with_the_days_that_do() -> None:
    with pytest.raises(ValueError, match=r"2026-06-30 ends no billing period: periods end on 03-31 and 09-30"):
        period_ending(date(2026, 6, 30), VIEW)


@given(st.dates(min_value=date(2001, 1, 1), max_value=date(2099, 12, 31)))
def test_every_day_falls_in_exactly_one_period_and_the_next_starts_the_day_after(day: date) -> None:
    period = period_containing(day, VIEW)
    assert period.start <= day <= period.end
    assert period_containing(period.end + timedelta(days=1), VIEW).start == period.end + timedelta(days=1)
    assert period_containing(period.start - timedelta(days=1), VIEW).end == period.start - timedelta(days=1)
    assert 181 <= (period.end - period.start).days + 1 <= 184  # semiannual
