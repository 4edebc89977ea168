"""The bulk generator (``sewerworks demo --accounts M``): M accounts inside the improvement areas with
meters and reads for the autumn 2026 period, every special case of the bill run present, one parcel in nine
just outside a boundary with a discharge point, and every duty the records imply tracked."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.management import call_command
from shapely import wkt

from sewerworks.billing.engine.run import run_drafts
from sewerworks.billing.models import Bill, BillingPeriod, StrengthRecord
from sewerworks.enforcement.duties import untracked_duties
from sewerworks.enforcement.models import Deadline
from sewerworks.registry.models import ImprovementArea, Parcel, SewerAccount, WaterMeter

pytestmark = pytest.mark.django_db(transaction=True)

ACCOUNTS = 2000


def test_bulk_accounts_in_the_areas_parcels_just_outside_every_special_case_and_every_duty_tracked() -> None:
    call_command("demo", "--parcels", "300", "--accounts", str(ACCOUNTS), verbosity=0)
    accounts = SewerAccount.objects.filter(account_number__startswith="BLK-")
    assert accounts.count() == ACCOUNTS
    assert not accounts.filter(parcel__improvement_area__isnull=True).exists()
    areas = {a.pk: wkt.loads(a.boundary) for a in ImprovementArea.objects.all()}
    for parcel in Parcel.objects.filter(accounts__in=accounts)[:: ACCOUNTS // 50]:
        assert areas[parcel.improvement_area_id].contains(wkt.loads(parcel.polygon))
    outside = Parcel.objects.filter(tax_map_number__gte="300", improvement_area__isnull=True)
    assert outside.count() * 10 >= outside.count() + ACCOUNTS
    for parcel in outside[:: max(1, outside.count() // 50)]:
        lot, point = wkt.loads(parcel.polygon), wkt.loads(parcel.discharge_point)
        assert all(not area.intersects(lot) for area in areas.values())
        assert min(area.exterior.distance(point) for area in areas.values()) <= 600

    assert untracked_duties() == []
    own_wells = SewerAccount.objects.filter(account_number__startswith="BLK-", in_water_district=False)
    assert Deadline.objects.filter(kind="install_meter", subject_id__in=own_wells.values("pk")).count() == (
        own_wells.count()
    )
    assert WaterMeter.objects.filter(serial__startswith="BW", purpose="vehicle_wash").exists()
    assert StrengthRecord.objects.filter(account__account_number__startswith="BLK-").exists()
    autumn = BillingPeriod.objects.get(end=dt.date(2026, 10, 31), area__isnull=True)
    from django.contrib.auth.models import User

    result = run_drafts(autumn, acting_user=User.objects.get(username="clerk"))
    bulk_bills = Bill.objects.filter(period=autumn, account__account_number__startswith="BLK-")
    assert bulk_bills.count() == ACCOUNTS
    for flag in ("estimate", "defective", "rollover", "surcharge", "wash"):
        assert result.flags.get(flag), flag
    assert bulk_bills.filter(reads_unit="ft3").exists()
    assert not bulk_bills.filter(basis="held").exists()
