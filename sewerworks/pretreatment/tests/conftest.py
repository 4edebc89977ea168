"""A machining shop in the Hamlet of Marlborough with a control manhole, and the staff."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.core.testing.people import NY, at, staff
from sewerworks.registry.tests import factories as f

__all__ = ["NY", "at", "staff"]


@pytest.fixture
def shop_building(db: Any) -> Any:
    parcel = f.parcel("108.12-3-60", street_number="40", street_name="Western Ave", improvement_area=f.area())
    f.owned(parcel, name="HUDSON PRECISION LLC")
    return f.building(parcel, use="industrial", name="Hudson Precision Machining")


@pytest.fixture
def shop(shop_building: Any, staff: Any) -> Any:
    from sewerworks.pretreatment.actions import do_register_industrial_user

    return do_register_industrial_user(building=shop_building, activity="Machining and plating of brass parts",
                                       average_daily_flow=Decimal(6000), acting_user=staff.engineer)  # fmt: skip


@pytest.fixture
def manhole(shop: Any, staff: Any) -> Any:
    from sewerworks.pretreatment.actions import do_add_sampling_point

    return do_add_sampling_point(user=shop, code="CM-1", kind="control_manhole", location="Rear lot, by the gate",
                                 required_on=dt.date(2020, 4, 1), acting_user=staff.engineer)  # fmt: skip


def composite(point: Any, day: dt.date, parameter: str, value: str, unit: str = "mg/L", *, sample_id: str = "",
              qualifier: str = "", detection_limit: str | None = None) -> Any:  # fmt: skip
    """A 24-hour composite ending at 8 a.m. on ``day``, one result."""
    from sewerworks.pretreatment.actions import LabRow

    start = at(day.year, day.month, day.day, 8) - dt.timedelta(days=1)
    return LabRow(
        sample_id=sample_id or f"S-{day.isoformat()}-{parameter}", point=point, started_at=start,
        ended_at=at(day.year, day.month, day.day, 8), kind="composite", parameter=parameter, value=Decimal(value),
        qualifier=qualifier, detection_limit=Decimal(detection_limit) if detection_limit else None, unit=unit,
        method="EPA 200.7", lab="Hudson Valley Labs",
    )  # fmt: skip


def grab(point: Any, moment: dt.datetime, parameter: str, value: str, unit: str = "mg/L", sample_id: str = "") -> Any:
    from sewerworks.pretreatment.actions import LabRow

    return LabRow(
        sample_id=sample_id or f"G-{moment.isoformat()}-{parameter}", point=point, started_at=moment,
        ended_at=moment, kind="grab", parameter=parameter, value=Decimal(value), qualifier="", detection_limit=None,
        unit=unit, method="SM 4500-H+ B", lab="Hudson Valley Labs",
    )  # fmt: skip
