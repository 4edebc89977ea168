"""Sewer extension designs as import kinds of the shared framework (``core.imports``): an EPA SWMM 5 input
file or a GeoJSON FeatureCollection (layouts in ``docs/engineering.md``, samples in ``docs/samples/``).

A design is one record, not rows: the preview reads and reviews the whole file and reports its pipes,
manholes and findings; a file that cannot be read is refused with each problem named by section (or
feature) and line, and nothing is written. Committing writes the next revision of the project named in
the upload (``?project=ID``), or a new project, through ``do_import_design``.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sewerworks.core.imports.common import RowError
from sewerworks.core.imports.kinds import Checked, ImportKind, register_import_kind
from sewerworks.engineering.actions.designs import DesignUnreadable, Reviewed, do_import_design, review_of
from sewerworks.engineering.models import ExtensionProject

COUNTS = ("pipes", "manholes", "failing", "needs_review")


class _DesignKind(ImportKind):
    permission = "engineering.import_design"
    count_names = COUNTS
    written_counts = ("pipes", "manholes")
    order = 400
    job_rows = 10**9  # a design is reviewed whole, in the request
    what = "import a sewer extension design"
    who_may = "the clerk, the Superintendent or the Town Engineer"
    context_from_query = {"project": "engineering.project", "crs": "engineering.crs"}  # noqa: RUF012
    count_labels = {"pipes": "pipes", "manholes": "manholes", "failing": "failing findings",  # noqa: RUF012
                    "needs_review": "findings for the Town Engineer"}  # fmt: skip
    file_name = "design"

    def check(self, data: bytes, *, context: dict[str, Any], as_of: dt.date) -> Checked:
        crs = context.get("engineering.crs") or None
        try:
            reviewed = review_of(data, self.file_name, crs=str(crs) if crs else None, as_of=as_of)
        except DesignUnreadable as refused:
            errors = [RowError(e.line, e.section, e.message) for e in refused.row_errors]
            return Checked(0, dict.fromkeys(COUNTS, 0), errors, 0, errors_total=len(errors))
        design = reviewed.design
        counts = {"pipes": len(design.pipes), "manholes": len(design.manholes),
                  "failing": reviewed.count("fails"), "needs_review": reviewed.count("discretion")}  # fmt: skip
        rows = len(design.pipes) + len(design.manholes)
        return Checked(rows, counts, [], rows, payload=(reviewed, data, context.get("engineering.project")))

    def apply(self, checked: Checked, writer: Any, *, acting_user: Any, reason: str) -> None:
        reviewed: Reviewed
        reviewed, data, project_id = checked.payload
        project = ExtensionProject.objects.get(pk=project_id) if project_id else None

        def write() -> None:
            do_import_design(data=data, file_name=self.file_name, acting_user=acting_user, project=project,
                             reviewed=reviewed)  # fmt: skip

        writer.on_publish(write)


@register_import_kind
class SwmmDesignKind(_DesignKind):
    name = "design-swmm"
    label = "a sewer design as an EPA SWMM 5 input file"
    audit_action = "import_design_swmm"
    reject_suffix = ".txt"
    upload_label = "EPA SWMM 5 input file (.inp)"
    upload_help = "Junctions are manholes, conduits are pipes; coordinates only place the design on the map."
    extensions = (".inp",)
    file_name = "design.inp"


@register_import_kind
class GeoJsonDesignKind(_DesignKind):
    name = "design-geojson"
    label = "a sewer design as GeoJSON"
    audit_action = "import_design_geojson"
    reject_suffix = ".txt"
    upload_label = "GeoJSON FeatureCollection (.geojson)"
    upload_help = "Pipes as LineStrings, manholes as Points, in the CRS declared or EPSG:2260."
    extensions = (".geojson", ".json")
    file_name = "design.geojson"
