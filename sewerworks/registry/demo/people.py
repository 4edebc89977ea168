"""Owners and assessments of the demo district, as the assessor's roll would show them.

Owners are named assessor-style ("SMITH JOHN", "HUDSON VALLEY FOODS LLC"); some own several parcels;
some live elsewhere and get their mail there. Each parcel has a current owner since a fixed date and
sometimes the one before; and an assessed value on each of two roll years (the base of the §118-51
capital charge, I-28), in whole dollars as Decimal.
"""

from __future__ import annotations

import random
import string
from collections.abc import Sequence
from datetime import date
from decimal import Decimal

from sewerworks.registry.demo.names import (
    COMPANY_KINDS,
    COMPANY_WORDS,
    GIVEN_NAMES,
    MAIL_TOWNS,
    ROLL_YEARS,
    SURNAMES,
)
from sewerworks.registry.demo.uses import Site
from sewerworks.registry.models import AssessedValue, Owner, Ownership, Parcel
from sewerworks.registry.models.parcels import normalise_search

VALUE_RANGE = {
    "210": (160_000, 480_000),
    "220": (200_000, 450_000),
    "230": (230_000, 500_000),
    "270": (40_000, 120_000),
    "280": (350_000, 900_000),
    "411": (900_000, 3_500_000),
    "311": (25_000, 90_000),
    "330": (50_000, 220_000),
    "484": (250_000, 800_000),
    "464": (300_000, 900_000),
    "620": (400_000, 1_500_000),
    "421": (300_000, 1_200_000),
    "432": (600_000, 1_100_000),
    "710": (1_200_000, 6_000_000),
}
CENTS = Decimal("0.01")
OUT_OF_TOWN_STREETS = ("Broadway", "Main St", "Park Ave", "Liberty St", "Water St", "Union Ave", "Route 32")


def person_name(rng: random.Random) -> str:
    surname, given, r = rng.choice(SURNAMES), rng.choice(GIVEN_NAMES), rng.random()
    if r < 0.25:
        return f"{surname} {given} {rng.choice(string.ascii_uppercase)}"
    if r < 0.45:
        return f"{surname} {given} & {rng.choice(GIVEN_NAMES)}"
    return f"{surname} {given}"


def company_name(rng: random.Random) -> str:
    return f"{rng.choice(COMPANY_WORDS)} {rng.choice(COMPANY_KINDS)}"


def new_owner(rng: random.Random, name: str, site: Site | None) -> Owner:
    """An owner with a mailing address: the parcel itself for most residents, elsewhere for the rest."""
    company = not name[0].isalpha() or name.endswith(("LLC", "INC", "CORP", "LP", "TRUST"))
    if site is not None and not company and rng.random() < 0.75:
        h = site.plan.hamlet
        address, city, state, postal = f"{site.lot.number} {site.lot.street}", h.city, "NY", h.zip_code
    elif company:
        city, state, postal = rng.choice(MAIL_TOWNS[:5])
        address = f"PO Box {rng.randint(10, 1999)}"
    else:
        city, state, postal = rng.choice(MAIL_TOWNS)
        address = f"{rng.randint(1, 999)} {rng.choice(OUT_OF_TOWN_STREETS)}"
    return Owner(
        name=name,
        name_search=normalise_search(name),
        mailing_address=address,
        city=city,
        state=state,
        postal_code=postal,
    )


def _day(rng: random.Random, first: int, last: int) -> date:
    return date(rng.randint(first, last), rng.randint(1, 12), rng.randint(1, 28))


def owners_for(
    rng: random.Random, sites: Sequence[Site], parcels: Sequence[Parcel]
) -> tuple[list[Owner], list[Ownership]]:
    """Current (and some earlier) owners of every parcel; about one owner in eight holds several."""
    owners: list[Owner] = []
    ownerships: list[Ownership] = []
    residents: list[Owner] = []
    listed: set[int] = set()
    for site, parcel in zip(sites, parcels, strict=True):
        if site.owner_name:
            owner = new_owner(rng, site.owner_name, None)
        elif site.use == "food_service":
            owner = new_owner(rng, f"{normalise_search(site.building_name).upper()} LLC", None)
        elif residents and rng.random() < 0.12:
            owner = rng.choice(residents)
        else:
            owner = new_owner(rng, company_name(rng) if rng.random() < 0.08 else person_name(rng), site)
            residents.append(owner)
        if id(owner) not in listed:
            listed.add(id(owner))
            owners.append(owner)
        start = _day(rng, 1968, 2025)
        if rng.random() < 0.25:
            earlier = new_owner(rng, person_name(rng), site)
            owners.append(earlier)
            ownerships.append(Ownership(parcel=parcel, owner=earlier, start=_day(rng, 1940, start.year - 1), end=start))
        ownerships.append(Ownership(parcel=parcel, owner=owner, start=start, end=None))
    return owners, ownerships


EXEMPTION_EVERY = 9  # one parcel in nine has an exemption (a veteran's, say): 15% off its taxable value
EXEMPTION = Decimal("0.85")
NO_TAXABLE_VALUE = 50  # the 51st parcel's latest roll row came with no taxable value (the clerk must resolve it)


def _taxable(index: int, value: Decimal) -> Decimal:
    """The taxable value for town and county purposes (I-122): the total, less an exemption on some parcels."""
    return (value * EXEMPTION).quantize(Decimal(1)).quantize(CENTS) if index % EXEMPTION_EVERY == 4 else value


def assessments_for(rng: random.Random, sites: Sequence[Site], parcels: Sequence[Parcel]) -> list[AssessedValue]:
    """An assessed value per parcel for each roll year, the later roll a little higher, each with its taxable
    value (I-122). Chosen by position, not by the random stream, so the rest of the demo is drawn as before."""
    rows = []
    first, second = ROLL_YEARS
    for index, (site, parcel) in enumerate(zip(sites, parcels, strict=True)):
        lo, hi = VALUE_RANGE.get(site.land_use, (150_000, 400_000))
        whole = rng.randint(lo // 100, hi // 100) * 100
        value = Decimal(whole).quantize(CENTS)
        later = Decimal(int(round(whole * rng.uniform(1.0, 1.06), -2))).quantize(CENTS)
        rows.append(AssessedValue(parcel=parcel, roll_year=first, value=value, taxable_value=_taxable(index, value)))
        taxable = None if index == NO_TAXABLE_VALUE else _taxable(index, later)
        rows.append(AssessedValue(parcel=parcel, roll_year=second, value=later, taxable_value=taxable))
    return rows
