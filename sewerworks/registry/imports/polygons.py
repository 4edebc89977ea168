"""Reading parcel polygons: a GeoJSON FeatureCollection, one feature per parcel, checked feature by feature.

Each feature names its parcel in ``properties.tax_map_number`` and carries a Polygon (a MultiPolygon
of one part is accepted). Coordinates are either EPSG:2260 (NAD83 / New York East, US survey feet),
as the registry stores them, or WGS84 longitude/latitude. The file's ``crs`` member says which; without
one, a feature whose coordinates all lie within longitude/latitude range is read as longitude/latitude.
An optional ``properties.discharge_point`` [x, y], in the same coordinates, is where the property's
sewage leaves it.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import shapely
from shapely.geometry import Point, shape
from shapely.geometry.base import BaseGeometry
from shapely.validation import explain_validity

from sewerworks.core.imports.common import RowError
from sewerworks.registry.geometry import from_lonlat

PENDING = "registry.pending_parcels"  # context: tax map numbers the roll of the same upload adds

FEET, LONLAT = "EPSG:2260", "EPSG:4326"
# Where EPSG:2260 applies (eastern New York), in longitude/latitude: a lon/lat outside is a mistake.
LONLAT_BOUNDS = (-75.87, 40.88, -73.23, 45.02)
_EPSG_RE = re.compile(r"EPSG:{1,2}(\d+)$", re.IGNORECASE)
TMN = "properties.tax_map_number"


@dataclass
class PolygonRow:
    """One valid feature: the parcel's polygon (and discharge point) as WKT in EPSG:2260."""

    row: int
    tax_map_number: str
    polygon: BaseGeometry
    discharge_point: Point | None


@dataclass
class ParsedPolygons:
    collection: dict[str, Any] = field(default_factory=dict)
    rows: list[PolygonRow] = field(default_factory=list)
    errors: list[RowError] = field(default_factory=list)
    raw: dict[int, Any] = field(default_factory=dict)
    total: int = 0


def declared_crs(collection: dict[str, Any]) -> tuple[str | None, str]:
    """The CRS the file's ``crs`` member names (None when absent), or ("", why it is refused)."""
    crs = collection.get("crs")
    if crs is None:
        return None, ""
    name = crs.get("properties", {}).get("name") if isinstance(crs, dict) else None
    if not isinstance(name, str):
        return "", "the 'crs' member does not name a coordinate system"
    if name.upper().endswith("CRS84"):
        return LONLAT, ""
    match = _EPSG_RE.search(name.strip())
    code = match.group(1) if match else ""
    if code == "2260":
        return FEET, ""
    if code == "4326":
        return LONLAT, ""
    return "", f"coordinate system {name!r} is not supported: use EPSG:2260 (feet) or WGS84 longitude/latitude"


def _coordinates(geom: BaseGeometry) -> Iterable[tuple[float, ...]]:
    return (tuple(c) for c in shapely.get_coordinates(geom))


def looks_like_lonlat(geom: BaseGeometry) -> bool:
    return all(abs(x) <= 180 and abs(y) <= 90 for x, y in _coordinates(geom))


def to_feet(geom: BaseGeometry) -> BaseGeometry:
    return shapely.transform(geom, lambda xy: _project(xy))


def _project(xy: Any) -> Any:
    import numpy as np

    return np.array([from_lonlat(float(x), float(y)) for x, y in xy])


def _in_lonlat_bounds(geom: BaseGeometry) -> bool:
    w, s, e, n = LONLAT_BOUNDS
    minx, miny, maxx, maxy = geom.bounds
    return bool(w <= minx and maxx <= e and s <= miny and maxy <= n)


def _read_geometry(number: int, raw: Any, crs: str | None, errors: list[RowError]) -> tuple[BaseGeometry | None, str]:
    """The feature's polygon in feet and the CRS it was read in, or None with an error recorded."""

    def err(message: str) -> tuple[None, str]:
        errors.append(RowError(number, "geometry", message))
        return None, ""

    if raw is None:
        return err("is missing: each feature carries the parcel's polygon")
    if not isinstance(raw, dict) or raw.get("type") not in {"Polygon", "MultiPolygon"}:
        kind = raw.get("type") if isinstance(raw, dict) else type(raw).__name__
        return err(f"is a {kind}: a parcel needs a Polygon (or a MultiPolygon of one part)")
    try:
        geom = shapely.force_2d(shape(raw))
    except Exception as exc:  # noqa: BLE001 - shapely raises many kinds for malformed coordinates
        return err(f"cannot be read as a {raw.get('type')}: {exc or 'malformed coordinates'}")
    if geom.is_empty:
        return err("is empty: the polygon has no coordinates")
    if geom.geom_type == "MultiPolygon":
        if len(geom.geoms) != 1:
            return err(f"is a MultiPolygon of {len(geom.geoms)} parts: a parcel is one Polygon")
        geom = geom.geoms[0]
    if not all(math.isfinite(v) for c in _coordinates(geom) for v in c):
        return err("has coordinates that are not finite numbers")
    read_as = crs or (LONLAT if looks_like_lonlat(geom) else FEET)
    if read_as == LONLAT:
        if not _in_lonlat_bounds(geom):
            return err("lies outside eastern New York, where EPSG:2260 applies: check the coordinates")
        geom = to_feet(geom)
    if not geom.is_valid:
        return err(f"is not a valid polygon: {explain_validity(geom)}")
    return geom, read_as


def _read_point(number: int, raw: Any, read_as: str, errors: list[RowError]) -> Point | None:
    field_name = "properties.discharge_point"
    ok = (isinstance(raw, list | tuple) and len(raw) == 2
          and all(isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v) for v in raw))
    if not ok:
        errors.append(RowError(number, field_name, f"{raw!r} is not a point [x, y] of two numbers"))
        return None
    x, y = float(raw[0]), float(raw[1])
    if read_as == LONLAT:
        w, s, e, n = LONLAT_BOUNDS
        if not (w <= x <= e and s <= y <= n):
            errors.append(RowError(number, field_name, "lies outside eastern New York: check the coordinates"))
            return None
        x, y = from_lonlat(x, y)
    return Point(x, y)


def _check_feature(number: int, feature: Any, crs: str | None) -> tuple[PolygonRow | None, list[RowError]]:
    errors: list[RowError] = []
    if not isinstance(feature, dict) or feature.get("type") != "Feature":
        return None, [RowError(number, "type", "is not a GeoJSON Feature")]
    props = feature.get("properties")
    props = props if isinstance(props, dict) else {}
    tmn = props.get("tax_map_number")
    tmn = str(tmn).strip() if isinstance(tmn, str | int) and not isinstance(tmn, bool) else ""
    if not tmn:
        errors.append(RowError(number, TMN, "is missing: each feature names its parcel"))
    geom, read_as = _read_geometry(number, feature.get("geometry"), crs, errors)
    point = None
    if props.get("discharge_point") is not None and geom is not None:
        point = _read_point(number, props["discharge_point"], read_as, errors)
    if errors or geom is None:
        return None, errors
    return PolygonRow(number, tmn, geom, point), []


def parse_polygons(data: bytes) -> ParsedPolygons:
    """Read and check every feature; problems with the file itself come back with row None."""
    parsed = ParsedPolygons()
    try:
        collection = json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError:
        parsed.errors.append(RowError(None, "", "The file is not UTF-8 text: GeoJSON is always UTF-8."))
        return parsed
    except (json.JSONDecodeError, RecursionError) as exc:
        where = f" (line {exc.lineno}, column {exc.colno})" if isinstance(exc, json.JSONDecodeError) else ""
        parsed.errors.append(RowError(None, "", f"The file is not valid JSON{where}."))
        return parsed
    if not isinstance(collection, dict) or collection.get("type") != "FeatureCollection" \
            or not isinstance(collection.get("features"), list):
        parsed.errors.append(RowError(None, "", "The file is not a GeoJSON FeatureCollection "
                                                "(an object with \"type\": \"FeatureCollection\" and \"features\")."))
        return parsed
    parsed.collection = collection
    crs, why = declared_crs(collection)
    if crs == "":
        parsed.errors.append(RowError(None, "crs", why))
        return parsed
    first: dict[str, int] = {}
    duplicates: dict[str, list[int]] = {}
    for number, feature in enumerate(collection["features"], start=1):
        parsed.total += 1
        parsed.raw[number] = feature
        row, errors = _check_feature(number, feature, crs)
        parsed.errors.extend(errors)
        props = feature.get("properties") if isinstance(feature, dict) else None
        tmn = props.get("tax_map_number") if isinstance(props, dict) else None
        if isinstance(tmn, str | int) and not isinstance(tmn, bool) and str(tmn).strip():
            key = str(tmn).strip()
            if key in first:
                duplicates.setdefault(key, [first[key]]).append(number)
            else:
                first[key] = number
        if row is not None:
            parsed.rows.append(row)
    if parsed.total == 0:
        parsed.errors.append(RowError(None, "", "The FeatureCollection has no features."))
    for tmn, numbers in duplicates.items():
        listed = ", ".join(str(n) for n in numbers)
        parsed.errors.extend(RowError(n, TMN, f"{tmn} has more than one feature (features {listed}): "
                                              "a parcel has one polygon") for n in numbers)
    dup = {n for numbers in duplicates.values() for n in numbers}
    parsed.rows = [r for r in parsed.rows if r.row not in dup]
    parsed.errors.sort(key=lambda e: e.row or 0)
    return parsed
