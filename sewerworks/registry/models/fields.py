"""Geometry stored portably: WKT text in EPSG:2260 (NAD83 / New York East, US survey feet).

No GeoDjango, so the embedded SQLite database keeps working; shapely reads the text when geometry is
needed (``sewerworks.registry.geometry``).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import models


def validate_wkt(value: str) -> None:
    from shapely import wkt
    from shapely.errors import ShapelyError

    if not value:
        return
    try:
        geom = wkt.loads(value)
    except (ShapelyError, ValueError, TypeError) as exc:
        raise ValidationError(f"Not valid WKT geometry: {exc}") from exc
    if geom.is_empty:
        raise ValidationError("The geometry is empty.")
    if not geom.is_valid:
        from shapely.validation import explain_validity

        raise ValidationError(f"The geometry is not valid: {explain_validity(geom)}.")


class WKTField(models.TextField):
    """A geometry as WKT text in EPSG:2260 (US survey feet)."""

    def __init__(self, *args: Any, geom_type: str = "", **kwargs: Any) -> None:
        self.geom_type = geom_type
        kwargs.setdefault("validators", [validate_wkt])
        super().__init__(*args, **kwargs)

    def deconstruct(self) -> Any:
        name, path, args, kwargs = super().deconstruct()
        kwargs.pop("validators", None)
        if self.geom_type:
            kwargs["geom_type"] = self.geom_type
        return name, path, args, kwargs
