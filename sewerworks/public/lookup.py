"""Is a public sewer available to a property? The lookup anyone may use without signing in, by street address
(I-162): it answers with what the published assessment roll shows of a property (its tax map number, its street
address and its property class) and the availability finding (§118-5, I-46: the distance to the nearest main and
the limit), never an owner's name or mailing address, though the roll prints the name: the lookup is about the
property, and the owner's pages (behind a bill's code) are about the person.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sewerworks.public.owner_page import heading
from sewerworks.registry.availability import availability_for
from sewerworks.registry.models import Parcel
from sewerworks.registry.models.parcels import normalise_search

LIMIT = 10


@dataclass(frozen=True)
class Found:
    tax_map_number: str
    address: str
    property_class: str
    available: bool
    distance_ft: float | None
    limit_ft: object
    sentence: str
    section: str


def lookup(query: str, *, on: dt.date | None = None) -> list[Found]:
    """The properties whose street address starts with ``query`` ("12 Main", "main st"), at most ``LIMIT``;
    fewer than 3 characters find nothing (no listing of the whole roll)."""
    q = normalise_search(query or "")[:80]
    if len(q) < 3:
        return []
    found = Parcel.objects.filter(address_search__startswith=q)
    if not found.exists():
        found = Parcel.objects.filter(street_search__startswith=q)
    parcels = list(found.order_by("street_search", "tax_map_sort")[:LIMIT])
    judged = availability_for(parcels, on=on)
    return [
        Found(p.tax_map_number, p.address, p.land_use_class_name or p.land_use_class, a.available, a.distance_ft,
              a.limit_ft, a.sentence, heading(a.section))  # fmt: skip
        for p, a in zip(parcels, judged, strict=True)
    ]
