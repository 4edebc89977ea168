"""Water used per period, meter by meter: what passed the meter between two successive reads, in gallons.

The water used is the same figure the sewer charge rates (§118-52): a meter reading in cubic feet converts
at the dated parameter ``charges.gallons_per_cubic_foot`` (7.48052 gal/ft³, I-24) in force at the end of
the period; gallons are rounded to the whole gallon. A lower read than the one before is the register
rolling over (reading + 10^dials − previous) when ``registry.reads.rollover_problem`` accepts it as one,
as the batch of reads did; otherwise the period is shown without a figure and says why. Estimates are
never used (as in ``registry/reads.py``); of two actual reads on one day, the later recorded counts.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from django.utils import timezone

from sewerworks.core.documents.charts import Limit, Point
from sewerworks.core.parameters import current_parameters
from sewerworks.registry.choices import MeterUnit, ReadSource
from sewerworks.registry.models import MeterRead, WaterMeter
from sewerworks.registry.reads import rollover_problem

GALLONS_PER_FT3 = "charges.gallons_per_cubic_foot"  # I-24
PERIODS_SHOWN = 12  # the parcel page charts the last twelve periods of each meter


@dataclass(frozen=True)
class Period:
    """The water that passed one meter from one read to the next."""

    start: dt.date
    end: dt.date
    start_reading: int
    end_reading: int
    used: int | None  # in the meter's unit; None when the reads cannot be a rollover
    gallons: Decimal | None
    note: str = ""

    @property
    def label(self) -> str:
        return f"{self.start.isoformat()} – {self.end.isoformat()}"


def to_gallons(used: int, unit: str, on: dt.date) -> Decimal:
    """``used`` in the meter's unit as whole gallons (cubic feet × the I-24 factor in force ``on``)."""
    if unit == MeterUnit.CUBIC_FEET:
        factor = Decimal(str(current_parameters().at(on)[GALLONS_PER_FT3]))
        return (used * factor).quantize(Decimal(1), rounding=ROUND_HALF_UP)
    return Decimal(used)


def periods(meter: WaterMeter, reads: Sequence[tuple[dt.date, int]]) -> list[Period]:
    """The periods between successive ``(read on, reading)`` of ``meter`` (sorted by date, one per day)."""
    found: list[Period] = []
    for (start, before), (end, after) in zip(reads, reads[1:], strict=False):
        used: int | None = after - before
        note = ""
        if after < before:
            problem = rollover_problem(before, start, after, meter.dials, meter.unit)
            if problem is None:
                used = after + meter.rollover - before
                note = f"The {meter.dials}-dial register rolled over."
            else:
                used, note = None, "Lower than the read before and not a plausible rollover: not computed."
        gallons = None if used is None else to_gallons(used, meter.unit, end)
        found.append(Period(start, end, before, after, used, gallons, note))
    return found


def actual_reads(meter: WaterMeter, last: int = PERIODS_SHOWN + 1) -> list[tuple[dt.date, int]]:
    """The meter's last ``last`` actual (not estimated) reads, oldest first; the later recorded of a day wins."""
    rows = (
        MeterRead.objects.filter(meter=meter)
        .exclude(source=ReadSource.ESTIMATE)
        .order_by("-read_on", "-id")
        .values_list("read_on", "reading")
    )
    return last_actual(rows.iterator(), last)


def last_actual(
    newest_first: Iterable[tuple[dt.date, int]], last: int = PERIODS_SHOWN + 1
) -> list[tuple[dt.date, int]]:
    """Of actual ``(read on, reading)`` newest first (by date, then the later recorded), the last ``last``
    days' reads, oldest first; the first seen of a day (the later recorded) wins."""
    by_day: dict[dt.date, int] = {}
    for on, reading in newest_first:
        if on not in by_day:
            by_day[on] = reading
            if len(by_day) >= last:
                break
    return sorted(by_day.items())


def water_use(meter: WaterMeter, reads: Sequence[MeterRead] | None = None) -> list[Period]:
    """The last :data:`PERIODS_SHOWN` periods of ``meter``, oldest first; from ``reads`` (all the meter's
    reads, newest first by date then id: the parcel page reads them once for every meter) if given."""
    if reads is None:
        return periods(meter, actual_reads(meter))
    actual = ((r.read_on, r.reading) for r in reads if r.source != ReadSource.ESTIMATE)
    return periods(meter, last_actual(actual))


def chart_points(found: Sequence[Period]) -> list[Point]:
    """One chart point per period, at its end date, labelled with its dates (for the series chart)."""
    return [Point(p.end, p.gallons, p.label, p.note) for p in found]


def average_line(found: Sequence[Period]) -> list[Limit]:
    """A line at the average gallons per period, labelled with it (none without two computed periods)."""
    computed = [p.gallons for p in found if p.gallons is not None]
    if len(computed) < 2:
        return []
    average = (sum(computed, Decimal(0)) / len(computed)).quantize(Decimal(1), rounding=ROUND_HALF_UP)
    return [Limit(average, "Average per period")]


def factor_note(meter: WaterMeter, found: Sequence[Period]) -> str:
    """How the chart's gallons were obtained from this meter's unit (printed under its chart)."""
    if meter.unit == MeterUnit.CUBIC_FEET:
        factor = current_parameters().at(found[-1].end if found else timezone.localdate())[GALLONS_PER_FT3]
        return f"This meter reads in cubic feet; converted at {factor} gallons per cubic foot (I-24)."
    return "This meter reads in gallons."
