"""Sewer accounts, water meters and two years of semiannual reads for the demo district.

One account per connected parcel ("MAR-000123", "MIL-000045"), its class from the building's use. A few
users are outside the Marlborough Water District and unmetered (estimated, I-27), one commercial user has
no meter yet. Meters are certified by the Water Superintendent before connection (§118-25); some read in
cubic feet; their dials are sized to the usage. Reads come from the water district every six months, the
initial read and four more; one meter rolls over past 10^dials, one goes defective (its register stops:
billed on the average of its last two good bills, I-26).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import date, timedelta
from decimal import Decimal

from sewerworks.registry.choices import BuildingUse, MeterUnit, ReadSource, UserClass
from sewerworks.registry.demo.names import WATER_SUPERINTENDENT
from sewerworks.registry.demo.uses import Site
from sewerworks.registry.models import MeterRead, Parcel, SewerAccount, WaterMeter

READ_DAYS = (date(2024, 11, 1), date(2025, 5, 1), date(2025, 11, 1), date(2026, 5, 1), date(2026, 11, 1))
GALLONS_PER_FT3 = 7.48052
DEFECTIVE_SINCE = date(2026, 6, 20)


def typical_usage(rng: random.Random, site: Site) -> int:
    """Gallons of water a half-year, by what the building is."""
    if site.use == BuildingUse.RESIDENTIAL:
        return sum(rng.randint(10_000, 60_000) for _ in range(max(site.units, 1)))
    if site.use == BuildingUse.FOOD_SERVICE:
        return (site.seats or 40) * rng.randint(1_500, 2_600)
    if site.use == BuildingUse.INDUSTRIAL:
        return rng.randint(1_500_000, 5_000_000)
    if site.use == BuildingUse.CAR_WASH:
        return rng.randint(900_000, 1_400_000)
    return rng.randint(20_000, 200_000)


def meter_size(site: Site) -> Decimal:
    if site.use == BuildingUse.INDUSTRIAL:
        return Decimal("3.00")
    if site.use == BuildingUse.CAR_WASH:
        return Decimal("2.00")
    if site.use == BuildingUse.FOOD_SERVICE or site.units >= 8:
        return Decimal("1.50")
    if site.use != BuildingUse.RESIDENTIAL or site.units >= 4:
        return Decimal("1.00")
    return Decimal("0.75") if site.units >= 2 else Decimal("0.625")


def accounts_for(
    rng: random.Random, sites: Sequence[Site], parcels: Sequence[Parcel]
) -> list[tuple[SewerAccount, Site]]:
    """One account per connected parcel, numbered per area in parcel order."""
    numbers: dict[str, int] = {}
    out = []
    for site, parcel in zip(sites, parcels, strict=True):
        if not site.connected:
            continue
        prefix = site.plan.hamlet.account_prefix
        numbers[prefix] = numbers.get(prefix, 0) + 1
        account = SewerAccount(
            account_number=f"{prefix}-{numbers[prefix]:06d}",
            parcel=parcel,
            user_class=site.user_class,
            contract_user=site.contract,
            opened_on=site.connected_on,
        )
        out.append((account, site))
    ordinary = [(a, s) for a, s in out if not s.contract and not s.owner_name and s.use != BuildingUse.FOOD_SERVICE]
    residential = [(a, s) for a, s in ordinary if a.user_class == UserClass.RESIDENTIAL and s.units == 1]
    for account, _ in rng.sample(residential, 3):  # private wells: outside the water district, estimated
        account.in_water_district, account.metered = False, False
    commercial = [(a, s) for a, s in ordinary if a.user_class == UserClass.COMMERCIAL]
    commercial[0][0].metered = False  # must install a meter (I-27); estimated until it does
    return out


def _usages(rng: random.Random, typical: int, periods: int) -> list[int]:
    season = (1.1, 0.95)  # the period ending in November holds the summer
    return [int(typical * season[k % 2] * rng.uniform(0.85, 1.15)) for k in range(periods)]


def meters_for(
    rng: random.Random, accounts: Sequence[tuple[SewerAccount, Site]], run: str
) -> tuple[list[WaterMeter], list[MeterRead]]:
    """A certified meter for each metered account, with its reads; one rollover, one defective."""
    meters: list[WaterMeter] = []
    reads: list[MeterRead] = []
    serials: set[str] = set()
    rollover_done = defective_done = False
    for account, site in accounts:
        if not account.metered:
            continue
        serial = ""
        while not serial or serial in serials:
            serial = f"WM{rng.randint(10_000_000, 99_999_999)}"
        serials.add(serial)
        offset = timedelta(days=rng.randint(0, 18))  # the reader's route
        connected = site.connected_on or READ_DAYS[0]
        if connected < READ_DAYS[0] - timedelta(days=30):
            installed = connected + timedelta(days=rng.randint(0, (READ_DAYS[0] - timedelta(days=30) - connected).days))
            days = [d + offset for d in READ_DAYS]
        else:
            installed = connected
            days = [installed] + [d + offset for d in READ_DAYS if d > installed]
        single_home = site.use == BuildingUse.RESIDENTIAL and site.units == 1 and not site.contract
        rolls = single_home and not rollover_done and len(days) == 5
        broken = single_home and rollover_done and not defective_done and len(days) == 5
        usages = _usages(rng, rng.randint(16_000, 19_000) if rolls else typical_usage(rng, site), len(days) - 1)
        unit = MeterUnit.CUBIC_FEET if site.use == BuildingUse.INDUSTRIAL or rng.random() < 0.1 else MeterUnit.GALLONS
        if rolls:
            unit = MeterUnit.GALLONS
        per_unit = GALLONS_PER_FT3 if unit == MeterUnit.CUBIC_FEET else 1.0
        amounts = [round(u / per_unit) for u in usages]
        total = sum(amounts)
        fits = [d for d in (4, 5, 6, 7) if 10**d >= total * 1.25]
        dials = 5 if rolls else rng.choice(fits[:2]) if fits else 7
        start = (
            10**dials - (amounts[0] + amounts[1] + amounts[2] // 2)
            if rolls
            else rng.randint(0, max(0, 10**dials - total - 1))
        )
        register = [start]
        for amount in amounts:
            register.append((register[-1] + amount) % 10**dials)
        if broken:
            register[-1] = register[-2]  # the register stopped after the May 2026 read
        meter = WaterMeter(
            serial=serial,
            account=account,
            size_in=meter_size(site),
            dials=dials,
            unit=unit,
            installed_on=installed,
            certified_on=installed + timedelta(days=rng.randint(0, 14)),  # §118-25: installed, then certified
            certified_by=WATER_SUPERINTENDENT,
            defective_since=DEFECTIVE_SINCE if broken else None,
        )
        meters.append(meter)
        reads += [
            MeterRead(meter=meter, read_on=d, reading=r, source=ReadSource.WATER_DISTRICT, run=run)
            for d, r in zip(days, register, strict=True)
        ]
        rollover_done = rollover_done or rolls
        defective_done = defective_done or broken
    return meters, reads
