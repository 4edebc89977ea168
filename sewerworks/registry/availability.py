"""Is a public sewer available to a parcel? (§118-5, §118-7, §118-12)

Chapter 118 requires connection where a public sewer is available and allows a private system where
none is, without defining "available". sewerworks reads it as: a public sewer main lies within
``connection.sewer_available_distance`` feet of the parcel's boundary (a dated parameter, 100 ft until
the Town Board sets one; I-46, which also lets the Superintendent record a finding for one parcel).
The mandatory-connection program, the permits (§118-22, 24) and the control-manhole rule (§118-42)
use this. The comparison itself is the ordinance layer's ``available_by_distance``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from sewerworks.core.compiled import compiled
from sewerworks.core.determinations.run import today
from sewerworks.core.parameters import current_parameters
from sewerworks.ordinance.s118_6_7_private_systems import available_by_distance
from sewerworks.registry.geometry import MainIndex, load
from sewerworks.registry.models import Parcel, SewerMain

PARAMETER = "connection.sewer_available_distance"


@dataclass(frozen=True)
class Availability:
    parcel_id: int
    available: bool
    main_id: int | None
    distance_ft: float | None
    limit_ft: Decimal
    sentence: str
    section: str = "118-5"


def _limit(on: dt.date | None) -> Decimal:
    return Decimal(str(current_parameters().at(on or today())[PARAMETER]))


def _judge(parcel_id: int, geom_text: str, index: MainIndex, limit: Decimal, ids: dict[int, str]) -> Availability:
    geom = load(geom_text)
    if geom is None:
        return Availability(
            parcel_id,
            False,
            None,
            None,
            limit,
            "The parcel has no polygon on record, so availability of a public sewer cannot be judged.",
        )
    # Search a little beyond the limit; whether the main found is near enough is the ordinance's rule.
    found = index.nearest(geom.boundary if geom.geom_type == "Polygon" else geom, float(limit) + 1.0)
    if found is None or not available_by_distance(Decimal(found[1]), limit):
        return Availability(
            parcel_id,
            False,
            None,
            None,
            limit,
            f"No public sewer main lies within {limit} ft of the parcel: a private system is permitted (§118-7).",
            "118-7",
        )
    main_id, distance = found
    return Availability(
        parcel_id,
        True,
        main_id,
        distance,
        limit,
        f"Public sewer main {ids.get(main_id, main_id)} lies {distance:.0f} ft from the parcel "
        f"(within {limit} ft): a public sewer is available (§118-5).",
    )


_MAIN_COLUMNS = ("pk", "path", "identifier")
_ALL_MAINS = compiled("sewer mains", lambda _: SewerMain.objects.order_by("pk").values_list(*_MAIN_COLUMNS))

# The last index built, with the rows it was built from: the mains are read on every call (so a main added or
# moved is seen at once, by whatever means) but parsed and indexed again only when they differ (issue 19:
# building the index was a tenth of a parcel page's time); their read's SQL is compiled once (issue 38).
_last: tuple[list[tuple[int, str, str]], MainIndex, dict[int, str]] | None = None


def _index(area_id: int | None) -> tuple[MainIndex, dict[int, str]]:
    global _last
    if area_id is None:
        rows = _ALL_MAINS(None)
    else:
        rows = list(SewerMain.objects.filter(improvement_area_id=area_id).order_by("pk").values_list(*_MAIN_COLUMNS))
    last = _last
    if last is not None and last[0] == rows:
        return last[1], last[2]
    index, ids = MainIndex((pk, path) for pk, path, _ in rows), {pk: ident for pk, _, ident in rows}
    _last = (rows, index, ids)
    return index, ids


def sewer_available(parcel: Parcel, *, on: dt.date | None = None) -> Availability:
    """Whether a public sewer is available to ``parcel`` on ``on`` (default today)."""
    index, ids = _index(None)
    return _judge(parcel.pk, parcel.polygon, index, _limit(on), ids)


def availability_for(parcels: Iterable[Parcel], *, on: dt.date | None = None) -> list[Availability]:
    """The same judgement for many parcels with one spatial index (rosters, demo, imports)."""
    index, ids = _index(None)
    limit = _limit(on)
    return [_judge(p.pk, p.polygon, index, limit, ids) for p in parcels]
