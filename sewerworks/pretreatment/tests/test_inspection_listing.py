"""The pretreatment program's entries for inspection (§118-45) are listed beside the other inspections in the
field, to who may read the pretreatment program (they stay in their own records)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from sewerworks.inspections.listing import listed
from sewerworks.pretreatment.actions import do_record_visit

pytestmark = pytest.mark.django_db


def test_an_entry_for_inspection_is_listed_with_the_others(shop: Any, staff: Any) -> None:
    do_record_visit(
        user=shop,
        visited_on=dt.date(2026, 3, 4),
        visitor="R. Alvarez",
        agency="nysdec",
        credentials="DEC badge 4471",
        reason="Annual inspection",
        checklist={"corrosive": "seen"},
        acting_user=staff.inspector,
    )
    (row,) = listed(staff.clerk, parcel_id=shop.building.parcel_id)
    assert (row.source, row.what, row.on, row.result) == (
        "pretreatment",
        "Entry for inspection (§118-45)",
        dt.date(2026, 3, 4),
        "1 prohibition(s) seen",
    )
    assert row.url == f"/pretreatment/users/{shop.pk}/" and "R. Alvarez" in row.by
