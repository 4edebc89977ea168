"""The demo's accounts whose autumn 2026 reads arrive in the Water District's file: the sample file
``docs/samples/meter-reads-sample.csv`` (its layout: ``docs/billing-reads-import.md``).

Three accounts on the first three residential parcels of the district, read every six months with the
others (the demo's read days, I-58), one in cubic feet (a cottage using under 5,000 gallons a half-year: the
$10 minimum bill, §118-52); the third's meter was changed on 2026-07-15
(``do_replace_meter``: its final read, the new meter's initial read). Their autumn 2026 reads are not
in the database: until the clerk imports the sample file, their draft bills are held (no read in the
window, I-60, I-61); after it, the rerun bills them, the third on final - previous + current - initial.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sewerworks.registry.choices import BuildingUse, MeterUnit, ReadSource
from sewerworks.registry.meters import do_replace_meter
from sewerworks.registry.models import MeterRead, Parcel, SewerAccount, WaterMeter

D = dt.date
READ_ON = (D(2024, 11, 1), D(2025, 5, 1), D(2025, 11, 1), D(2026, 5, 1))  # the demo's read days before autumn
SAMPLE = (  # account, meter, unit, its reads on READ_ON
    ("SMP-000001", "MWD-S0001", MeterUnit.GALLONS, (40_000, 52_000, 63_500, 75_000)),
    ("SMP-000002", "MWD-S0002", MeterUnit.CUBIC_FEET, (3_000, 3_300, 3_650, 3_950)),  # a cottage: the $10 minimum
    ("SMP-000003", "MWD-S0003", MeterUnit.GALLONS, (810_000, 822_000, 834_500, 846_000)),
)
CHANGED_ON, FINAL, NEW_SERIAL = D(2026, 7, 15), 852_100, "MWD-S0004"  # the third meter's change


def add_sample_accounts(clerk: Any, run: str) -> list[SewerAccount]:
    """The sample file's three accounts, their meters and reads, and the meter change; none if the district
    has fewer than three residential parcels in an area (or the accounts exist)."""
    if SewerAccount.objects.filter(account_number=SAMPLE[0][0]).exists():
        return []
    parcels = list(
        Parcel.objects.filter(improvement_area__isnull=False, buildings__use=BuildingUse.RESIDENTIAL)
        .order_by("tax_map_number")
        .distinct()[: len(SAMPLE)]
    )
    if len(parcels) < len(SAMPLE):
        return []
    accounts = []
    for parcel, (number, serial, unit, readings) in zip(parcels, SAMPLE, strict=True):
        account = SewerAccount.objects.create(account_number=number, parcel=parcel, opened_on=D(2024, 10, 1))
        meter = WaterMeter.objects.create(
            serial=serial,
            account=account,
            unit=unit,
            dials=6,
            installed_on=D(2024, 10, 1),
            certified_on=D(2024, 10, 2),
            certified_by="Water Superintendent",
        )
        MeterRead.objects.bulk_create(
            MeterRead(meter=meter, read_on=on, reading=r, source=ReadSource.WATER_DISTRICT, run=run)
            for on, r in zip(READ_ON, readings, strict=True)
        )
        accounts.append(account)
    changed = WaterMeter.objects.get(serial=SAMPLE[-1][1])
    do_replace_meter(
        changed,
        new_serial=NEW_SERIAL,
        replaced_on=CHANGED_ON,
        final_reading=FINAL,
        initial_reading=0,
        source=ReadSource.WATER_DISTRICT,
        acting_user=clerk,
        reason="Demo: the Water District changed a slow meter",
    )
    return accounts
