"""Meter reads: append-only, written in batches (from the water district's file, the API or a screen).

A batch is all or nothing: every row is checked (the meter exists, the date, the reading fits the
register, no duplicate, a lower reading only as a plausible rollover; where the row says so, the account
the meter belongs to and the meter's unit; where the caller names one, a billing period's read window) and
either all rows are written in one bulk insert with ONE audit event, or none is and each bad row is named.

:func:`check_meter_reads` is the one validator: :func:`do_record_meter_reads` (API, screens) writes what
it accepts at once, the water district's file import (``billing.imports.reads``) writes it in staged chunks.
"""

from __future__ import annotations

import bisect
import datetime as dt
import re
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import OuterRef, Subquery
from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.core.models import AuditEvent
from sewerworks.core.parameters import current_parameters
from sewerworks.core.text import check_text, has_nul
from sewerworks.ordinance.parameters.model import NotInForce
from sewerworks.ordinance.s118_52_meter_rollover import RolloverRule, units_used
from sewerworks.registry.choices import MeterUnit, ReadSource
from sewerworks.registry.models import MeterRead, WaterMeter

_CHUNK = 500


@dataclass(frozen=True)
class RowError:
    """What is wrong with one row of a batch (``row`` counts from 0, as the API's ``loc`` does)."""

    row: int
    field: str
    message: str

    def __str__(self) -> str:
        return f"Row {self.row + 1}, {self.field}: {self.message}"


class RowErrors(ValidationError):
    """A batch refused: every bad row with its reason. Nothing of the batch was written."""

    def __init__(self, rows: list[RowError]) -> None:
        self.rows = rows
        super().__init__([f"{len(rows)} row(s) refused; nothing was recorded."] + [str(r) for r in rows])


@dataclass(frozen=True)
class ReadWindow:
    """The days a read may be dated: a billing period's read window (§118-51, I-58), named in refusals."""

    first: dt.date
    last: dt.date
    name: str = ""
    # A billing period's: the last day of its start reads and its last day, so that a read is judged as the bill
    # run will judge it, from the period's start read with the rules of its last day (I-60, I-181).
    start_until: dt.date | None = None
    rules_on: dt.date | None = None

    def refusal(self, on: dt.date) -> str | None:
        if self.first <= on <= self.last:
            return None
        whose = f" of the billing period {self.name}" if self.name else ""
        return f"{on} is outside the read window{whose}: {self.first} to {self.last} (§118-51, I-58)."


UNITS = {"gal": MeterUnit.GALLONS, "gallons": MeterUnit.GALLONS, "gallon": MeterUnit.GALLONS,
         "ft3": MeterUnit.CUBIC_FEET, "cf": MeterUnit.CUBIC_FEET, "cubic feet": MeterUnit.CUBIC_FEET}


@dataclass(frozen=True)
class ReadBatch:
    """A batch of reads written: its run, how many rows, and its audit record."""

    run: str
    count: int
    audit_event: AuditEvent


def rollover_problem(previous: int, previous_on: dt.date, reading: int, dials: int, unit: str = "gal", *,
                     rules_on: dt.date | None = None, whose: str = "the read") -> str | None:  # fmt: skip
    """Why ``reading`` cannot follow ``previous`` on a ``dials``-dial register, or None if it can.

    The rule is the ordinance layer's (``s118_52_meter_rollover``, I-48 by the register's size, I-181), with
    the values in force on ``rules_on`` (default: the day of the previous read); this names the problem. A
    lower reading is the register rolling over from 10^dials - 1 to 0 only when the water it would mean
    (reading + 10^dials - previous) is plausible; otherwise it is a misread, a replaced meter or a reversed
    date, for a person to look at. ``whose``: how to name the previous read ("the period's start read").
    """
    if reading >= previous:  # no rollover to judge: the parameter is not read (nor need be in force)
        return None
    try:
        rule = RolloverRule.of(current_parameters().at(rules_on or previous_on))
    except NotInForce:  # a previous read dated before any rollover rule (a typo in a year): a person looks
        return (f"Lower than the read of {previous:,} on {previous_on}, a day before any rollover rule was in "
                "force (I-48). Check both reads, or record the meter's replacement.")
    if units_used(previous, reading, dials, rule, unit) is not None:
        return None
    wrapped = reading + 10**dials - previous
    shown = "ft³" if unit == "ft3" else "gal"
    return (
        f"Lower than {whose} of {previous:,} on {previous_on}; as a rollover of the {dials}-dial register it "
        f"would mean {wrapped:,} {shown} used, {rule.words(dials, unit)}. "
        "Check the read, or record the meter's replacement."
    )


SERIAL_MAX = WaterMeter._meta.get_field("serial").max_length or 40
WHOLE_RE = re.compile(r"^-?[0-9]{1,30}$")


def _parse_read(i: int, row: Mapping[str, Any], errors: list[RowError]) -> tuple[Any, Any, Any, str]:
    meter = row.get("meter", row.get("meter_id", row.get("meter_serial")))
    if isinstance(meter, WaterMeter):
        meter = meter.pk
    if isinstance(meter, str):
        meter = meter.strip().upper()
        if has_nul(meter) or len(meter) > SERIAL_MAX:
            errors.append(RowError(i, "meter", f"A serial no. is at most {SERIAL_MAX} characters, without NUL."))
            return None, None, None, ""
    if not meter or isinstance(meter, bool) or not isinstance(meter, int | str) or (
            isinstance(meter, int) and not 1 <= meter < 2**63):
        errors.append(RowError(i, "meter", "Name the meter by its serial no. or id."))
        meter = None
    read_on = row.get("read_on")
    if isinstance(read_on, str):
        try:
            read_on = dt.date.fromisoformat(read_on.strip())
        except ValueError:
            read_on = None
    if isinstance(read_on, dt.datetime):
        read_on = read_on.date()
    if not isinstance(read_on, dt.date):
        errors.append(RowError(i, "read_on", "A date (YYYY-MM-DD) is required."))
    elif read_on > timezone.localdate():  # a reading still to come is refused (I-50)
        errors.append(RowError(i, "read_on", f"{read_on} is in the future."))
    reading = row.get("reading")
    if isinstance(reading, str) and WHOLE_RE.match(reading.strip()):
        reading = int(reading.strip())
    if isinstance(reading, bool) or not isinstance(reading, int):
        shown = f"{reading!r} is not" if isinstance(reading, str) and len(reading) <= 30 else "The reading must be"
        errors.append(RowError(i, "reading", f"{shown} a whole number (the register as read, no decimals)."))
    elif reading < 0:
        errors.append(RowError(i, "reading", "The reading must not be negative."))
    source = row.get("source") or ReadSource.WATER_DISTRICT
    if source not in ReadSource.values:
        errors.append(RowError(i, "source", f"Must be one of {', '.join(ReadSource.values)}."))
    return meter, read_on, reading, str(source)


def _meter_refusal(row: Mapping[str, Any], meter: WaterMeter, on: dt.date, reading: int,
                   window: ReadWindow | None) -> tuple[str, str] | None:
    """Why a well-formed row cannot be a read of this meter (the field and the rule), or None."""
    if meter.installed_on and on < meter.installed_on:
        return "read_on", f"Before the meter was installed ({meter.installed_on})."
    if meter.removed_on and on > meter.removed_on:
        return "read_on", f"After the meter was removed ({meter.removed_on})."
    if window is not None and (outside := window.refusal(on)):
        return "read_on", outside
    if reading >= meter.rollover:
        return "reading", f"More digits than the meter's {meter.dials}-dial register."
    account = str(row.get("account") or "").strip()
    if account and account.upper() != meter.account.account_number.upper():
        return "account", f"Meter {meter.serial} belongs to account {meter.account.account_number}, not {account[:30]}."
    unit = str(row.get("unit") or "").strip().lower()
    if unit and UNITS.get(unit) is None:
        return "unit", f"{unit[:20]!r} is no unit: gal (gallons) or ft3 (cubic feet)."
    if unit and UNITS[unit] != meter.unit:
        return "unit", f"Meter {meter.serial} reads in {meter.get_unit_display().lower()}, not {unit}."
    return None


def _find_meters(keys: set[Any]) -> dict[Any, WaterMeter]:
    found: dict[Any, WaterMeter] = {}
    ids, serials = sorted(k for k in keys if isinstance(k, int)), sorted(k for k in keys if isinstance(k, str))
    for start in range(0, max(len(ids), len(serials)), _CHUNK):
        for m in WaterMeter.objects.select_related("account").filter(pk__in=ids[start:start + _CHUNK]):
            found[m.pk] = m
        for m in WaterMeter.objects.select_related("account").filter(serial__in=serials[start:start + _CHUNK]):
            found[m.serial] = m
    return found


Read = tuple[dt.date, int]  # (read on, reading)
ReadKey = tuple[int, dt.date, str]  # (meter id, read on, source): recorded once


def _timelines(meter_ids: list[int], since: dt.date) -> tuple[dict[int, list[Read]], set[ReadKey]]:
    """Existing reads of these meters from ``since`` on, plus the last one before it (non-estimates only,
    sorted by date), and the (meter, date, source) keys already taken."""
    timeline: dict[int, list[Read]] = {pk: [] for pk in meter_ids}
    taken: set[ReadKey] = set()
    for start in range(0, len(meter_ids), _CHUNK):
        chunk = meter_ids[start:start + _CHUNK]
        for mid, on, reading, source in MeterRead.objects.filter(meter_id__in=chunk, read_on__gte=since).values_list(
                "meter_id", "read_on", "reading", "source"):
            taken.add((mid, on, source))
            if source != ReadSource.ESTIMATE:
                timeline[mid].append((on, reading))
        before = MeterRead.objects.filter(meter=OuterRef("pk"), read_on__lt=since).exclude(source=ReadSource.ESTIMATE)
        before = before.order_by("-read_on", "-reading")
        for mid, on, reading in WaterMeter.objects.filter(pk__in=chunk).annotate(
                on=Subquery(before.values("read_on")[:1]), last=Subquery(before.values("reading")[:1])
        ).values_list("pk", "on", "last"):
            if on is not None:
                timeline[mid].append((on, reading))
    for reads in timeline.values():
        reads.sort()
    return timeline, taken


def check_meter_reads(
    rows: Sequence[Mapping[str, Any]], *, acting_user: Any, run: str, window: ReadWindow | None = None
) -> tuple[list[MeterRead], list[RowError]]:
    """Check a batch of reads against the records, writing nothing: the reads to write, and every refusal.

    Each row names a meter (``meter``: serial no. or id), ``read_on``, ``reading`` and ``source``, and may
    name the ``account`` the meter belongs to and the ``unit`` it reads in (both then must match the meter's
    record). A row is refused when the meter is unknown, the date is in the future, outside the meter's
    service or outside ``window``, the reading is not a whole number from 0 to 10^dials - 1, the same meter,
    date and source is already recorded (or repeated in the batch), or it is lower than the meter's previous
    read (or higher than its next) and not a plausible rollover (I-48). Estimates are recorded but never
    compared against.
    """
    errors: list[RowError] = []
    parsed = [_parse_read(i, row, errors) for i, row in enumerate(rows)]
    bad = {e.row for e in errors}
    meters = _find_meters({p[0] for p in parsed if p[0] is not None})
    accepted: list[tuple[int, int, WaterMeter, dt.date, int, str]] = []
    for i, (key, on, reading, source) in enumerate(parsed):
        meter = meters.get(key) if isinstance(key, int | str) and key else None
        if meter is None and not any(e.row == i and e.field == "meter" for e in errors):
            errors.append(RowError(i, "meter", f"No water meter {key}."))
        if meter is None or i in bad:
            continue
        refusal = _meter_refusal(rows[i], meter, on, reading, window)
        if refusal:
            errors.append(RowError(i, *refusal))
        else:
            accepted.append((meter.pk, i, meter, on, reading, source))
    since = min((a[3] for a in accepted), default=dt.date.min)
    if window is not None and window.start_until is not None and accepted:  # the period's start reads too
        since = min(since, window.start_until + dt.timedelta(days=1))
    timeline, taken = _timelines(sorted({a[0] for a in accepted}), since)
    to_write: list[MeterRead] = []
    for mid, i, meter, on, reading, source in sorted(accepted, key=lambda a: (a[0], a[3], a[1])):
        if (mid, on, source) in taken:
            errors.append(RowError(i, "read_on", f"Meter {meter.serial} already has a {source} read on {on}."))
            continue
        reads = timeline[mid]
        at = bisect.bisect_left(reads, (on, -1))
        problem = rollover_problem(reads[at - 1][1], reads[at - 1][0], reading, meter.dials, meter.unit,
                                   rules_on=window.rules_on if window else None) if at else None  # fmt: skip
        later = next((r for r in reads[at:] if r[0] > on), None)
        if problem is None and later is not None and source != ReadSource.ESTIMATE:
            if rollover_problem(reading, on, later[1], meter.dials, meter.unit):
                problem = f"Higher than the later read of {later[1]:,} on {later[0]}, which would then go down."
        if problem is None and source != ReadSource.ESTIMATE:
            problem = _from_start_read(reads, on, reading, meter, window)
        if problem:
            errors.append(RowError(i, "reading", problem))
            continue
        taken.add((mid, on, source))
        if source != ReadSource.ESTIMATE:
            bisect.insort(reads, (on, reading))
        to_write.append(MeterRead(meter=meter, read_on=on, reading=reading, source=source,
                                  created_by=acting_user, run=run))
    return to_write, sorted(errors, key=lambda e: (e.row, e.field))


def _from_start_read(reads: list[Read], on: dt.date, reading: int, meter: WaterMeter,
                     window: ReadWindow | None) -> str | None:  # fmt: skip
    """Why the bill run would hold this read as the period's end read, judged from the period's start read (the
    last read on or before ``window.start_until``) as the run judges it (I-60, I-181); None if it would not."""
    if window is None or window.start_until is None:
        return None
    start = next((r for r in reversed(reads) if r[0] <= window.start_until and r[0] < on), None)
    if start is None:
        return None
    return rollover_problem(start[1], start[0], reading, meter.dials, meter.unit, rules_on=window.rules_on,
                            whose="the period's start read")  # fmt: skip


def new_run(run: str = "") -> str:
    check_text("run", run)
    return (run or f"reads-{timezone.now():%Y%m%d%H%M%S}-{uuid.uuid4().hex[:6]}")[:64]


def do_record_meter_reads(
    rows: Iterable[Mapping[str, Any]], *, acting_user: Any, run: str = "", window: ReadWindow | None = None
) -> ReadBatch:
    """Record a batch of meter reads, all or nothing, with one AuditEvent; :func:`check_meter_reads` says
    which rows are refused and why (``RowErrors``, nothing written)."""
    require(acting_user, "registry.add_meterread", "record meter reads")
    rows = list(rows)
    if not rows:
        raise ValidationError("The batch has no reads.")
    run = new_run(run)
    with transaction.atomic():
        to_write, errors = check_meter_reads(rows, acting_user=acting_user, run=run, window=window)
        if errors:
            raise RowErrors(errors)
        MeterRead.objects.bulk_create(to_write, batch_size=1000)
        event = AuditEvent.objects.create(actor=acting_user, action="do_record_meter_reads", run=run,
                                          **audit_summary(to_write))
    return ReadBatch(run=run, count=len(to_write), audit_event=event)


def audit_summary(written: list[MeterRead]) -> dict[str, Any]:
    """The subject, rows and detail of the one audit record of a batch of reads."""
    dates = sorted(r.read_on.isoformat() for r in written) or [""]
    detail = {"meters": len({r.meter_id for r in written}), "first": dates[0], "last": dates[-1]}
    return {"subject": f"{len(written)} meter reads", "rows": len(written), "detail": detail}
