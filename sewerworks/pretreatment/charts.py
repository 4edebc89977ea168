"""The chart of one substance at one sampling point: each day's 24-hour average, its 30-day average as a second
(dashed) line, the limits of the table as lines, and a ring on each day a limit was exceeded: the 24-hour value
for a 24-hour exceedance, the 30-day average for a 30-day one, which no single sample may show (§118-37, I-31,
I-76)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal

from sewerworks.core.documents.charts import Limit, Point
from sewerworks.core.parameters import current_parameters
from sewerworks.ordinance.s118_37_limits import PARAMETERS, TABLE_COLUMN, toxic_row
from sewerworks.pretreatment.evaluation import WINDOW_DAYS, daily_values, mean
from sewerworks.pretreatment.models import Exceedance, Result, SamplingPoint


@dataclass
class SubstanceChart:
    point: SamplingPoint
    parameter: str
    words: str
    unit: str
    points: list[Point] = field(default_factory=list)
    limits: list[Limit] = field(default_factory=list)
    averages: list[Point] = field(default_factory=list)


def limits_for(parameter: str, on: dt.date) -> list[Limit]:
    """The lines to draw: the table's 24-hour and 30-day limits, or the §118-39 review threshold."""
    view = current_parameters().at(on)
    family = PARAMETERS[parameter].family
    if family == "toxic":
        fresh = view["discharge.receiving_water"] == "fresh"
        row = view.table("discharge.toxic_limits")[toxic_row(parameter, fresh)]
        factor = Decimal(1)
        if parameter == "fluorides" and fresh and not view.flag("discharge.water_supply_fluoridated"):
            factor = view.number("discharge.fluoride_unfluoridated_factor")
        return [Limit(Decimal(row[TABLE_COLUMN["24_hour"]]) * factor, "24-hour limit (§118-37)"),
                Limit(Decimal(row[TABLE_COLUMN["30_day"]]) * factor, "30-day limit (§118-37)")]  # fmt: skip
    if family == "conventional":
        return [Limit(Decimal(view.table("discharge.normal_strength")[parameter]), "Town Engineer's review (§118-39)")]
    if family == "oil_grease":
        return [Limit(view.number("discharge.emulsified_oil_grease"), "Limit (§118-37)")]
    return []


def _exceeded(point: SamplingPoint) -> dict[tuple[str, str], set[dt.date]]:
    """(parameter, basis) -> the days an exceedance was recorded at the point."""
    days: dict[tuple[str, str], set[dt.date]] = {}
    for parameter, basis, day in Exceedance.objects.filter(point=point).values_list("parameter", "basis", "day"):
        days.setdefault((parameter, basis), set()).add(day)
    return days


def charts_for(points: list[SamplingPoint], on: dt.date) -> list[SubstanceChart]:
    """One chart per averaged substance and sampling point, in the order of the table."""
    out = []
    window = dt.timedelta(days=WINDOW_DAYS)
    for point in points:
        results = list(Result.objects.filter(sample__point=point).select_related("sample"))
        exceeded = _exceeded(point)
        for parameter, measured in PARAMETERS.items():
            series = [r for r in results if r.parameter == parameter]
            if not series or measured.family not in ("toxic", "conventional", "oil_grease"):
                continue
            chart = SubstanceChart(point, parameter, measured.words, measured.unit, limits=limits_for(parameter, on))
            daily = daily_values(series)
            over_24 = exceeded.get((parameter, "24_hour"), set())
            over_30 = exceeded.get((parameter, "30_day"), set())
            for d in daily:
                note = "not detected" if d.non_detect else ""
                flag = "24-hour limit exceeded" if d.day in over_24 else ""
                chart.points.append(Point(d.day, d.value, note=note, flag=flag))
            # the 30-day average on each day a value enters the window, and each day it was found exceeded (I-76)
            for day in sorted({d.day for d in daily} | over_30):
                inside = [x.value for x in daily if day - window < x.day <= day]
                if inside:
                    flag = "30-day limit exceeded" if day in over_30 else ""
                    chart.averages.append(Point(day, mean(inside), flag=flag))
            out.append(chart)
    return out
