"""The parameters in force are read with one query a call and merged again only when the recorded values
change (issue 19's load: a dashboard asked for them 23 times, re-checking every recorded value each time);
a value changed behind the actions' back (an SQL fix, no history row) is seen on the very next call."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.core.models import ParameterOverride
from sewerworks.core.parameters import current_parameters
from sewerworks.core.resolutions.actions import ProposedValue, do_record_resolution

KEY = "connection.abandonment_fine.first_period_rate"
EFFECTIVE = dt.date(2027, 4, 1)


@pytest.fixture
def recorded(make_user: Any) -> None:
    do_record_resolution(
        instrument="Resolution 2027-14",
        adopted_on=dt.date(2027, 3, 10),
        effective_on=EFFECTIVE,
        title="Fines",
        values=[ProposedValue(KEY, "12.00")],
        acting_user=make_user("clerk"),
    )


@pytest.mark.django_db
def test_the_parameters_in_force_cost_one_query_and_the_same_values_give_the_same_set(
    recorded: None, django_assert_num_queries: Any
) -> None:
    first = current_parameters()
    with django_assert_num_queries(1):
        again = current_parameters()
    assert again is first  # merged once, not re-checked on every call
    assert again.at(EFFECTIVE)[KEY] == Decimal("12.00")
    assert again.at(EFFECTIVE - dt.timedelta(days=1))[KEY] == Decimal("10.00")


@pytest.mark.django_db
def test_a_value_changed_by_hand_in_the_database_applies_on_the_next_call(recorded: None) -> None:
    assert current_parameters().at(EFFECTIVE)[KEY] == Decimal("12.00")
    ParameterOverride.objects.filter(key=KEY).update(value="13.50")  # no history, no signal: SQL
    assert current_parameters().at(EFFECTIVE)[KEY] == Decimal("13.50")
    ParameterOverride.objects.filter(key=KEY).update(effective=EFFECTIVE + dt.timedelta(days=1))
    assert current_parameters().at(EFFECTIVE)[KEY] == Decimal("10.00")
    ParameterOverride.objects.all().delete()
    assert current_parameters().at(EFFECTIVE)[KEY] == Decimal("10.00")
