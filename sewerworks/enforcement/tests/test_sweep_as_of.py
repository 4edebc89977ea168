"""A sweep "as of" a past day catches up a day the daily sweep missed; it never lowers what a later run
established (issue 18: a past as-of lowered an accrued §118-5 fine from $120 to $50 until the next daily
sweep)."""

from __future__ import annotations

import datetime as dt

import pytest

from sewerworks.enforcement.actions import do_sweep
from sewerworks.enforcement.models import AbandonmentFine
from sewerworks.enforcement.tests.test_sweep import overdue_case

D = dt.date
pytestmark = pytest.mark.django_db


def fine() -> tuple:
    row = AbandonmentFine.objects.get()
    return row.amount, row.days, row.computed_through


def test_a_sweep_as_of_a_past_day_leaves_a_later_accrued_fine_as_it_stands(septic_house, staff) -> None:
    overdue_case(septic_house, staff)
    do_sweep(D(2026, 7, 20))
    later = fine()
    do_sweep(D(2026, 6, 20))
    assert fine() == later
    assert later[2] == D(2026, 7, 20)


def test_a_sweep_on_a_later_day_still_raises_the_fine(septic_house, staff) -> None:
    overdue_case(septic_house, staff)
    do_sweep(D(2026, 6, 20))
    earlier = fine()
    do_sweep(D(2026, 7, 20))
    assert fine()[0] > earlier[0] and fine()[2] == D(2026, 7, 20)
