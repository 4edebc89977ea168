"""Staff and a house lot: the mechanism's own tests use a subject of their own (``test_subjects``); the permits'
subject is tested in ``sewerworks/permits/tests/``."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from sewerworks.registry.tests import factories as f

D = dt.date


@pytest.fixture
def staff(make_user: Any) -> Any:
    class Staff:
        clerk = make_user("clerk")
        superintendent = make_user("superintendent")
        engineer = make_user("town engineer")
        inspector = make_user("inspector")
        water = make_user("water superintendent")
        board = make_user("board member")

    return Staff


@pytest.fixture
def lot(db: Any) -> Any:
    area = f.area()
    f.main(area)
    parcel = f.parcel(improvement_area=area, street_number="14", street_name="Western Ave")
    f.owned(parcel, name="RIVERA ANA")
    return parcel
