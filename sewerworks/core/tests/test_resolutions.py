"""A Board resolution recorded after installation overrides the packaged value from its effective date."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from sewerworks.core.models import BoardResolution, ParameterOverride
from sewerworks.core.parameters import current_parameters
from sewerworks.ordinance.parameters import ParameterError

KEY = "connection.abandonment_fine.first_period_rate"


@pytest.mark.django_db
def test_a_recorded_resolution_applies_from_its_effective_date_only() -> None:
    before = current_parameters().at(dt.date(2027, 3, 31))[KEY]
    resolution = BoardResolution.objects.create(
        instrument="Resolution 2027-14", adopted_on=dt.date(2027, 3, 10), title="Fines schedule"
    )
    ParameterOverride.objects.create(
        resolution=resolution, key=KEY, effective=dt.date(2027, 4, 1), value="12.00", section="118-5"
    )
    params = current_parameters()
    assert params.at(dt.date(2027, 3, 31))[KEY] == before
    assert params.at(dt.date(2027, 4, 1))[KEY] == Decimal("12.00")


@pytest.mark.django_db
def test_a_recorded_float_money_value_is_refused_naming_the_key() -> None:
    resolution = BoardResolution.objects.create(
        instrument="Resolution 2027-15", adopted_on=dt.date(2027, 3, 10), title="Bad entry"
    )
    ParameterOverride.objects.create(resolution=resolution, key=KEY, effective=dt.date(2027, 4, 1), value=12.5)
    with pytest.raises(ParameterError, match=KEY):
        current_parameters()
