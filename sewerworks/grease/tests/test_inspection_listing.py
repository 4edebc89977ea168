"""The grease program's interceptor inspections are listed beside the other inspections in the field, on the list
and for their parcel, to who may read the grease program (they stay in their own records)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from sewerworks.grease.actions import do_record_inspection
from sewerworks.grease.tests.conftest import at
from sewerworks.inspections.listing import listed

pytestmark = pytest.mark.django_db


def test_an_interceptor_inspection_is_listed_with_the_others(trap: Any, staff: Any, client_as: Any) -> None:
    do_record_inspection(
        interceptor=trap,
        inspected_at=at(2026, 3, 6, 10),
        grease_depth_in=Decimal(10),
        solids_depth_in=Decimal("27.9"),
        adequately_performing=True,
        acting_user=staff.inspector,
    )
    rows = listed(staff.clerk, parcel_id=trap.establishment.building.parcel_id)
    assert [(r.source, r.what, r.on.isoformat()) for r in rows] == [
        ("grease", "Grease interceptor (§118-38)", "2026-03-06")
    ]
    assert rows[0].url == f"/grease/establishments/{trap.establishment.pk}/"
    assert listed(staff.clerk, parcel_id=trap.establishment.building.parcel_id + 1) == []
    page = client_as("board member").get("/inspections/").content.decode()
    assert "Grease interceptor (§118-38)" in page and "Ship Lantern Grill" in page
