"""Day and hour counting per I-20."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest

from sewerworks.ordinance.deadlines import due_after, due_after_hours, is_business_day, local_date

NEW_YORK = ZoneInfo("America/New_York")


def test_notice_on_1_january_2026_with_180_days_to_connect_is_due_30_june() -> None:
    assert due_after(date(2026, 1, 1), 180, shift=True) == date(2026, 6, 30)


def test_connected_5_march_2026_with_90_days_to_abandon_is_due_wednesday_3_june() -> None:
    assert due_after(date(2026, 3, 5), 90, shift=True) == date(2026, 6, 3)


def test_notice_on_1_february_2026_with_180_days_is_due_31_july() -> None:
    assert due_after(date(2026, 2, 1), 180, shift=True) == date(2026, 7, 31)


def test_a_deadline_ending_on_a_saturday_moves_to_monday() -> None:
    assert date(2026, 6, 6).weekday() == 5
    assert due_after(date(2026, 3, 8), 90, shift=True) == date(2026, 6, 8)
    assert due_after(date(2026, 3, 8), 90, shift=False) == date(2026, 6, 6)


def test_a_deadline_ending_on_a_sunday_moves_to_monday() -> None:
    assert due_after(date(2026, 3, 9), 90, shift=True) == date(2026, 6, 8)


def test_a_deadline_ending_on_thanksgiving_moves_to_the_friday() -> None:
    assert due_after(date(2026, 8, 28), 90, shift=False) == date(2026, 11, 26)
    assert due_after(date(2026, 8, 28), 90, shift=True) == date(2026, 11, 27)


def test_a_deadline_ending_on_saturday_4_july_2026_moves_past_the_weekend() -> None:
    # 3 July 2026 (Friday) is the observed Independence Day; 4 July is a Saturday.
    assert due_after(date(2026, 6, 4), 30, shift=True) == date(2026, 7, 6)
    assert due_after(date(2026, 6, 3), 30, shift=True) == date(2026, 7, 6)


def test_a_deadline_ending_on_a_business_day_is_not_moved() -> None:
    assert is_business_day(date(2026, 6, 3))
    assert due_after(date(2026, 6, 2), 1, shift=True) == date(2026, 6, 3)


def test_a_negative_number_of_days_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot run"):
        due_after(date(2026, 1, 1), -1, shift=False)


def test_72_hours_across_the_spring_daylight_saving_change_is_72_elapsed_hours() -> None:
    inspected = datetime(2026, 3, 7, 9, 0, tzinfo=NEW_YORK)  # EST; clocks spring forward 8 March
    due = due_after_hours(inspected, 72)
    assert due == datetime(2026, 3, 10, 10, 0, tzinfo=NEW_YORK)  # EDT: wall clock shows 10:00
    assert (due.astimezone(ZoneInfo("UTC")) - inspected.astimezone(ZoneInfo("UTC"))) == timedelta(hours=72)


def test_72_hours_across_the_autumn_change_shows_one_hour_earlier_on_the_clock() -> None:
    inspected = datetime(2026, 10, 31, 9, 0, tzinfo=NEW_YORK)  # EDT; clocks fall back 1 November
    assert due_after_hours(inspected, 72) == datetime(2026, 11, 3, 8, 0, tzinfo=NEW_YORK)


def test_hours_are_not_shifted_off_a_weekend() -> None:
    friday = datetime(2026, 6, 5, 14, 30, tzinfo=NEW_YORK)
    assert due_after_hours(friday, 24) == datetime(2026, 6, 6, 14, 30, tzinfo=NEW_YORK)
    assert due_after_hours(friday, Decimal("1.5")) == datetime(2026, 6, 5, 16, 0, tzinfo=NEW_YORK)


def test_a_naive_timestamp_is_refused() -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        due_after_hours(datetime(2026, 3, 7, 9, 0), 72)  # noqa: DTZ001


def test_the_date_of_a_moment_is_taken_in_new_york() -> None:
    late_evening = datetime(2026, 6, 5, 23, 30, tzinfo=NEW_YORK)
    assert local_date(late_evening.astimezone(ZoneInfo("UTC"))) == date(2026, 6, 5)
