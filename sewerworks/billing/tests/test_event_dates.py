"""A billing period's status history is dated by when each move happened (I-114), ordered by it, with the
day it was recorded beside it when more than a day apart."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from sewerworks.billing.actions import do_open_period
from sewerworks.core.records.events import as_moment, story_day


@pytest.mark.django_db
def test_a_period_opened_on_october_1_in_the_story_is_opened_and_recorded_that_day(staff) -> None:
    with story_day(dt.date(2026, 10, 1)):
        period = do_open_period(dt.date(2026, 9, 30), acting_user=staff.clerk)
    opened = period.status_changes.get()
    assert timezone.localdate(opened.occurred_at) == dt.date(2026, 10, 1)
    assert timezone.localdate(opened.at) == dt.date(2026, 10, 1) and opened.recorded_note == ""


@pytest.mark.django_db
def test_a_move_entered_late_sorts_by_when_it_happened_and_says_when_it_was_recorded(client, autumn, staff) -> None:
    late = autumn.status_changes.create(
        from_status="draft", to_status="draft", why="noted late", by=staff.clerk,
        occurred_at=as_moment(dt.date(2026, 9, 1)),
    )  # fmt: skip
    assert list(autumn.status_changes.all())[0] == late  # before the opening recorded earlier
    assert late.recorded_note == f"recorded {timezone.localdate():%Y-%m-%d} by {staff.clerk.username}"
    client.force_login(staff.clerk)
    page = client.get(f"/billing/periods/{autumn.pk}/").content.decode()
    assert '<time datetime="2026-09-01' in page and late.recorded_note in page
