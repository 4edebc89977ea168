"""A laboratory's results, an import kind of the shared framework (``core.imports``): one CSV row per
parameter of a sample, the layout of ``docs/pretreatment-results-import.md``.

Columns (header first, any order): ``sample_id``, ``sampling_point`` (its code, e.g. CM-1), ``start`` and
``end`` (YYYY-MM-DDTHH:MM, the Town's time), ``sample_type`` (grab or composite), ``parameter`` (e.g.
copper, bod, ph), ``result``, ``qualifier`` (empty, or ``<`` below the detection limit; ``ND`` with a detection
limit reads as ``<`` it, I-152; ``>``, above the lab's range, is refused), ``detection_limit``, ``unit`` (mg/L,
ug/L or µg/L, degC, degF, pH, gal/min), ``method``, ``lab``; optional ``flow_gal`` and ``corrects`` (the lab's id
of an earlier sample of the same point and day that this one corrects, I-153). A sample dated after the day of
the import is refused. A row that
cannot be entered is named with its row, field and the rule; all-or-none writes nothing then, "valid rows
only" enters the others and writes a reject file. On publishing, the results are entered and evaluated
through ``do_record_results`` (§118-37, §118-39).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal, InvalidOperation
from typing import Any
from zoneinfo import ZoneInfo

from sewerworks.core.imports.common import RowError
from sewerworks.core.imports.csvrows import check_csv_rows
from sewerworks.core.imports.kinds import Checked, ImportKind, register_import_kind
from sewerworks.ordinance.s118_37_limits import PARAMETERS, RESULT_UNITS, same_kind
from sewerworks.pretreatment.actions.results import LabRow, do_record_results
from sewerworks.pretreatment.models import Result, Sample, SamplingPoint

REQUIRED = ("sample_id", "sampling_point", "start", "end", "sample_type", "parameter", "result", "unit", "lab")
OPTIONAL = ("qualifier", "detection_limit", "method", "flow_gal", "corrects")
UNIT_ALIASES = {
    "µg/l": "ug/L", "ug/l": "ug/L", "mg/l": "mg/L", "ppm": "mg/L", "su": "pH", "ph": "pH",  # ppm is mg/L (I-30)
    "degc": "degC", "°c": "degC", "degf": "degF", "°f": "degF", "gpm": "gal/min", "gal/min": "gal/min",
}  # fmt: skip
NY = ZoneInfo("America/New_York")
FIRST_YEAR = 1900  # as the facts of a determination (ordinance.facts): earlier is a typing error


def _number(text: str) -> Decimal | None:
    try:
        value = Decimal(text.replace(",", ""))
    except InvalidOperation:
        return None
    return value if value.is_finite() and value >= 0 else None


class _Reader:
    def __init__(self, as_of: dt.date) -> None:
        self.now = dt.datetime.combine(as_of, dt.time.max, tzinfo=NY)
        self.points = {p.code.upper(): p for p in SamplingPoint.objects.select_related("user")}
        self.errors: list[RowError] = []
        self.samples: dict[tuple[str, str], tuple[str, dt.datetime, dt.datetime, str]] = {}
        self.seen: set[tuple[str, str, str]] = set()
        self.known: dict[tuple[str, str], bool] = {}

    def entered(self, key: tuple[str, str]) -> bool:
        """The lab's sample is already in the records (a sample is written once, never added to)."""
        if key not in self.known:
            self.known[key] = Sample.objects.filter(lab=key[0], lab_sample_id=key[1]).exists()
        return self.known[key]

    def moment(self, n: int, name: str, text: str) -> dt.datetime | None:
        try:
            moment = dt.datetime.fromisoformat(text)
        except ValueError:
            self.errors.append(RowError(n, name, f"{text!r} is not a date and time YYYY-MM-DDTHH:MM"))
            return None
        if moment.year < FIRST_YEAR:
            self.errors.append(RowError(n, name, f"{text} is before {FIRST_YEAR}: not a date a lab reports"))
            return None
        moment = moment if moment.tzinfo else moment.replace(tzinfo=NY)
        if moment > self.now and name == "end":
            self.errors.append(RowError(n, name, f"the sample is dated {moment.astimezone(NY).date()}, after the day "
                                        f"of the import ({self.now.date()}): a sample not yet taken has no result "
                                        "(I-50)"))  # fmt: skip
            return None
        if moment > self.now:
            self.errors.append(RowError(n, name, f"{text} is still to come (I-50)"))
            return None
        return moment

    def corrected(self, n: int, cell: dict[str, str], point: SamplingPoint | None, end: dt.datetime | None
                  ) -> Sample | None:  # fmt: skip
        """The earlier sample of the same lab, point and day that this one corrects (I-153)."""
        wanted = cell.get("corrects", "").strip()
        if not wanted:
            return None
        earlier = Sample.objects.filter(lab=cell["lab"], lab_sample_id=wanted).select_related("point").first()
        if earlier is None:
            self.errors.append(RowError(n, "corrects", f"no sample {wanted} of {cell['lab']} is entered to correct"))
        elif point and end and (earlier.point_id, earlier.day) != (point.pk, end.astimezone(NY).date()):
            self.errors.append(RowError(n, "corrects", f"sample {wanted} was taken at {earlier.point.code} on "
                                        f"{earlier.day}: a correction is of the same point and day (I-153)"))
        return earlier

    def row(self, n: int, cell: dict[str, str]) -> LabRow | None:
        before = len(self.errors)

        def err(field: str, message: str) -> None:
            self.errors.append(RowError(n, field, message))

        for name in REQUIRED:
            if not cell.get(name) and not (name == "result" and cell.get("qualifier", "").strip().upper() == "ND"):
                err(name, "is empty")
        if len(self.errors) > before:
            return None
        point = self.points.get(cell["sampling_point"].upper())
        if point is None:
            err("sampling_point", f"no sampling point {cell['sampling_point']!r} is recorded (§118-42)")
        start, end = self.moment(n, "start", cell["start"]), self.moment(n, "end", cell["end"])
        if start and end and end < start:
            err("end", "ends before it starts")
        kind = cell["sample_type"].lower()
        if kind not in ("grab", "composite"):
            err("sample_type", f"{cell['sample_type']!r} is not grab or composite")
        parameter = cell["parameter"].lower().replace(" ", "_").replace(",", "")
        if parameter not in PARAMETERS:
            err("parameter", f"{cell['parameter']!r} is not a parameter §118-37 limits; known: {', '.join(PARAMETERS)}")
        unit = UNIT_ALIASES.get(cell["unit"].lower(), cell["unit"])
        if unit not in RESULT_UNITS:
            err("unit", f"{cell['unit']!r} is not a unit sewerworks reads; known: {', '.join(RESULT_UNITS)}")
        elif parameter in PARAMETERS and not same_kind(unit, PARAMETERS[parameter].unit):
            err("unit", f"{PARAMETERS[parameter].words} is not measured in {unit}")
        qualifier = cell.get("qualifier", "").strip()
        limit = _number(cell["detection_limit"]) if cell.get("detection_limit") else None
        if cell.get("detection_limit") and limit is None:
            err("detection_limit", f"{cell['detection_limit']!r} is not a number, 0 or more")
        not_detected = "ND" in (qualifier.upper(), cell["result"].strip().upper())
        value = limit if not_detected else _number(cell["result"])
        if not_detected:  # I-152: "ND" reads as "<" the detection limit, which it needs
            qualifier = "<"
            if not cell.get("detection_limit"):
                err("detection_limit", "ND (not detected) needs the detection limit: with it the result reads as "
                    "< the detection limit (I-152)")  # fmt: skip
        elif value is None:
            err("result", f"{cell['result']!r} is not a number, 0 or more")
        if qualifier == ">":
            err("qualifier", "> means above the laboratory's range: the lab must dilute the sample and report a "
                "number (I-152)")  # fmt: skip
        elif qualifier not in ("", "<"):
            err("qualifier", f"{qualifier!r} is not empty, < (below the detection limit) or ND (I-152)")
        flow = _number(cell["flow_gal"]) if cell.get("flow_gal") else None
        if cell.get("flow_gal") and flow is None:
            err("flow_gal", f"{cell['flow_gal']!r} is not a number of gallons")
        key = (cell["lab"], cell["sample_id"])
        if start and end and key in self.samples and self.samples[key] != (cell["sampling_point"].upper(), start, end,
                                                                            kind):  # fmt: skip
            err("sample_id", f"sample {key[1]} appears with another point, time or type on an earlier row")
        if start and end:
            self.samples.setdefault(key, (cell["sampling_point"].upper(), start, end, kind))
        if (*key, parameter) in self.seen or Result.objects.filter(
            sample__lab=key[0], sample__lab_sample_id=key[1], parameter=parameter
        ).exists():
            err("parameter", f"{parameter} of sample {key[1]} ({key[0]}) is already entered")
        elif self.entered(key):
            err("sample_id", f"sample {key[1]} ({key[0]}) is already entered: samples are never edited, a further "
                "result or a correction comes as a new sample")  # fmt: skip
        self.seen.add((*key, parameter))
        corrects = self.corrected(n, cell, point, end)
        if len(self.errors) > before or point is None or start is None or end is None or value is None:
            return None
        return LabRow(
            sample_id=cell["sample_id"], point=point, started_at=start, ended_at=end, kind=kind, parameter=parameter,
            value=value, qualifier=qualifier, detection_limit=limit, unit=unit,
            method=cell.get("method", ""), lab=cell["lab"], flow_gallons=flow, corrects=corrects,
        )  # fmt: skip


@register_import_kind
class LabResultsKind(ImportKind):
    name = "pretreatment-results"
    label = "a laboratory's results"
    permission = "pretreatment.import_results"
    audit_action = "import_lab_results"
    count_names = ("new",)
    written_counts = ("new",)
    order = 400
    what = "import lab results"
    who_may = "the clerk or the Superintendent"

    def check(self, data: bytes, *, context: dict[str, Any], as_of: dt.date) -> Checked:
        reader = _Reader(as_of)
        return check_csv_rows(data, REQUIRED, reader)

    def apply(self, checked: Checked, writer: Any, *, acting_user: Any, reason: str) -> None:
        rows: list[LabRow] = checked.payload
        run = str(getattr(writer, "run", "") or "")

        def enter() -> None:
            do_record_results(rows, acting_user=acting_user, run=run, reason=reason)

        writer.on_publish(enter)


def check_sample(
    sample: dict[str, str], results: list[dict[str, str]], *, as_of: dt.date
) -> tuple[list[LabRow], list[RowError]]:
    """One sample entered by hand (a screen or the API): ``sample`` holds the sample's columns of the CSV
    layout (sample_id, sampling_point, start, end, sample_type, lab, flow_gal, corrects), each of ``results`` one
    result's (parameter, result, qualifier, detection_limit, unit, method). Every result is checked by the
    very rules a lab file's row is; a RowError's ``row`` is the result's position (1 = the first)."""
    reader = _Reader(as_of)
    rows = [reader.row(n, {**sample, **result}) for n, result in enumerate(results, start=1)]
    if reader.errors:
        return [], reader.errors
    return [row for row in rows if row is not None], []
