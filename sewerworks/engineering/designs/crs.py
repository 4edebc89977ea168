"""Coordinates brought into EPSG:2260 (NAD83 / New York East, US survey feet), the registry's system."""

from __future__ import annotations

import math
import re
from functools import lru_cache

from pyproj import CRS, Transformer
from pyproj.exceptions import CRSError, ProjError

from sewerworks.engineering.designs.model import Point

TARGET = "EPSG:2260"
_EPSG = re.compile(r"(?:^|[:/])(?:EPSG|epsg)[:/]{1,2}(?:[\d.]*[:/])?(\d{4,6})$")


class UnknownCRS(ValueError):
    """A coordinate reference system pyproj does not know."""


def canonical(name: str) -> str:
    """``EPSG:N`` for any of the usual spellings (``EPSG:4326``, ``urn:ogc:def:crs:EPSG::4326``, ``CRS84``)."""
    text = name.strip()
    if text.upper().endswith("CRS84"):
        return "OGC:CRS84"
    match = _EPSG.search(text)
    return f"EPSG:{match.group(1)}" if match else text


@lru_cache(maxsize=32)
def _transformer(source: str) -> Transformer | None:
    try:
        crs = CRS.from_user_input(source)
    except (CRSError, ProjError, TypeError, ValueError) as error:
        raise UnknownCRS(f"unknown coordinate reference system {source!r} ({error})"[:300]) from None
    if crs == CRS.from_user_input(TARGET):
        return None
    return Transformer.from_crs(crs, TARGET, always_xy=True)


def check(source: str) -> str:
    """The canonical name of a CRS pyproj knows; UnknownCRS otherwise."""
    name = canonical(source)
    _transformer(name)
    return name


def to_2260(points: list[Point], source: str) -> list[Point]:
    """The points in EPSG:2260 feet; ValueError for a point that does not project."""
    transformer = _transformer(canonical(source))
    if transformer is None:
        result = points
    else:
        xs, ys = transformer.transform([p[0] for p in points], [p[1] for p in points], errcheck=False)
        result = list(zip(xs, ys, strict=True))
    for x, y in result:
        if not (math.isfinite(x) and math.isfinite(y)) or abs(x) > 1e9 or abs(y) > 1e9:
            raise ValueError(f"a point does not project from {source} to {TARGET}")
    return [(float(x), float(y)) for x, y in result]
