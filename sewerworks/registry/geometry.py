"""Geometry of the registry with shapely and pyproj.

Stored coordinates are EPSG:2260 (NAD83 / New York East, US survey feet); the map wants WGS84
longitude/latitude. Whether a public sewer is "available" to a parcel (§118-5, 7, 12) is read as: a
main lies within ``connection.sewer_available_distance_ft`` of the parcel's boundary (a parameter).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

import shapely
from pyproj import Transformer
from shapely import wkt
from shapely.geometry import mapping, shape
from shapely.geometry.base import BaseGeometry
from shapely.strtree import STRtree

STATE_PLANE = "EPSG:2260"
WGS84 = "EPSG:4326"


@lru_cache(maxsize=2)
def _transformer(src: str, dst: str) -> Transformer:
    return Transformer.from_crs(src, dst, always_xy=True)


def to_lonlat(x: float, y: float) -> tuple[float, float]:
    lon, lat = _transformer(STATE_PLANE, WGS84).transform(x, y)
    return float(lon), float(lat)


def from_lonlat(lon: float, lat: float) -> tuple[float, float]:
    x, y = _transformer(WGS84, STATE_PLANE).transform(lon, lat)
    return float(x), float(y)


def load(text: str) -> BaseGeometry | None:
    return wkt.loads(text) if text else None


def geojson_lonlat(text: str) -> dict[str, Any] | None:
    """WKT in EPSG:2260 -> a GeoJSON geometry in longitude/latitude for the map."""
    geom = load(text)
    if geom is None:
        return None
    t = _transformer(STATE_PLANE, WGS84)
    return dict(mapping(shapely.transform(geom, t.transform, interleaved=False)))


def wkt_from_lonlat(geojson: dict[str, Any], precision_ft: int = 2) -> str:
    """A GeoJSON geometry in longitude/latitude (as the map draws it) -> WKT in EPSG:2260 feet, rounded to
    ``precision_ft`` decimals (0.01 ft: a survey's precision, not the floating point noise of a mouse)."""
    geom = shape(geojson)
    t = _transformer(WGS84, STATE_PLANE)
    return str(shapely.to_wkt(shapely.transform(geom, t.transform, interleaved=False), rounding_precision=precision_ft))


def feature(text: str, **properties: Any) -> dict[str, Any] | None:
    g = geojson_lonlat(text)
    return None if g is None else {"type": "Feature", "geometry": g, "properties": properties}


def distance_ft(a: BaseGeometry, b: BaseGeometry) -> float:
    return float(a.distance(b))


class MainIndex:
    """A spatial index of the sewer mains, for 'is a public sewer available to this parcel'."""

    def __init__(self, mains: Iterable[tuple[int, str]]) -> None:
        self.ids: list[int] = []
        geoms: list[BaseGeometry] = []
        for pk, text in mains:
            g = load(text)
            if g is not None:
                self.ids.append(pk)
                geoms.append(g)
        self.geoms = geoms
        self.tree = STRtree(geoms) if geoms else None

    def nearest(self, geom: BaseGeometry, max_distance_ft: float) -> tuple[int, float] | None:
        """The nearest main within ``max_distance_ft`` of ``geom`` (id, distance), or None."""
        if self.tree is None:
            return None
        idx = self.tree.query_nearest(geom, max_distance=max_distance_ft, return_distance=True, all_matches=False)
        indices, distances = idx
        if len(indices) == 0:
            return None
        return self.ids[int(indices[0])], float(distances[0])
