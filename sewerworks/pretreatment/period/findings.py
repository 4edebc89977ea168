"""From the period's candidates to judgements: each candidate judged by the ``discharge-sample`` topic with the
very facts the per-sample path builds (``evaluation.judge_average``, ``judge_sample``), so a finding of the
period and one of its samples are the same row for row.

The results a candidate rests on are read set-based: the series and days of every candidate in one query
(a temporary table of ranges joined to the samples' (point, day) index), converted to Decimal exactly as the
ORM converts them; the readings of a single-reading candidate in chunks of samples.
"""
# ruff: noqa: S608

from __future__ import annotations

import datetime as dt
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import connection
from django.db.models.expressions import Col

from sewerworks.pretreatment.evaluation import (
    PER_SAMPLE,
    SLUG,
    WINDOW_DAYS,
    Judged,
    daily_values,
    judge_average,
    judge_sample,
    mean,
)
from sewerworks.pretreatment.models import Result, Sample, SamplingPoint
from sewerworks.pretreatment.period.changes import Ranges, merged
from sewerworks.pretreatment.period.limits import Agreements
from sewerworks.pretreatment.period.sql import RESULT, SAMPLE, Dialect, _table

CHUNK = 500
WINDOW = dt.timedelta(days=WINDOW_DAYS)
Want = dict[tuple[int, str], set[tuple[str, dt.date]]]  # series -> {(basis, day)}


@dataclass(slots=True)
class Row:
    """A result as a judgement reads it (``evaluation.Reading``), without its model instance."""

    pk: int
    parameter: str
    sample_day: dt.date
    sample_kind: str
    value: Decimal
    qualifier: str
    detection_limit: Decimal | None
    reported_value: Decimal
    reported_unit: str

    @property
    def non_detect(self) -> bool:
        return self.qualifier == "<"


def _converter(model: Any, name: str) -> Callable[[Any], Any]:
    """The ORM's own conversion of a column's database value (SQLite keeps 15 significant digits)."""
    column = Col(model._meta.db_table, model._meta.get_field(name))
    field: Any = column.output_field
    steps = connection.ops.get_db_converters(column) + field.get_db_converters(connection)

    def convert(value: Any) -> Any:
        for step in steps:
            value = step(value, column, connection)
        return value

    return convert


def rows_of(cursor: Any, ranges: Ranges) -> dict[tuple[int, str], list[Row]]:
    """The counted results (I-153) of each series in its ranges of days."""
    d = Dialect()
    _table(cursor, "pt_fetch", "point_id integer, parameter text, lo date, hi date", (
        (p, x, d.date(lo), d.date(hi)) for (p, x), spans in merged(ranges).items() for lo, hi in spans))  # fmt: skip
    cursor.execute(
        f"SELECT r.id, s.point_id, r.parameter, s.day, s.kind, r.value, r.qualifier, r.detection_limit,"
        f" r.reported_value, r.reported_unit FROM pt_fetch t JOIN {SAMPLE} s ON s.point_id = t.point_id"
        f" AND s.day BETWEEN t.lo AND t.hi JOIN {RESULT} r ON r.sample_id = s.id AND r.parameter = t.parameter"
        f" WHERE NOT EXISTS (SELECT 1 FROM {SAMPLE} c JOIN {RESULT} rc ON rc.sample_id = c.id"
        " WHERE c.corrects_id = s.id AND rc.parameter = r.parameter)"
    )
    day = _converter(Sample, "day")
    decimal = _converter(Result, "value")
    out: dict[tuple[int, str], list[Row]] = defaultdict(list)
    for pk, point, parameter, on, kind, value, qualifier, limit, reported, unit in cursor.fetchall():
        out[point, parameter].append(Row(pk, parameter, day(on), kind, decimal(value), qualifier,
                                         decimal(limit), decimal(reported), unit))  # fmt: skip
    cursor.execute("DROP TABLE IF EXISTS pt_fetch")
    return out


class Judge:
    """Judges the candidates of one run, the points and agreements read once."""

    def __init__(self, points: dict[int, SamplingPoint], agreements: Agreements) -> None:
        self.points, self.agreements = points, agreements

    def averages(self, cursor: Any, want: Want) -> dict[tuple[int, str, str, dt.date], Judged]:
        """The 24-hour (``24_hour``, ``review``, ``nondetect``) and 30-day judgements wanted, by (point,
        parameter, basis, day) as asked; a day with no value to judge is left out."""
        spans: Ranges = {s: [(day - WINDOW + dt.timedelta(days=1) if basis == "30_day" else day, day)
                             for basis, day in keys] for s, keys in want.items()}  # fmt: skip
        rows = rows_of(cursor, spans)
        out: dict[tuple[int, str, str, dt.date], Judged] = {}
        for (point_id, parameter), keys in want.items():
            point = self.points[point_id]
            daily = daily_values(rows.get((point_id, parameter), []))
            days = [x.day for x in daily]
            for basis, day in sorted(keys):
                facts = self.agreements.facts(point.user_id, day)
                if basis == "30_day":
                    inside = daily[bisect_right(days, day - WINDOW) : bisect_right(days, day)]
                    if inside:
                        out[point_id, parameter, basis, day] = judge_average(
                            point, parameter, "30_day", day, mean([x.value for x in inside]),
                            [r for x in inside for r in x.results], facts)  # fmt: skip
                    continue
                at = bisect_right(days, day) - 1
                if at >= 0 and days[at] == day:
                    x = daily[at]
                    out[point_id, parameter, basis, day] = judge_average(
                        point, parameter, "24_hour", day, x.value, x.results, facts, non_detect=x.non_detect,
                        detection_limit=x.detection_limit)  # fmt: skip
        return out

    def readings(self, samples: set[int]) -> list[Judged]:
        """Every judgement of the single readings of these samples (pH, temperature, slug loads)."""
        out: list[Judged] = []
        ids = sorted(samples)
        for n in range(0, len(ids), CHUNK):
            by_sample: dict[int, list[Result]] = defaultdict(list)
            found = Result.objects.counted().filter(sample_id__in=ids[n : n + CHUNK], parameter__in=PER_SAMPLE | SLUG)
            for result in found.select_related("sample__point").order_by("sample_id", "parameter"):
                by_sample[result.sample_id].append(result)
            for results in by_sample.values():
                sample = results[0].sample
                out += judge_sample(sample, results, self.agreements.facts(sample.point.user_id, sample.day))
        return out
