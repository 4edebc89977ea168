"""An improvement area 4,000 ft square and parcels placed west of it at chosen gaps, with discharge points
at chosen distances from its boundary (EPSG:2260 feet)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from sewerworks.registry.models import ImprovementArea, Parcel
from sewerworks.registry.tests import factories as f

AS_OF = dt.date(2026, 5, 1)
IMMEDIATE = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}


def west_lot(gap: float, y: float = 100.0, side: float = 100.0) -> str:
    """A square lot west of the area whose east side is ``gap`` ft from the boundary line x = X0."""
    x1 = f.X0 - gap
    return f.square(x1 - side, f.Y0 + y, side)


def point_west(distance: float, y: float = 150.0) -> str:
    return f"POINT ({f.X0 - distance} {f.Y0 + y})"


@pytest.fixture
def area(db: Any) -> ImprovementArea:
    return f.area()


@pytest.fixture
def lot(area: ImprovementArea) -> Any:
    """lot("9-1-1", gap=0.8, discharge=200) -> a parcel outside the area (discharge None: none recorded)."""
    counter = {"n": 0}

    def _lot(tax_map: str = "", *, gap: float, discharge: float | None = None, **kw: Any) -> Parcel:
        counter["n"] += 1
        n = counter["n"]
        return Parcel.objects.create(
            tax_map_number=tax_map or f"109.1-1-{n}",
            street_number=str(n),
            street_name="Bingham Rd",
            polygon=west_lot(gap, y=200.0 * n),
            discharge_point="" if discharge is None else point_west(discharge, y=200.0 * n + 50),
            **kw,
        )

    return _lot
