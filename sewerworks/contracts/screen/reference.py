"""The per-parcel path: one parcel measured on its own and decided by the ``contract-user-eligibility`` topic.

The reference the set-based screen must agree with (``mismatches``): the same measurement convention
(``measure``), but each distance computed geometry by geometry and the outcome the topic's own rule.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from shapely import wkt

from sewerworks.contracts.models import Candidate
from sewerworks.contracts.screen.engine import Areas, outside_parcels
from sewerworks.contracts.screen.measure import Limits, as_feet, one_hundredths
from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.s118_29_1_contract_users import ContractUserFacts, contract_user_eligibility
from sewerworks.registry.models import Parcel


@dataclass(frozen=True)
class Measured:
    """A parcel's facts for the topic, and the area it is nearer to (None inside an area)."""

    facts: ContractUserFacts
    area_id: int | None


def measure_parcel(polygon: str, discharge_point: str, inside: bool, areas: Areas) -> Measured:
    if inside:
        return Measured(ContractUserFacts(inside_area=True), None)
    poly = wkt.loads(polygon)
    gaps = [poly.distance(a) for a in areas.polygons]
    nearest = min(range(len(gaps)), key=gaps.__getitem__)
    discharge = None
    if discharge_point:
        point = wkt.loads(discharge_point)
        discharge = as_feet(one_hundredths(min(point.distance(a) for a in areas.polygons)))
    facts = ContractUserFacts(
        inside_area=False, boundary_gap_ft=as_feet(one_hundredths(gaps[nearest])), discharge_distance_ft=discharge
    )
    return Measured(facts, areas.ids[nearest])


def decide_parcel(parcel: Parcel, view: ParameterView, limits: Limits, areas: Areas | None = None) -> Decision:
    """The topic's decision for one parcel of the registry, as of ``limits.as_of``."""
    measured = measure_parcel(
        parcel.polygon, parcel.discharge_point, parcel.improvement_area_id is not None, areas or Areas.load()
    )
    return contract_user_eligibility(measured.facts, view, limits.as_of)


def sample_ids(seed: int, size: int) -> list[int]:
    """A seeded sample of the parcels the screen reads (outside both areas, with a polygon)."""
    ids = list(outside_parcels().order_by("pk").values_list("pk", flat=True))
    return sorted(random.Random(seed).sample(ids, min(size, len(ids))))


def mismatches(ids: Sequence[int], view: ParameterView, limits: Limits) -> list[dict[str, Any]]:
    """Each sampled parcel where the stored candidate differs from the per-parcel topic (or should exist and
    does not, or exists and should not), with both answers."""
    areas = Areas.load()
    stored = {
        c[0]: c[1:]
        for c in Candidate.objects.filter(parcel_id__in=ids).values_list(
            "parcel_id", "area_id", "outcome", "boundary_gap_ft", "discharge_distance_ft"
        )
    }
    out: list[dict[str, Any]] = []
    for pk, polygon, point, area in Parcel.objects.filter(pk__in=ids).values_list(
        "pk", "polygon", "discharge_point", "improvement_area_id"
    ):
        if not polygon:
            continue
        m = measure_parcel(polygon, point, area is not None, areas)
        decision = contract_user_eligibility(m.facts, view, limits.as_of)
        gap = m.facts.boundary_gap_ft
        within = gap is not None and gap * 100 <= limits.radius
        expected = (m.area_id, decision.outcome, gap, m.facts.discharge_distance_ft) if within else None
        if stored.get(pk) != expected:
            out.append({"parcel": pk, "topic": _text(expected), "screen": _text(stored.get(pk))})
    return out


def _text(row: tuple[Any, ...] | None) -> str:
    return "no candidate" if row is None else " ".join(str(v) for v in row)
