"""A small district for billing: the Hamlet of Marlborough, staff, and accounts built meter by meter."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from sewerworks.registry.models import MeterRead, SewerAccount, WaterMeter
from sewerworks.registry.tests import factories as f

START_READ_ON = dt.date(2026, 3, 31)  # the spring 2026 read: the autumn period's start
END_READ_ON = dt.date(2026, 9, 30)  # in the autumn 2026 read window (09-15 .. 10-15)


@pytest.fixture
def staff(make_user: Any) -> Any:
    class Staff:
        clerk = make_user("clerk")
        superintendent = make_user("superintendent")
        inspector = make_user("inspector")
        board = make_user("board member")

    return Staff


@pytest.fixture
def area(db: Any) -> Any:
    return f.area()


@pytest.fixture
def make_account(area: Any) -> Callable[..., SewerAccount]:
    """make_account(meters=[(start, end), ...]) -> an account whose meters read ``start`` on 2026-03-31
    and ``end`` on 2026-09-30; a meter is (start, end) or a dict with unit/dials/purpose/defective_since."""
    counter = {"n": 0}

    def _make(
        *,
        meters: list[Any] = (),
        user_class: str = "residential",
        metered: bool = True,
        in_water_district: bool = True,
        contract_user: bool = False,
        in_area: bool = True,
    ) -> SewerAccount:
        counter["n"] += 1
        n = counter["n"]
        parcel = f.parcel(
            f"108.{n}-1-1",
            street_number=str(n),
            improvement_area=area if in_area else None,
            dx=100 + 120 * (n % 30),
            dy=100 + 120 * (n // 30),
        )
        account = SewerAccount.objects.create(
            account_number=f"MAR-{n:06d}",
            parcel=parcel,
            user_class=user_class,
            metered=metered,
            in_water_district=in_water_district,
            contract_user=contract_user,
        )
        for i, spec in enumerate(meters):
            spec = spec if isinstance(spec, dict) else {"start": spec[0], "end": spec[1]}
            meter = WaterMeter.objects.create(
                serial=f"WM{n:06d}{i}",
                account=account,
                dials=spec.get("dials", 6),
                unit=spec.get("unit", "gal"),
                purpose=spec.get("purpose", "sewer_use"),
                defective_since=spec.get("defective_since"),
                installed_on=dt.date(2015, 3, 1),
            )
            for on, reading in ((START_READ_ON, spec["start"]), (END_READ_ON, spec["end"])):
                if reading is not None:
                    MeterRead.objects.create(meter=meter, read_on=on, reading=reading)
        return account

    return _make


@pytest.fixture
def autumn(staff: Any) -> Any:
    """The autumn 2026 period (2026-04-01 – 2026-09-30), for every account."""
    from sewerworks.billing.actions import do_open_period

    return do_open_period(dt.date(2026, 9, 30), acting_user=staff.clerk)


@pytest.fixture(scope="module")
def demo_said(django_db_setup: Any, django_db_blocker: Any) -> Iterator[list[str]]:
    """The registry's and billing's demo built once for the requesting file's tests (each reads it in a
    transaction rolled back after it), and what the builds said."""
    from django.db import transaction

    from sewerworks.billing.demo import district as billing_demo
    from sewerworks.registry import demo as registry_demo

    said: list[str] = []
    with django_db_blocker.unblock(), transaction.atomic():
        registry_demo.build(seed=118, parcels=300, write=said.append)
        billing_demo.build(seed=118, parcels=300, write=said.append)
        yield said
        transaction.set_rollback(True)
