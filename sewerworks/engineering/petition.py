"""The owners' petition for an extension (§118-30: "Property owners may [...] propose sewer extensions [...] by
drafting a written petition, signed by a majority of the benefiting property owners, and filing it with the
Town Board"): who benefits, who signed, and the count.

- **Benefiting parcels** lie within ``connection.sewer_available_distance`` (I-46) of the design's proposed
  mains (the latest revision's pipes): the public sewer the extension brings will be available to them.
- **Owners of record** are the parcel's owners on the day counted (``registry.Ownership``).
- **The count** (I-142): each distinct owner of record counts once, however many benefiting parcels they
  own; a parcel held by co-owners is one owner of record, counted as signed when any one of them signs. A
  signature whose name matches no owner of record of its parcel is listed, not counted. The majority is
  more than half of the owners of record.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db.models import Q
from shapely import wkt
from shapely.strtree import STRtree

from sewerworks.core.parameters import current_parameters
from sewerworks.engineering.choices import ElementKind
from sewerworks.ordinance.s118_6_7_private_systems import available_by_distance
from sewerworks.registry.models import Ownership, Parcel

DISTANCE = "connection.sewer_available_distance"
SEARCH_MARGIN_FT = 5000.0  # parcels are found by their centroid this far beyond the limit, then measured exactly


@dataclass(frozen=True)
class Benefit:
    parcel: Parcel
    distance_ft: Decimal


def benefiting(project: Any, on: dt.date) -> tuple[list[Benefit], Decimal]:
    """The parcels within the I-46 distance of the latest design's proposed mains, nearest first; the limit."""
    limit = Decimal(str(current_parameters().at(on)[DISTANCE]))
    revision = project.latest_revision()
    if revision is None:
        return [], limit
    mains = [wkt.loads(g) for g in revision.elements.filter(kind=ElementKind.PIPE).exclude(geometry="")
             .values_list("geometry", flat=True)]  # fmt: skip
    if not mains:
        return [], limit
    tree = STRtree(mains)
    xs = [c for m in mains for c in m.bounds[0::2]]
    ys = [c for m in mains for c in m.bounds[1::2]]
    reach = float(limit) + SEARCH_MARGIN_FT
    near = Parcel.objects.exclude(polygon="").filter(
        centroid_x__gte=min(xs) - reach, centroid_x__lte=max(xs) + reach,
        centroid_y__gte=min(ys) - reach, centroid_y__lte=max(ys) + reach,
    )  # fmt: skip
    found = []
    for parcel in near.order_by("tax_map_sort"):
        shape = wkt.loads(parcel.polygon)
        index = tree.query_nearest(shape, max_distance=float(limit) + 1.0, all_matches=False)
        if len(index) == 0:
            continue
        distance = Decimal(str(round(shape.distance(mains[int(index[0])]), 2)))
        if available_by_distance(distance, limit):
            found.append(Benefit(parcel, distance))
    return sorted(found, key=lambda b: (b.distance_ft, b.parcel.tax_map_sort)), limit


def owners_of_record(parcels: list[Parcel], on: dt.date) -> dict[int, tuple[int, ...]]:
    """Each parcel's owners on ``on``, as a sorted tuple of owner ids (empty when none is on record)."""
    held = Ownership.objects.filter(parcel__in=parcels).filter(Q(start__isnull=True) | Q(start__lte=on)).filter(
        Q(end__isnull=True) | Q(end__gte=on))  # fmt: skip
    owners: dict[int, set[int]] = {p.pk: set() for p in parcels}
    for parcel_id, owner_id in held.values_list("parcel_id", "owner_id"):
        owners[parcel_id].add(owner_id)
    return {pk: tuple(sorted(ids)) for pk, ids in owners.items()}


@dataclass
class OwnerOfRecord:
    """One owner of record for the count: a person, or co-owners together (I-142)."""

    owner_ids: tuple[int, ...]
    names: list[str]
    parcels: list[Parcel] = field(default_factory=list)
    signed_by: list[Any] = field(default_factory=list)

    @property
    def signed(self) -> bool:
        return bool(self.signed_by)


@dataclass
class PetitionCount:
    on: dt.date
    limit_ft: Decimal
    benefits: list[Benefit]
    owners: list[OwnerOfRecord]
    unmatched: list[Any]
    no_owner: list[Parcel]

    @property
    def signed(self) -> int:
        return sum(1 for o in self.owners if o.signed)

    @property
    def total(self) -> int:
        return len(self.owners)

    @property
    def majority(self) -> bool:
        """More than half of the owners of record signed (§118-30)."""
        return self.signed * 2 > self.total


def count(project: Any, on: dt.date) -> PetitionCount:
    """The petition's count on ``on`` (I-142)."""
    from sewerworks.registry.models import Owner

    benefits, limit = benefiting(project, on)
    parcels = [b.parcel for b in benefits]
    held = owners_of_record(parcels, on)
    names = dict(Owner.objects.filter(pk__in={i for ids in held.values() for i in ids}).values_list("pk", "name"))
    groups: dict[tuple[int, ...], OwnerOfRecord] = {}
    for parcel in parcels:
        ids = held[parcel.pk]
        if ids:
            group = groups.setdefault(ids, OwnerOfRecord(ids, [names[i] for i in ids]))
            group.parcels.append(parcel)
    benefiting_ids = {p.pk for p in parcels}
    signatures = list(project.signatures.filter(signed_on__lte=on).select_related("parcel", "owner"))
    unmatched = [s for s in signatures if s.owner_id is None or s.parcel_id not in benefiting_ids]
    signers = {s.owner_id: s for s in signatures if s not in unmatched}
    for group in groups.values():
        group.signed_by = [signers[i] for i in group.owner_ids if i in signers]
        group.parcels.sort(key=lambda p: p.tax_map_sort)
    no_owner = [p for p in parcels if not held[p.pk]]
    ordered = sorted(groups.values(), key=lambda g: g.names)
    return PetitionCount(on=on, limit_ft=limit, benefits=benefits, owners=ordered, unmatched=unmatched,
                         no_owner=no_owner)  # fmt: skip
