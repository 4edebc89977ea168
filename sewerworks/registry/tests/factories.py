"""Small, explicit registry records for tests (coordinates in EPSG:2260 feet near the hamlets)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from sewerworks.registry.models import (
    AssessedValue,
    Building,
    Connection,
    ImprovementArea,
    Owner,
    Ownership,
    Parcel,
    SewerAccount,
    SewerMain,
    WaterMeter,
)

# A square improvement area 4,000 ft on a side around (640000, 1010000).
X0, Y0 = 640000.0, 1010000.0


def square(x: float, y: float, side: float) -> str:
    return f"POLYGON (({x} {y}, {x + side} {y}, {x + side} {y + side}, {x} {y + side}, {x} {y}))"


def area(code: str = "marlborough", name: str = "Hamlet of Marlborough") -> ImprovementArea:
    return ImprovementArea.objects.create(code=code, name=name, boundary=square(X0, Y0, 4000))


def parcel(
    tax_map_number: str = "108.12-3-45",
    *,
    street_number: str = "12",
    street_name: str = "Main St",
    improvement_area: ImprovementArea | None = None,
    dx: float = 100,
    dy: float = 100,
    **kw: Any,
) -> Parcel:
    return Parcel.objects.create(
        tax_map_number=tax_map_number,
        street_number=street_number,
        street_name=street_name,
        improvement_area=improvement_area,
        polygon=square(X0 + dx, Y0 + dy, 100),
        discharge_point=f"POINT ({X0 + dx + 50} {Y0 + dy})",
        **kw,
    )


def owned(p: Parcel, name: str = "SMITH JOHN", start: dt.date = dt.date(2010, 5, 1)) -> Owner:
    owner = Owner.objects.create(name=name, mailing_address="12 Main St", city="Marlborough", postal_code="12542")
    Ownership.objects.create(parcel=p, owner=owner, start=start)
    AssessedValue.objects.create(parcel=p, roll_year=2026, value=Decimal("245000.00"))
    return owner


def building(
    p: Parcel, *, use: str = "residential", connected_on: dt.date | None = dt.date(2001, 6, 1), **kw: Any
) -> Building:
    b = Building.objects.create(parcel=p, use=use, **kw)
    Connection.objects.create(
        building=b,
        status="connected" if connected_on else "unsewered",
        connected_on=connected_on,
    )
    return b


def account_with_meter(p: Parcel, number: str = "MAR-000123", serial: str = "WM12345678") -> WaterMeter:
    acct = SewerAccount.objects.create(account_number=number, parcel=p)
    return WaterMeter.objects.create(serial=serial, account=acct, dials=6, installed_on=dt.date(2015, 3, 1))


def main(a: ImprovementArea, identifier: str = "M-1", y: float = Y0 + 90) -> SewerMain:
    return SewerMain.objects.create(
        identifier=identifier, improvement_area=a, diameter_in=8, path=f"LINESTRING ({X0} {y}, {X0 + 4000} {y})"
    )
