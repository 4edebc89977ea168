""" "My work today" (I-113): what falls due when, as of a moment in the town's time zone, and the
registry's rule that nothing is addressed to the board member."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from sewerworks.core.web.dashboard import WorkItem, group_work, my_work, week_end

NY = ZoneInfo("America/New_York")
D = dt.date


def item(due_on: dt.date | None, due_at: dt.datetime | None = None, title: str = "Do it") -> WorkItem:
    return WorkItem(title=title, subject="108.12-3-45", url="/x/", action="Act", program="General",
                    due_on=due_on, due_at=due_at)  # fmt: skip


def where(found: dict[str, list[WorkItem]]) -> dict[str, list[str]]:
    return {key: [i.title for i in items] for key, items in found.items() if items}


def test_this_week_ends_on_the_fifth_business_day_after_today() -> None:
    assert week_end(D(2026, 12, 3)) == D(2026, 12, 10)  # Thursday: Fri, Mon, Tue, Wed, Thu
    assert week_end(D(2026, 12, 4)) == D(2026, 12, 11)  # Friday: the weekend is not counted


def test_a_new_york_holiday_is_not_a_business_day_of_the_week() -> None:
    # Monday Nov 23, 2026: Thanksgiving (Thursday Nov 26) is skipped, so the fifth day is Tuesday Dec 1
    assert week_end(D(2026, 11, 23)) == D(2026, 12, 1)


def test_a_deadline_of_today_is_due_today_until_midnight_in_the_town_then_overdue() -> None:
    due = item(D(2026, 12, 3))
    before = dt.datetime(2026, 12, 3, 23, 59, 59, tzinfo=NY)  # 04:59 UTC on Dec 4: still Dec 3 in the town
    after = dt.datetime(2026, 12, 4, 0, 0, tzinfo=NY)
    assert where(group_work([due], before.astimezone(dt.UTC))) == {"today": ["Do it"]}
    assert where(group_work([due], after)) == {"overdue": ["Do it"]}


def test_due_this_week_runs_to_the_weeks_end_and_not_a_day_more() -> None:
    now = dt.datetime(2026, 12, 3, 9, 0, tzinfo=NY)
    found = group_work([item(D(2026, 12, 4), title="tomorrow"), item(D(2026, 12, 10), title="last day"),
                        item(D(2026, 12, 11), title="next week")], now)  # fmt: skip
    assert where(found) == {"week": ["tomorrow", "last day"]}


def test_the_week_moves_at_midnight() -> None:
    due = item(D(2026, 12, 11))
    assert where(group_work([due], dt.datetime(2026, 12, 3, 23, 59, tzinfo=NY))) == {}
    assert where(group_work([due], dt.datetime(2026, 12, 4, 0, 1, tzinfo=NY))) == {"week": ["Do it"]}


def test_an_hour_counted_limit_is_overdue_at_its_hour_not_at_midnight() -> None:
    at = dt.datetime(2026, 12, 3, 10, 30, tzinfo=NY)  # a 72-hour order's end
    order = item(D(2026, 12, 3), due_at=at)
    assert where(group_work([order], at - dt.timedelta(minutes=1))) == {"today": ["Do it"]}
    assert where(group_work([order], at)) == {"overdue": ["Do it"]}


def test_work_with_no_date_waits_and_overdue_comes_first_oldest_first() -> None:
    now = dt.datetime(2026, 12, 3, 9, 0, tzinfo=NY)
    found = group_work([item(None, title="undated"), item(D(2026, 12, 1), title="newer"),
                        item(D(2026, 11, 2), title="older")], now)  # fmt: skip
    assert where(found) == {"overdue": ["older", "newer"], "waiting": ["undated"]}


def test_no_work_is_ever_addressed_to_the_board_member() -> None:
    with pytest.raises(ValueError, match="board member reads and never acts"):
        my_work(roles=["board member"])
