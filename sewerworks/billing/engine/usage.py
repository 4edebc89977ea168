"""The water a meter measured in a period, from its reads (I-24, I-48, I-60).

I-60 (our reading of "the amount of water [...] used" in a semiannual period, with §118-51's read
window): a meter's end read is its last read up to the end of the period's read window, and it must lie
in the window, unless the meter was removed during the period (then its final read, on or after the
period's first day, ends it). Its start read is its last read before the window (and before the end
read): the previous period's. A meter with no earlier read starts from its initial read (the one dated
the day it was installed) or from 0 when it was installed during the period (a new register); otherwise
it is held for a person. A meter change (``registry.meters.do_replace_meter``) is thus billed as the old
meter's final read less its previous read plus the new meter's current read less its initial read.
A lower end read is a rollover only when plausible (I-48, by the register's size: I-181); cubic feet convert
at the parameter's gallons per cubic foot (I-24).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from sewerworks.billing.engine.gather import MeterData
from sewerworks.billing.models import BillingPeriod
from sewerworks.ordinance.s118_52_meter_rollover import RolloverRule


def previous_reads_until(period: BillingPeriod) -> dt.date:
    """The last day of the previous period's read window: the start read is the last read on or before it
    (``BillingPeriod.start_reads_until``: I-60, I-96; the reads import judges a read from it too, I-181)."""
    return period.start_reads_until


@dataclass(frozen=True)
class MeterUse:
    """What one meter measured in the period: register units, gallons, or why it is held."""

    start: int
    end: int
    units: int
    gallons: Decimal
    rolled_over: bool


class Held(Exception):
    """A meter whose reads cannot be billed without a person (the reason, in plain words)."""


def meter_use(meter: MeterData, period: BillingPeriod, rule: RolloverRule, per_ft3: Decimal) -> MeterUse:
    removed_in_period = meter.removed_on is not None and meter.removed_on <= period.reads_until
    upto = [r for r in meter.reads if r[0] <= period.reads_until]
    end = upto[-1] if upto else None
    first_day = period.start if removed_in_period else period.reads_from
    if end is None or end[0] < first_day:
        raise Held(f"Meter {meter.serial} has no read between {first_day} and {period.reads_until} (§118-51, I-60).")
    previous_until = previous_reads_until(period)
    if removed_in_period and end[0] <= previous_until:
        # a meter replaced in the previous period's read window after that period's last day: its final
        # read ended the previous period's bill, so nothing of it is left for this one (I-60). That window
        # is taken to reach as far past the previous end as this one reaches past this end.
        return MeterUse(end[1], end[1], 0, Decimal(0), False)
    earlier = [r for r in upto if r[0] <= previous_until and r[0] < end[0]]
    if earlier:
        start = earlier[-1][1]
    elif meter.installed_on is not None and meter.installed_on >= period.start:
        # installed in the period: from its initial read (do_replace_meter records one on the day), else 0
        start = next((r[1] for r in upto if r[0] == meter.installed_on), 0)
    else:
        raise Held(
            f"Meter {meter.serial} has no read on or before {previous_until} (the previous read window)"
            " to start the period from (I-60)."
        )
    units = end[1] - start
    rolled = units < 0
    if rolled:
        units += 10**meter.dials
        if not rule.plausible(units, meter.dials, meter.unit):
            raise Held(
                f"Meter {meter.serial}: the end read {end[1]:,} is lower than the start read {start:,}; as a "
                f"rollover it would mean {units:,}, {rule.words(meter.dials, meter.unit)}."
            )
    gallons = Decimal(units) * per_ft3 if meter.unit == "ft3" else Decimal(units)
    return MeterUse(start, end[1], units, gallons, rolled)
