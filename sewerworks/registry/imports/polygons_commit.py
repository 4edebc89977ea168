"""Writing parcel polygons into the registry: each parcel named gets its polygon (and discharge point), and
its centroid is recomputed. Re-importing the same polygons changes nothing."""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

import shapely
from shapely import wkt
from simple_history.utils import bulk_update_with_history

from sewerworks.core.imports.common import CHUNK, RowError, chunks, errors_by_row, joined
from sewerworks.core.records.bulk import announce_written
from sewerworks.registry.imports.polygons import TMN, PolygonRow
from sewerworks.registry.models import Parcel

POLYGON_FIELDS = ["polygon", "discharge_point", "centroid_x", "centroid_y"]
SAME_WITHIN_FT = 0.001  # coordinates closer than this are the same vertex


@dataclass
class PolygonPlan:
    """The parcels whose polygon would change; ``new`` ones had none before."""

    changed: list[Parcel] = field(default_factory=list)
    pending: list[PolygonRow] = field(default_factory=list)  # parcels being added by the roll in the same upload
    new: int = 0
    updated: int = 0
    unchanged: int = 0


def _as_wkt(geom: Any) -> str:
    return str(shapely.to_wkt(geom, rounding_precision=-1, trim=True))


def _same(stored: str, geom: Any) -> bool:
    if not stored:
        return False
    try:
        return bool(wkt.loads(stored).equals_exact(geom, SAME_WITHIN_FT))
    except Exception:  # noqa: BLE001 - an unreadable stored value is simply replaced
        return False


def plan_polygons(rows: list[PolygonRow], pending: Collection[str] = ()) -> tuple[PolygonPlan, list[RowError]]:
    """Match each feature to its parcel; a tax map number neither in the registry nor among ``pending``
    (the valid rows of a roll uploaded with the polygons) is an error."""
    plan = PolygonPlan()
    errors: list[RowError] = []
    parcels: dict[str, Parcel] = {}
    for part in chunks([r.tax_map_number for r in rows]):
        parcels.update((p.tax_map_number, p) for p in Parcel.objects.filter(tax_map_number__in=part))
    for row in rows:
        parcel = parcels.get(row.tax_map_number)
        if parcel is None:
            if row.tax_map_number in pending:
                plan.pending.append(row)
                plan.new += 1
            else:
                errors.append(RowError(row.row, TMN, f"{row.tax_map_number} is not a parcel in the registry "
                                                     "(import it with the roll first)"))
            continue
        same_polygon = _same(parcel.polygon, row.polygon)
        same_point = row.discharge_point is None or _same(parcel.discharge_point, row.discharge_point)
        if same_polygon and same_point:
            plan.unchanged += 1
            continue
        if parcel.polygon:
            plan.updated += 1
        else:
            plan.new += 1
        _set(parcel, row)
        plan.changed.append(parcel)
    return plan, errors


def _set(parcel: Parcel, row: PolygonRow) -> None:
    parcel.polygon = _as_wkt(row.polygon)
    if row.discharge_point is not None:
        parcel.discharge_point = _as_wkt(row.discharge_point)
    parcel.refresh_derived()


def apply_polygons(plan: PolygonPlan, writer: Any, *, acting_user: Any, reason: str) -> None:
    """Write the plan with history in the transaction that publishes the batch; by then the parcels of
    ``pending`` rows (added by the roll of the same upload, staged in the same batch) are visible."""
    writer.on_publish(lambda: _write(plan, acting_user=acting_user, reason=reason))


def _write(plan: PolygonPlan, *, acting_user: Any, reason: str) -> None:
    changed = list(plan.changed)
    if plan.pending:
        found: dict[str, Parcel] = {}
        for part in chunks([r.tax_map_number for r in plan.pending]):
            found.update((p.tax_map_number, p) for p in Parcel.objects.filter(tax_map_number__in=part))
        for row in plan.pending:
            parcel = found.get(row.tax_map_number)
            if parcel is None:
                raise LookupError(f"Parcel {row.tax_map_number} was not added by the roll of this upload.")
            _set(parcel, row)
            changed.append(parcel)
    if changed:
        bulk_update_with_history(changed, Parcel, POLYGON_FIELDS, batch_size=CHUNK, default_user=acting_user,
                                 default_change_reason=reason)
        announce_written(Parcel, [p.pk for p in changed])  # e.g. the contract-user screen re-screens them


def polygon_rejects(collection: dict[str, Any], raw: dict[int, Any], errors: list[RowError]) -> bytes:
    """A FeatureCollection of the rejected features, each with an ``error`` (and ``feature``) property."""
    features = []
    for number, row_errors in sorted(errors_by_row(errors).items()):
        original = raw.get(number)
        if isinstance(original, dict):
            feature = dict(original)
            props = feature.get("properties")
            feature["properties"] = dict(props) if isinstance(props, dict) else {}
        else:
            feature = {"type": "Feature", "geometry": None, "properties": {"original": original}}
        feature["properties"]["feature"] = number
        feature["properties"]["error"] = joined(row_errors)
        features.append(feature)
    out: dict[str, Any] = {"type": "FeatureCollection"}
    if "crs" in collection:
        out["crs"] = collection["crs"]
    out["features"] = features
    return json.dumps(out, indent=1, ensure_ascii=False).encode("utf-8")
