"""A permit's history is dated by when each step happened (I-114): a review begun on March 4 and entered
later is a March 4 step, shown with the day it was recorded; no step before the filing or in the future."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from sewerworks.permits.actions import do_move_permit
from sewerworks.permits.tests.conftest import FILED


def day(moment: dt.datetime) -> dt.date:
    return timezone.localdate(moment)


@pytest.mark.django_db
def test_a_review_begun_two_days_after_filing_and_entered_today_is_dated_that_day(paid, staff) -> None:
    do_move_permit(paid, to="under_review", occurred_on=FILED + dt.timedelta(days=2), acting_user=staff.superintendent)
    rows = list(paid.history.order_by("occurred_at", "history_id"))
    assert day(rows[0].event_at) == FILED  # filed
    review = rows[-1]
    assert (review.status, day(review.event_at)) == ("under_review", dt.date(2026, 3, 4))
    assert day(review.history_date) == timezone.localdate()
    assert review.recorded_note.startswith(f"recorded {timezone.localdate():%Y-%m-%d} by ")


@pytest.mark.django_db
def test_a_step_before_the_filing_or_tomorrow_is_refused(paid, staff) -> None:
    for bad, words in ((FILED - dt.timedelta(days=1), "before the application was filed"),
                       (timezone.localdate() + dt.timedelta(days=1), "future")):  # fmt: skip
        with pytest.raises(ValidationError) as refused:
            do_move_permit(paid, to="under_review", occurred_on=bad, acting_user=staff.superintendent)
        assert words in refused.value.message_dict["occurred_on"][0]
    do_move_permit(paid, to="under_review", occurred_on=FILED, acting_user=staff.superintendent)  # the same day


@pytest.mark.django_db
def test_the_permit_page_shows_the_step_on_its_day_with_the_day_it_was_recorded(client, paid, staff) -> None:
    do_move_permit(paid, to="under_review", occurred_on=dt.date(2026, 3, 4), acting_user=staff.superintendent)
    client.force_login(staff.clerk)
    page = client.get(f"/permits/{paid.pk}/").content.decode()
    assert '<time datetime="2026-03-04' in page
    assert f"recorded {timezone.localdate():%Y-%m-%d} by {staff.superintendent.username}" in page
