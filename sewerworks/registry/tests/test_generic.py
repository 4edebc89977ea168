"""Every registry record gets the baseline tests by declaring itself (``core/testing/generic.py``): who
may read it, who may keep it, that its history says who changed it, and that bad input is refused by
name, never a 500."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import models

from sewerworks.core.testing.generic import GenericApiTests, GenericViewTests
from sewerworks.registry.models import Building, ImprovementArea, Owner, Parcel, SewerAccount, SewerMain, WaterMeter
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db


def _parcel() -> Parcel:
    return f.parcel(improvement_area=f.area())


class TestParcelApi(GenericApiTests):
    model = Parcel
    api_path = "/api/parcels"
    invalid_field = "land_use_class"

    def make(self) -> models.Model:
        return _parcel()

    def valid_payload(self) -> dict[str, Any]:
        return {"tax_map_number": "108.12-3-99", "street_number": "7", "street_name": "King St"}

    def invalid_payload(self) -> dict[str, Any]:
        return {"tax_map_number": "108.12-3-98", "land_use_class": "two-ten"}

    def patch_payload(self) -> dict[str, Any]:
        return {"street_number": "14"}


class TestParcelScreens(GenericViewTests):
    model = Parcel
    list_url = "/registry/"
    detail_url = "/registry/parcels/{pk}/"
    history_url = "/registry/parcels/{pk}/history/"
    edit_url = "/registry/parcels/{pk}/edit/"

    def make(self) -> models.Model:
        return _parcel()

    def valid_form(self, obj: Any) -> dict[str, Any]:
        return {
            "tax_map_number": obj.tax_map_number,
            "street_number": "14",
            "street_name": obj.street_name,
            "improvement_area": obj.improvement_area_id or "",
            "land_use_class": "210",
            "polygon": obj.polygon,
            "discharge_point": obj.discharge_point,
        }

    def invalid_form(self, obj: Any) -> dict[str, Any]:
        return {**self.valid_form(obj), "polygon": "POLYGON ((not a shape))"}


class TestOwnerApi(GenericApiTests):
    model = Owner
    api_path = "/api/owners"
    invalid_field = "name"

    def make(self) -> models.Model:
        return f.owned(_parcel())

    def valid_payload(self) -> dict[str, Any]:
        return {"name": "DOE JANE", "city": "Milton"}

    def invalid_payload(self) -> dict[str, Any]:
        return {"name": "", "city": "Milton"}

    def patch_payload(self) -> dict[str, Any]:
        return {"city": "Marlborough"}


class TestBuildingApi(GenericApiTests):
    model = Building
    api_path = "/api/buildings"
    invalid_field = "use"

    def make(self) -> models.Model:
        return f.building(_parcel())

    def valid_payload(self) -> dict[str, Any]:
        return {"parcel_id": _parcel_for_payload().pk, "use": "food_service", "seats": 40}

    def invalid_payload(self) -> dict[str, Any]:
        return {"parcel_id": _parcel_for_payload().pk, "use": "castle"}

    def patch_payload(self) -> dict[str, Any]:
        return {"seats": 60}


class TestSewerAccountApi(GenericApiTests):
    model = SewerAccount
    api_path = "/api/sewer-accounts"
    invalid_field = "user_class"

    def make(self) -> models.Model:
        return f.account_with_meter(_parcel()).account

    def valid_payload(self) -> dict[str, Any]:
        return {"account_number": "MAR-000300", "parcel_id": _parcel_for_payload().pk}

    def invalid_payload(self) -> dict[str, Any]:
        return {"account_number": "MAR-000301", "parcel_id": _parcel_for_payload().pk, "user_class": "royal"}

    def patch_payload(self) -> dict[str, Any]:
        return {"user_class": "commercial"}


class TestWaterMeterApi(GenericApiTests):
    model = WaterMeter
    api_path = "/api/water-meters"
    keeper_role = "water superintendent"
    invalid_field = "dials"

    def make(self) -> models.Model:
        return f.account_with_meter(_parcel())

    def valid_payload(self) -> dict[str, Any]:
        account = SewerAccount.objects.create(account_number="MAR-000400", parcel=_parcel_for_payload())
        return {"serial": "WM0000400", "account_id": account.pk, "dials": 4}

    def invalid_payload(self) -> dict[str, Any]:
        account = SewerAccount.objects.create(account_number="MAR-000401", parcel=_parcel_for_payload())
        return {"serial": "WM0000401", "account_id": account.pk, "dials": 40}

    def patch_payload(self) -> dict[str, Any]:
        return {"size_in": "1.000"}


class TestImprovementAreaApi(GenericApiTests):
    model = ImprovementArea
    api_path = "/api/improvement-areas"
    read_only = True

    def make(self) -> models.Model:
        return f.area()


class TestSewerMainApi(GenericApiTests):
    model = SewerMain
    api_path = "/api/sewer-mains"
    read_only = True

    def make(self) -> models.Model:
        return f.main(f.area())


def _parcel_for_payload() -> Parcel:
    """A parcel of its own for a payload to point at (beside the one ``make`` draws)."""
    n = Parcel.objects.count()
    return f.parcel(f"108.20-1-{n + 1}", street_number=str(100 + n), dx=500 + 200 * n)
