"""Counting days and hours (I-20).

"Within N days after X" ends at the end of the calendar day X + N. When a day-counted deadline for an
act by the public ends on a Saturday, Sunday or New York public holiday it moves to the next business
day (General Construction Law §25-a; parameter ``deadlines.weekend_holiday_shift``). "Within 72 hours"
runs in elapsed time from a timezone-aware timestamp, so a daylight-saving change neither shortens nor
lengthens it, and is never shifted.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from functools import cache
from zoneinfo import ZoneInfo

import holidays

TOWN_TIMEZONE = ZoneInfo("America/New_York")


@cache
def _new_york_holidays(year: int) -> holidays.HolidayBase:
    return holidays.country_holidays("US", subdiv="NY", years=year)


def is_business_day(day: date) -> bool:
    """Not a Saturday, Sunday or New York public holiday."""
    return day.weekday() < 5 and day not in _new_york_holidays(day.year)


def next_business_day(day: date) -> date:
    """The day itself if it is a business day, else the next one."""
    while not is_business_day(day):
        day += timedelta(days=1)
    return day


def due_after(start: date, days: int, *, shift: bool) -> date:
    """The last day of "within ``days`` days after ``start``" (I-20); shifted off weekends and holidays."""
    if isinstance(start, datetime):
        raise TypeError("due_after counts calendar days from a date, not a datetime")
    if days < 0:
        raise ValueError(f"a deadline cannot run {days} days")
    due = start + timedelta(days=days)
    return next_business_day(due) if shift else due


def due_after_hours(start: datetime, hours: int | Decimal) -> datetime:
    """The moment ``hours`` of elapsed time after ``start`` (I-20), in ``start``'s time zone, not shifted."""
    if start.tzinfo is None or start.utcoffset() is None:
        raise ValueError("an hour-based deadline needs a timezone-aware timestamp (I-20)")
    if hours < 0:
        raise ValueError(f"a deadline cannot run {hours} hours")
    elapsed = timedelta(seconds=float(Decimal(hours) * 3600))
    return (start.astimezone(UTC) + elapsed).astimezone(start.tzinfo)


def local_date(moment: datetime) -> date:
    """The calendar date of a moment in America/New_York, where deadlines are dates (I-20)."""
    if moment.tzinfo is None:
        raise ValueError("a moment needs a time zone to have a date in America/New_York")
    return moment.astimezone(TOWN_TIMEZONE).date()
