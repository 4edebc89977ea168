"""Importing a design revision: read the file, review it, write the revision with its elements and findings."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from shapely.geometry import LineString
from shapely.geometry import Point as ShapelyPoint

from sewerworks.core.access.permissions import require
from sewerworks.core.models import AuditEvent
from sewerworks.core.parameters import current_parameters
from sewerworks.enforcement.actions.common import not_in_future
from sewerworks.engineering.choices import DesignFormat, ElementKind, ReviewOutcome
from sewerworks.engineering.designs.geojson import read_geojson
from sewerworks.engineering.designs.model import Design, Point, RowError
from sewerworks.engineering.designs.review import PlacedFinding, review_design
from sewerworks.engineering.designs.swmm import read_swmm
from sewerworks.engineering.models import DesignElement, DesignFinding, DesignRevision, ExtensionProject

__all__ = ["DesignUnreadable", "Reviewed", "do_import_design", "read_design", "review_of"]

_MILLI, _CENTI, _TEN_THOUSANDTH = Decimal("0.001"), Decimal("0.01"), Decimal("0.0001")
# Review items every design carries until the Town Engineer settles them (I-04, I-80): listed with the
# findings, but they do not make a revision "needs review" by themselves.
STANDING = frozenset({"pipe-thickness-field-strength", "future-flows"})


class DesignUnreadable(ValidationError):
    """A design file that cannot be read; ``errors`` name the section (or feature) and line of each problem."""

    LISTED = 200  # problems named one by one; past these, how many more

    def __init__(self, file_name: str, errors: list[RowError]) -> None:
        self.row_errors = errors
        self.file_name = file_name
        # an unknown coordinate system is the upload's "crs" field, not the file's
        field = "crs" if all(e.section == "crs" for e in errors) else "file"
        if len(errors) == 1:
            messages = [f"{file_name} cannot be read: {errors[0]}"]
        else:
            messages = [f"{file_name} cannot be read: {len(errors)} problems."]
            messages.extend(str(e) for e in errors[: self.LISTED])
            if len(errors) > self.LISTED:
                messages.append(f"... and {len(errors) - self.LISTED} more problems of the same file.")
        super().__init__({field: messages})


def design_format(file_name: str, data: bytes) -> str:
    """SWMM for ``.inp``, GeoJSON for ``.geojson``/``.json``; otherwise a file starting with ``{`` is GeoJSON."""
    lowered = file_name.lower()
    if lowered.endswith(".inp"):
        return DesignFormat.SWMM
    if lowered.endswith((".geojson", ".json")) or data.lstrip()[:1] == b"{":
        return DesignFormat.GEOJSON
    return DesignFormat.SWMM


def read_design(data: bytes, file_name: str, *, crs: str | None = None) -> Design:
    if design_format(file_name, data) == DesignFormat.SWMM:
        return read_swmm(data, crs=crs or "EPSG:2260")
    return read_geojson(data, crs=crs)


@dataclass(frozen=True)
class Reviewed:
    """A design read and reviewed, nothing written yet."""

    design: Design
    findings: list[PlacedFinding]
    as_of: dt.date

    @property
    def outcome(self) -> str:
        counted = [p.finding for p in self.findings if p.finding.requirement not in STANDING]
        if any(f.severity == "fails" for f in counted):
            return ReviewOutcome.FAILS
        if any(f.severity == "discretion" for f in counted):
            return ReviewOutcome.NEEDS_REVIEW
        return ReviewOutcome.COMPLIES

    def count(self, severity: str) -> int:
        return sum(1 for p in self.findings if p.finding.severity == severity)


def review_of(data: bytes, file_name: str, *, crs: str | None = None, as_of: dt.date | None = None) -> Reviewed:
    """Read and review a design file; DesignUnreadable when it cannot be read (nothing is written)."""
    day = as_of or timezone.localdate()
    design = read_design(data, file_name, crs=crs)
    if design.errors:
        raise DesignUnreadable(file_name, design.errors)
    return Reviewed(design, review_design(design, current_parameters().at(day), day), day)


def _wkt(points: tuple[Point, ...] | list[Point]) -> str:
    distinct = [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]
    rounded = [(round(x, 3), round(y, 3)) for x, y in distinct]
    if len(rounded) == 1:
        return ShapelyPoint(rounded[0]).wkt
    return LineString(rounded).wkt if len(rounded) > 1 else ""


def _elements(revision: DesignRevision, design: Design) -> list[DesignElement]:
    rows = [
        DesignElement(
            revision=revision,
            kind=m.kind if m.kind in ElementKind.values else ElementKind.MANHOLE,
            name=m.name,
            geometry=_wkt([m.point]) if m.point is not None else "",
            rim_ft=m.rim_ft,
            invert_ft=m.invert_ft,
            detail={"node": m.kind},
        )  # fmt: skip
        for m in design.manholes.values()
    ]
    for pipe in design.pipes.values():
        slope = pipe.slope
        rows.append(
            DesignElement(
                revision=revision, kind=ElementKind.CHANNEL if pipe.open_channel else ElementKind.PIPE,
                name=pipe.name, geometry=_wkt(pipe.points),
                upstream=pipe.upstream, downstream=pipe.downstream, length_ft=pipe.length_ft.quantize(_MILLI),
                diameter_in=None if pipe.diameter_in is None else pipe.diameter_in.quantize(_CENTI),
                slope_percent=None if slope is None or abs(slope) >= 1000 else (slope * 100).quantize(_TEN_THOUSANDTH),
                material=pipe.material,
                detail={k: str(v) for k, v in (
                    ("shape", pipe.shape), ("trench_width_in", pipe.trench_width_in), ("bedding_in", pipe.bedding_in),
                    ("encasement_in", pipe.encasement_in), ("design_flow_cfs", pipe.design_flow_cfs),
                    ("upstream_invert_ft", pipe.upstream_invert_ft),
                    ("downstream_invert_ft", pipe.downstream_invert_ft),
                ) if v is not None},
            )
        )  # fmt: skip
    return rows


def do_import_design(
    *,
    data: bytes,
    file_name: str,
    acting_user: Any,
    project: ExtensionProject | None = None,
    crs: str | None = None,
    submitted_on: dt.date | None = None,
    note: str = "",
    reviewed: Reviewed | None = None,
    as_of: dt.date | None = None,
) -> DesignRevision:
    """Import a design file as the next revision of ``project`` (a new project named after the file when
    none is given), reviewed against §118-29, 32 and 33 with the law in force on ``as_of`` (today by default;
    never a day still to come, I-50). Unreadable files are refused naming section and line; nothing is
    written then."""
    require(acting_user, "engineering.import_design", "import a sewer extension design",
            who_may="the clerk, the Superintendent or the Town Engineer")  # fmt: skip
    if as_of is not None:
        not_in_future("as_of", as_of, "A design review")
    if submitted_on is not None:
        not_in_future("submitted_on", submitted_on, "A design submission")
    result = reviewed or review_of(data, file_name, crs=crs, as_of=as_of)
    with transaction.atomic():
        if project is None:
            from sewerworks.engineering.actions.projects import do_open_project

            project = do_open_project(name=_free_name(file_name), acting_user=acting_user)
        project = ExtensionProject.objects.select_for_update().get(pk=project.pk)
        last = project.latest_revision()
        revision = DesignRevision.objects.create(
            project=project, number=(last.number + 1) if last else 1, file_name=file_name[:200],
            format=result.design.format, crs=result.design.crs[:40], units=result.design.units,
            submitted_on=submitted_on or result.as_of, reviewed_on=result.as_of, outcome=result.outcome,
            failing=result.count("fails"), needing_review=result.count("discretion"), note=note,
            imported_by=acting_user,
        )  # fmt: skip
        elements = DesignElement.objects.bulk_create(_elements(revision, result.design))
        by_name = {(e.kind, e.name): e for e in elements}
        findings = [
            DesignFinding(
                revision=revision, element=by_name.get((p.element_kind, p.element)),
                place=p.element[:100], requirement=p.finding.requirement, severity=p.finding.severity,
                section=p.finding.section, sentence=p.finding.sentence, decided_by=p.finding.decided_by or "",
                finding=p.finding.model_dump(mode="json"),
            )
            for p in result.findings
        ]  # fmt: skip
        DesignFinding.objects.bulk_create(findings)
        AuditEvent.objects.create(
            actor=acting_user, action="do_import_design", subject=str(revision)[:200],
            rows=len(elements) + len(findings),
            detail={"file": file_name[:200], "outcome": result.outcome, "failing": revision.failing,
                    "needs_review": revision.needing_review, "format": revision.format},
        )  # fmt: skip
    return revision


def _free_name(file_name: str) -> str:
    stem = file_name.rsplit("/", 1)[-1].rsplit(".", 1)[0][:100] or "Extension"
    name, n = stem, 1
    while ExtensionProject.objects.filter(name=name).exists():
        n += 1
        name = f"{stem} ({n})"
    return name
