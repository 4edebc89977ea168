"""A restaurant in the Hamlet of Marlborough with an exterior interceptor, a licensed hauler, and the staff."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.core.testing.people import NY, at, staff
from sewerworks.registry.tests import factories as f

__all__ = ["NY", "at", "staff"]


@pytest.fixture
def restaurant_building(db: Any) -> Any:
    area = f.area()
    parcel = f.parcel(improvement_area=area, street_number="12", street_name="King St")
    f.owned(parcel, name="LANTERN HOLDINGS LLC")
    return f.building(
        parcel, use="food_service", name="Ship Lantern Grill", seats=151,
        established_on=dt.date(2005, 3, 1), connected_on=dt.date(2005, 4, 1),
    )  # fmt: skip


@pytest.fixture
def establishment(restaurant_building: Any, staff: Any) -> Any:
    from sewerworks.grease.actions import do_register_establishment

    return do_register_establishment(building=restaurant_building, acting_user=staff.clerk)


@pytest.fixture
def trap(establishment: Any, staff: Any) -> Any:
    """A 2,000-gallon exterior interceptor with a 48-inch working depth, installed 2005-03-01."""
    from sewerworks.grease.actions import do_record_interceptor

    return do_record_interceptor(
        establishment=establishment, kind="exterior", installed_on=dt.date(2005, 3, 1),
        rated_gallons=Decimal(2000), working_depth_in=Decimal(48), location="Behind the kitchen, east lot",
        acting_user=staff.building_inspector,
    )  # fmt: skip


@pytest.fixture
def hauler(staff: Any) -> Any:
    from sewerworks.grease.actions import do_add_hauler

    return do_add_hauler(
        name="Hudson Valley Septic", license_number="3A-118", license_expires_on=dt.date(2027, 6, 30),
        acting_user=staff.clerk,
    )  # fmt: skip


@pytest.fixture
def receipt_pdf() -> Any:
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("receipt.pdf", b"%PDF-1.4\n% hauler receipt\n", content_type="application/pdf")
