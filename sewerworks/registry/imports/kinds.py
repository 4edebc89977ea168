"""The registry's two import kinds on the core framework: the assessor's roll and the parcel polygons."""

from __future__ import annotations

import io
from datetime import date
from pathlib import Path
from typing import Any

from sewerworks.core.imports.common import RowError
from sewerworks.core.imports.kinds import Checked, ImportKind, Progress, register_import_kind
from sewerworks.core.imports.rejects import csv_rejects
from sewerworks.registry.imports.polygons import PENDING, parse_polygons
from sewerworks.registry.imports.polygons_commit import apply_polygons, plan_polygons, polygon_rejects
from sewerworks.registry.imports.roll import decode, parse_roll, records
from sewerworks.registry.imports.roll_commit import apply_roll, plan_roll
from sewerworks.registry.imports.roll_preview import preview_roll_file

PERMISSION = "registry.import_roll"
WHAT = "import the assessor's roll and the parcel polygons"


def _counts(plan: Any) -> dict[str, int]:
    return {"new": plan.new, "updated": plan.updated, "unchanged": plan.unchanged}


@register_import_kind
class RollKind(ImportKind):
    """The assessor's roll (CSV): parcels, their owners and assessed values (§118-52, I-28)."""

    name = "roll"
    label = "the assessor's roll"
    permission = PERMISSION
    audit_action = "import_roll"
    what = WHAT
    who_may = "the clerk"
    order = 10

    def check(self, data: bytes, *, context: dict[str, Any], as_of: date) -> Checked:
        parsed = parse_roll(data)
        plan = plan_roll(parsed.rows, as_of)
        pending = {r.tax_map_number for r in parsed.rows}
        if not context.get("staged"):
            context[PENDING] = pending

        def rejects(errors: list[RowError]) -> bytes:
            body = ((n, cells) for n, cells in records(io.StringIO(decode(data), newline="")) if n > 1)
            return csv_rejects(parsed.header, body, errors)

        return Checked(
            rows=parsed.total,
            counts=_counts(plan),
            errors=parsed.errors,
            valid=len(parsed.rows),
            payload=(plan, pending, context),
            rejects=rejects,
        )

    def apply(self, checked: Checked, writer: Any, *, acting_user: Any, reason: str) -> None:
        plan, pending, context = checked.payload
        apply_roll(plan, writer, acting_user=acting_user, reason=reason)
        context[PENDING] = pending  # the polygons of the same upload may name these parcels

    def preview_file(
        self, path: Path, *, context: dict[str, Any], as_of: date, progress: Progress | None = None
    ) -> Checked:
        return preview_roll_file(path, context=context, as_of=as_of, progress=progress)


@register_import_kind
class PolygonsKind(ImportKind):
    """Parcel polygons (GeoJSON), with their discharge points."""

    name = "polygons"
    label = "the parcel polygons"
    permission = PERMISSION
    audit_action = "import_polygons"
    what = WHAT
    who_may = "the clerk"
    reject_suffix = ".geojson"
    order = 20

    def check(self, data: bytes, *, context: dict[str, Any], as_of: date) -> Checked:
        parsed = parse_polygons(data)
        plan, unknown = plan_polygons(parsed.rows, context.get(PENDING, ()))
        return Checked(
            rows=parsed.total,
            counts=_counts(plan),
            errors=parsed.errors + unknown,
            valid=len(parsed.rows) - len(unknown),
            payload=plan,
            rejects=lambda errors: polygon_rejects(parsed.collection, parsed.raw, errors),
        )

    def apply(self, checked: Checked, writer: Any, *, acting_user: Any, reason: str) -> None:
        apply_polygons(checked.payload, writer, acting_user=acting_user, reason=reason)
