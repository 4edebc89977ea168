"""The period's candidates, found set-based in SQL: no query per result, nothing in Python per result.

Every value is compared in integers, exactly (I-31): a result's value in nano-units of its limit's unit, a
day's value in micro-units rounded up at the sixth place as ``evaluation.mean`` rounds it (the composites'
mean, else the grabs'; a non-detect is stored as zero), a 30-day average as the day values' sum against the
limit times their number. The steps, on the connection's temporary tables (gone with the connection):

- ``pt_limits``: the limits of each day (``limits.chapter_limits``), ``pt_agree``: the agreements (per sampling
  point), ``pt_read``/``pt_judge``: on a rerun, the series and days to read and to judge (absent: all);
- ``pt_daily``: one row per point, parameter and day read: its day value, whether it is all non-detects and the
  largest detection limit (pico-units), the results read;
- the 24-hour candidates (and the §118-39 triggers, and the non-detects whose detection limit is above the
  limit, I-72), the 30-day candidates (a window function over the day values, with a zero row on the day
  after each leaves the window, I-76), the single readings beyond pH, 150 °F or a slug limit.

A candidate is only that: the topic judges each (``findings``), so SQL never decides a finding alone.
Table and column names come from the models' ``_meta``; every value is a query parameter.
"""
# ruff: noqa: S608

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import connection

from sewerworks.pretreatment.models import Result, Sample
from sewerworks.pretreatment.period.limits import REVIEW, TOXIC, Agreed, Limit

RESULT, SAMPLE = Result._meta.db_table, Sample._meta.db_table
NANO = Decimal(10) ** 9
WINDOW = 30
INSTANT = ("ph", "temperature", "bod", "suspended_solids")
SeriesRanges = dict[tuple[int, str], list[tuple[dt.date, dt.date]]]


class Dialect:
    """What differs between SQLite and PostgreSQL: integer nano-units and day numbers."""

    def __init__(self) -> None:
        self.sqlite = connection.vendor == "sqlite"

    def nano(self, expr: str) -> str:
        if self.sqlite:
            return f"CAST(ROUND(({expr}) * 1000000000) AS INTEGER)"
        return f"ROUND(({expr}) * 1000000000)::bigint"

    def total(self, expr: str) -> str:
        """An integer sum (PostgreSQL's SUM of bigint is numeric, whose division is not an integer's)."""
        return f"SUM({expr})" if self.sqlite else f"SUM({expr})::bigint"

    def window(self, column: str) -> str:
        """The sum over the 30-day window, an integer (PostgreSQL's would be numeric, slower to compare)."""
        return f"SUM({column}) OVER win" if self.sqlite else f"(SUM({column}) OVER win)::bigint"

    def dayno(self, expr: str) -> str:
        return f"CAST(julianday({expr}) AS INTEGER)" if self.sqlite else f"({expr} - DATE '2000-01-01')"

    def number(self, day: dt.date) -> int:
        """The day number ``dayno`` gives ``day``."""
        return day.toordinal() + (1721424 if self.sqlite else -730120)

    def day(self, number: int) -> dt.date:
        return dt.date.fromordinal(number - (1721424 if self.sqlite else -730120))

    def date(self, day: dt.date) -> Any:
        return connection.ops.adapt_datefield_value(day)


def nano(value: Decimal) -> int:
    """A limit in nano-units (limits have at most nine decimals; a finer one is cut down, keeping candidates)."""
    return int((value * NANO).to_integral_value(rounding="ROUND_FLOOR"))


def _table(cursor: Any, name: str, columns: str, rows: Iterable[tuple[Any, ...]]) -> None:
    cursor.execute(f"DROP TABLE IF EXISTS {name}")
    cursor.execute(f"CREATE TEMP TABLE {name} ({columns})")
    marks = ", ".join(["%s"] * len(columns.split(",")))
    rows = list(rows)
    if rows:
        cursor.executemany(f"INSERT INTO {name} VALUES ({marks})", rows)


def drop_tables(cursor: Any) -> None:
    for name in ("pt_limits", "pt_agree", "pt_read", "pt_judge", "pt_daily"):
        cursor.execute(f"DROP TABLE IF EXISTS {name}")


@dataclass
class Candidates:
    """What SQL found to judge: (point, parameter, day) on each basis, and the readings beyond a limit."""

    daily: list[tuple[int, str, dt.date, str]]  # (point, parameter, day, "24_hour" | "review" | "nondetect")
    thirty: list[tuple[int, str, dt.date]]
    readings: list[tuple[int, str, dt.date, int]]  # (point, parameter, day, sample)
    results_read: int
    series: int


class Finder:
    """The candidates of ``start``..``end`` (on a rerun, of the series and days in ``judge`` only)."""

    def __init__(self, start: dt.date, end: dt.date, limits: list[Limit], agreed: list[Agreed],
                 points_of: dict[int, list[int]]) -> None:  # fmt: skip
        self.d = Dialect()
        self.start, self.end = start, end
        self.limits, self.agreed, self.points_of = limits, agreed, points_of

    def _corrected(self) -> str:
        return (f"NOT EXISTS (SELECT 1 FROM {SAMPLE} c JOIN {RESULT} rc ON rc.sample_id = c.id"
                " WHERE c.corrects_id = s.id AND rc.parameter = r.parameter)")  # fmt: skip

    def prepare(self, cursor: Any, read: SeriesRanges | None, judge: SeriesRanges | None) -> None:
        d = self.d
        _table(cursor, "pt_limits", "parameter text, basis text, lo integer, hi integer, lim bigint, low bigint", (
            (x.parameter, x.basis, d.number(x.start), d.number(x.end), nano(x.high),
             None if x.low is None else nano(x.low)) for x in self.limits))  # fmt: skip
        _table(cursor, "pt_agree", "point_id integer, parameter text, lo integer, hi integer, lim bigint", (
            (point, a.parameter, d.number(a.start), d.number(a.end), nano(a.limit))
            for a in self.agreed for point in self.points_of.get(a.user_id, ())))  # fmt: skip
        cursor.execute("CREATE INDEX pt_limits_of ON pt_limits (parameter, basis, lo)")
        cursor.execute("CREATE INDEX pt_agree_of ON pt_agree (point_id, parameter, lo)")
        if not d.sqlite:  # temporary tables have no statistics until analysed: the planner guessed 1 row
            cursor.execute("ANALYZE pt_limits")
            cursor.execute("ANALYZE pt_agree")
        cursor.execute("DROP TABLE IF EXISTS pt_read")
        cursor.execute("DROP TABLE IF EXISTS pt_judge")
        if read is not None and judge is not None:
            _table(cursor, "pt_read", "point_id integer, parameter text, lo date, hi date", (
                (p, x, d.date(lo), d.date(hi)) for (p, x), ranges in read.items() for lo, hi in ranges))  # fmt: skip
            _table(cursor, "pt_judge", "point_id integer, parameter text, lo integer, hi integer", (
                (p, x, d.number(lo), d.number(hi)) for (p, x), spans in judge.items() for lo, hi in spans))  # fmt: skip
        self.scoped = read is not None
        self._daily(cursor)

    def _daily(self, cursor: Any) -> None:
        d = self.d
        value, limit = d.nano("r.value"), d.nano("COALESCE(r.detection_limit, r.reported_value)")
        pico = f"CASE WHEN r.reported_unit = 'ug/L' THEN {limit} ELSE {limit} * 1000 END"
        scope = ("JOIN pt_read t ON t.point_id = s.point_id AND t.parameter = r.parameter"
                 " AND s.day BETWEEN t.lo AND t.hi") if self.scoped else ""  # fmt: skip
        composite, below = "s.kind = 'composite'", "r.qualifier = '<'"
        cursor.execute("DROP TABLE IF EXISTS pt_daily")
        cursor.execute(
            f"CREATE TEMP TABLE pt_daily AS SELECT point_id, parameter, dayno,"
            " CASE WHEN nc > 0 THEN (sc + nc * 1000 - 1) / (nc * 1000) ELSE (sa + na * 1000 - 1) / (na * 1000) END"
            " AS micro,"
            " CASE WHEN (nc > 0 AND ndc = nc) OR (nc = 0 AND nda = na) THEN 1 ELSE 0 END AS nd,"
            " CASE WHEN nc > 0 THEN dlc ELSE dla END AS dl, na AS n FROM ("
            f" SELECT s.point_id, r.parameter, {d.dayno('s.day')} AS dayno,"
            f" SUM(CASE WHEN {composite} THEN 1 ELSE 0 END) AS nc,"
            f" {d.total(f'CASE WHEN {composite} THEN {value} ELSE 0 END')} AS sc, COUNT(*) AS na,"
            f" {d.total(value)} AS sa,"
            f" SUM(CASE WHEN {composite} AND {below} THEN 1 ELSE 0 END) AS ndc,"
            f" SUM(CASE WHEN {below} THEN 1 ELSE 0 END) AS nda,"
            f" MAX(CASE WHEN {composite} AND {below} THEN {pico} END) AS dlc,"
            f" MAX(CASE WHEN {below} THEN {pico} END) AS dla"
            f" FROM {RESULT} r JOIN {SAMPLE} s ON s.id = r.sample_id {scope}"
            f" WHERE s.day BETWEEN %s AND %s AND {self._corrected()}"
            " GROUP BY s.point_id, r.parameter, s.day) x",
            [d.date(self.start - dt.timedelta(days=WINDOW)), d.date(self.end)],
        )
        if not d.sqlite:
            cursor.execute("ANALYZE pt_daily")

    def _judged(self, alias: str) -> str:
        if not self.scoped:
            return ""
        return (f"JOIN pt_judge j ON j.point_id = {alias}.point_id AND j.parameter = {alias}.parameter"
                f" AND {alias}.dayno BETWEEN j.lo AND j.hi")  # fmt: skip

    def find(self, cursor: Any) -> Candidates:
        d = self.d
        bounds = [d.number(self.start), d.number(self.end)]
        agree = ("LEFT JOIN pt_agree a ON a.point_id = {0}.point_id AND a.parameter = {0}.parameter"
                 " AND {0}.dayno BETWEEN a.lo AND a.hi")  # fmt: skip
        lim = "COALESCE(a.lim, l.lim)"
        cursor.execute(
            f"SELECT x.point_id, x.parameter, x.dayno, l.basis, x.micro * 1000 >= {lim} FROM pt_daily x"
            f" JOIN pt_limits l ON l.parameter = x.parameter AND l.basis IN ('24_hour', '{REVIEW}')"
            f" AND x.dayno BETWEEN l.lo AND l.hi {agree.format('x')} {self._judged('x')}"
            f" WHERE x.dayno BETWEEN %s AND %s AND (x.micro * 1000 >= {lim}"
            f" OR (x.nd = 1 AND l.basis = '24_hour' AND x.dl > {lim} * 1000))",
            bounds,
        )
        daily = [(p, x, d.day(n), basis if over else "nondetect") for p, x, n, basis, over in cursor.fetchall()]
        toxic = ", ".join(f"'{k}'" for k in TOXIC)
        cursor.execute(
            "WITH u AS ("
            f" SELECT point_id, parameter, dayno, micro AS m, 1 AS n FROM pt_daily WHERE parameter IN ({toxic})"
            f" UNION ALL SELECT point_id, parameter, dayno + {WINDOW}, 0, 0 FROM pt_daily"
            f" WHERE parameter IN ({toxic})),"
            " g AS (SELECT point_id, parameter, dayno, SUM(m) AS m, SUM(n) AS n FROM u"
            " GROUP BY point_id, parameter, dayno),"
            f" w AS (SELECT point_id, parameter, dayno, {d.window('m')} AS wm, {d.window('n')} AS wn FROM g"
            f" WINDOW win AS (PARTITION BY point_id, parameter ORDER BY dayno RANGE BETWEEN {WINDOW - 1} PRECEDING"
            " AND CURRENT ROW))"
            f" SELECT w.point_id, w.parameter, w.dayno FROM w JOIN pt_limits l ON l.parameter = w.parameter"
            f" AND l.basis = '30_day' AND w.dayno BETWEEN l.lo AND l.hi {agree.format('w')} {self._judged('w')}"
            f" WHERE w.dayno BETWEEN %s AND %s AND w.wn > 0 AND w.wm * 1000 >= {lim} * w.wn",
            bounds,
        )
        thirty = [(p, x, d.day(n)) for p, x, n in cursor.fetchall()]
        readings = self._readings(cursor, bounds)
        cursor.execute("SELECT COALESCE(SUM(n), 0) FROM pt_daily")
        (read,) = cursor.fetchone()
        cursor.execute("SELECT COUNT(*) FROM (SELECT DISTINCT point_id, parameter FROM pt_daily) x")
        (series,) = cursor.fetchone()
        return Candidates(daily, thirty, readings, int(read), int(series))

    def _readings(self, cursor: Any, bounds: list[int]) -> list[tuple[int, str, dt.date, int]]:
        d = self.d
        value = d.nano("r.value")
        judged = (f"JOIN pt_judge j ON j.point_id = s.point_id AND j.parameter = r.parameter"
                  f" AND {d.dayno('s.day')} BETWEEN j.lo AND j.hi") if self.scoped else ""  # fmt: skip
        instant = ", ".join(f"'{k}'" for k in INSTANT)
        cursor.execute(
            f"SELECT s.point_id, r.parameter, {d.dayno('s.day')}, s.id FROM {RESULT} r JOIN {SAMPLE} s"
            f" ON s.id = r.sample_id JOIN pt_limits l ON l.parameter = r.parameter AND l.basis = 'instantaneous'"
            f" AND {d.dayno('s.day')} BETWEEN l.lo AND l.hi {judged}"
            f" WHERE s.day BETWEEN %s AND %s AND r.parameter IN ({instant})"
            " AND (r.parameter IN ('ph', 'temperature') OR s.kind = 'grab')"
            f" AND ({value} > l.lim OR {value} < l.low) AND {self._corrected()}",
            [d.date(d.day(bounds[0])), d.date(d.day(bounds[1]))],
        )
        return [(p, x, d.day(n), sample) for p, x, n, sample in cursor.fetchall()]
