"""A property in the Hamlet of Marlborough with an unsewered house on a septic tank, and the staff."""

from __future__ import annotations

from typing import Any

import pytest

from sewerworks.registry.models import PrivateSystem
from sewerworks.registry.tests import factories as f


@pytest.fixture
def septic_house(db: Any) -> Any:
    area = f.area()
    f.main(area)
    parcel = f.parcel(improvement_area=area, street_number="7", street_name="Dubois Rd")
    f.owned(parcel, name="DOE JANE")
    building = f.building(parcel, connected_on=None, name="Doe house", dwelling_units=1)
    PrivateSystem.objects.create(parcel=parcel, building=building, kind="septic_tank")
    return building


@pytest.fixture
def staff(make_user: Any) -> Any:
    class Staff:
        clerk = make_user("clerk")
        inspector = make_user("inspector")
        superintendent = make_user("superintendent")
        board = make_user("board member")
        building_inspector = make_user("building inspector")

    return Staff
