"""Staff and a house lot: the mechanism's own tests use a subject of their own (``test_subjects``); the permits'
subject is tested in ``sewerworks/permits/tests/``."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from sewerworks.core.testing.people import staff
from sewerworks.registry.tests import factories as f

__all__ = ["D", "staff"]

D = dt.date


@pytest.fixture
def lot(db: Any) -> Any:
    area = f.area()
    f.main(area)
    parcel = f.parcel(improvement_area=area, street_number="14", street_name="Western Ave")
    f.owned(parcel, name="RIVERA ANA")
    return parcel
