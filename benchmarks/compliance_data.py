"""The compliance benchmark's year of lab results (``python -m benchmarks compliance --build-only``).

N results (default 1,000,000): N / 2,000 industrial users (500), each with two sampling points, and at each
point twenty parameters (sixteen rows of the toxic table, BOD, suspended solids, pH, temperature): a weekly
24-hour composite of all twenty through 2025, and on one composite day in twelve a grab of pH, temperature,
BOD, copper and zinc too (composites and grabs on the same day: the composite is the day's value, I-31).
A quarter of the metals are non-detects ("<" their detection limit, a few of them above the limit: I-72), half
reported in µg/L; a few values spike above the limits; a few samples are corrected by a later one (I-153);
one user in fifty has a §118-43 agreement for copper from July 1 (I-71); a Board resolution lowers the zinc
limits from July 1 (I-150). Written in bulk, never evaluated: the benchmark evaluates them.
"""
# ruff: noqa: S608, S311 - table names from _meta; a seeded generator, not cryptography

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Iterator
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

NY = ZoneInfo("America/New_York")
YEAR = 2025
LAB = "Bench Environmental Labs"
TOXIC = ("cadmium", "hexavalent_chromium", "total_chromium", "copper", "lead", "mercury", "nickel", "zinc",
         "arsenic", "cyanide_free", "selenium", "silver", "barium", "manganese", "phenol", "fluorides")  # fmt: skip
METALS = {"cadmium", "total_chromium", "copper", "lead", "mercury", "nickel", "zinc", "arsenic", "selenium",
          "silver", "barium", "manganese"}  # fmt: skip
PARAMETERS = (*TOXIC, "bod", "suspended_solids", "ph", "temperature")
GRAB = ("ph", "temperature", "bod", "copper", "zinc")
RESULTS_PER_USER = 2000  # 2 points x 20 parameters x 50 weeks
THOUSANDTH = Decimal("0.001")


def users_for(results: int) -> int:
    return max(1, round(results / RESULTS_PER_USER))


def _thirty_day(parameter: str) -> Decimal:
    from sewerworks.core.parameters import current_parameters

    row = "fluorides_fresh_water" if parameter == "fluorides" else parameter
    return Decimal(current_parameters().at(dt.date(YEAR, 1, 1)).table("discharge.toxic_limits")[row]["thirty_day"])


class Values:
    """Seeded values of each parameter: mostly well within the limits, a few spikes, a quarter of metals not
    detected."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.limits = {p: _thirty_day(p) for p in TOXIC}

    def toxic(self, parameter: str) -> tuple[Decimal, str, str, Decimal | None, Decimal]:
        """(reported value, unit, qualifier, detection limit, value in mg/L)."""
        rng, limit = self.rng, self.limits[parameter]
        micrograms = parameter in METALS and rng.random() < 0.5
        scale = Decimal(1000) if micrograms else Decimal(1)
        unit = "ug/L" if micrograms else "mg/L"
        if parameter in METALS and rng.random() < 0.25:
            dl = limit * Decimal("0.1") if rng.random() > 0.002 else limit * 3  # I-72 now and then
            return (dl * scale).quantize(THOUSANDTH), unit, "<", (dl * scale).quantize(THOUSANDTH), Decimal(0)
        spike = rng.random() < 0.004
        share = Decimal(rng.randint(2000, 4500) if spike else rng.randint(50, 700)) / 1000
        value = (limit * share).quantize(THOUSANDTH)
        return value * scale, unit, "", None, value

    def other(self, parameter: str) -> tuple[Decimal, str]:
        rng = self.rng
        if parameter == "ph":
            return Decimal(rng.choice([55, 94]) if rng.random() < 0.003 else rng.randint(62, 88)) / 10, "pH"
        if parameter == "temperature":
            return Decimal(rng.randint(151, 160) if rng.random() < 0.001 else rng.randint(60, 110)), "degF"
        if parameter == "bod":
            return Decimal(rng.randint(1150, 1400) if rng.random() < 0.003 else rng.randint(100, 280)), "mg/L"
        return Decimal(rng.randint(100, 330)), "mg/L"


def _result(values: Values, sample: int, parameter: str) -> tuple[Any, ...]:
    if parameter in TOXIC:
        reported, unit, qualifier, dl, value = values.toxic(parameter)
        return (sample, parameter, reported, unit, qualifier, dl, value, "mg/L", "EPA 200.8")
    reported, unit = values.other(parameter)
    return (sample, parameter, reported, unit, "", None, reported, unit, "SM")


def samples_of(point: int, code: str, user_n: int, weeks: int, values: Values, ids: Iterator[int],
               by: int, now: Any) -> Iterator[tuple[tuple[Any, ...], list[tuple[Any, ...]]]]:  # fmt: skip
    """Each sample of one point: its row and its results' rows."""
    from django.db import connection

    rng = values.rng
    moment, date = connection.ops.adapt_datetimefield_value, connection.ops.adapt_datefield_value
    first = dt.date(YEAR, 1, 2) + dt.timedelta(days=user_n % 7)
    for week in range(weeks):
        day = first + dt.timedelta(weeks=week)
        if day.year != YEAR:
            break
        end = dt.datetime(day.year, day.month, day.day, 8, tzinfo=NY)
        composite = next(ids)
        yield ((composite, point, f"{code}-{day:%Y%m%d}", LAB, "composite", moment(end - dt.timedelta(days=1)),
                moment(end), date(day), None, "bench", by, now, None),
               [_result(values, composite, p) for p in PARAMETERS])  # fmt: skip
        if rng.random() < 1 / 12:
            grab = next(ids)
            at = moment(end.replace(hour=rng.randint(9, 16)))
            yield ((grab, point, f"{code}-{day:%Y%m%d}G", LAB, "grab", at, at, date(day), None, "bench", by, now,
                    None),
                   [_result(values, grab, p) for p in GRAB])  # fmt: skip
        if rng.random() < 0.0005:
            fix = next(ids)
            yield ((fix, point, f"{code}-{day:%Y%m%d}C", LAB, "composite", moment(end - dt.timedelta(days=1)),
                    moment(end), date(day), None, "bench", by, now, composite),
                   [_result(values, fix, p) for p in ("copper", "zinc", "nickel")])  # fmt: skip


SAMPLE_COLUMNS = ("id", "point_id", "lab_sample_id", "lab", "kind", "started_at", "ended_at", "day", "flow_gallons",
                  "import_run", "created_by_id", "created_at", "corrects_id")  # fmt: skip
RESULT_COLUMNS = ("sample_id", "parameter", "reported_value", "reported_unit", "qualifier", "detection_limit",
                  "value", "unit", "method")  # fmt: skip


def _insert(cursor: Any, table: str, columns: tuple[str, ...], rows: list[tuple[Any, ...]]) -> None:
    if rows:
        marks = ", ".join(["%s"] * len(columns))
        cursor.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows)


def build(results: int, seed: int, write: Any = print) -> dict[str, int]:
    """The demo district's registry, N / 2,000 industrial users with two points each, their year of samples,
    the agreements and the zinc resolution. Returns what it wrote."""
    import itertools

    from django.contrib.auth.models import User
    from django.core.management.color import no_style
    from django.db import connection, transaction
    from django.utils import timezone

    from sewerworks.core.models import BoardResolution
    from sewerworks.core.resolutions.actions import ProposedValue, do_record_resolution
    from sewerworks.pretreatment.models import IndustrialUser, Result, Sample, SamplingPoint, SpecialAgreement
    from sewerworks.registry import demo
    from sewerworks.registry.models import Building, Parcel

    rng = random.Random(seed)
    demo.build(seed=seed, parcels=demo.MIN_PARCELS, write=lambda _: None)
    bench = User.objects.create_superuser("bench", password=None)
    n = users_for(results)
    weeks = max(1, round(results / (n * 2 * len(PARAMETERS))))
    parcels = list(Parcel.objects.order_by("pk").values_list("pk", flat=True))
    buildings = Building.objects.bulk_create([Building(parcel_id=parcels[i % len(parcels)], use="industrial",
                                                       name=f"Bench plant {i}") for i in range(n)])  # fmt: skip
    users = IndustrialUser.objects.bulk_create([
        IndustrialUser(building=b, activity="Metal finishing", registered_on=dt.date(2020, 1, 6), registered_by=bench)
        for b in buildings])  # fmt: skip
    points = SamplingPoint.objects.bulk_create([
        SamplingPoint(user=u, code=f"B{i:04d}-{k}", kind="public_manhole", location="Street manhole")
        for i, u in enumerate(users) for k in (1, 2)])  # fmt: skip
    for i, user in enumerate(users[::50]):
        resolution = BoardResolution.objects.create(instrument=f"Resolution 2025-{100 + i}", title="Agreement",
                                                    adopted_on=dt.date(2025, 6, 9), effective_on=dt.date(2025, 7, 1))
        SpecialAgreement.objects.create(user=user, resolution=resolution, parameter="copper", limit=Decimal("1.5"),
                                        starts_on=dt.date(2025, 7, 1))  # fmt: skip
    from sewerworks.core.parameters import current_parameters

    law = current_parameters().at(dt.date(2025, 7, 1)).table("discharge.toxic_limits")
    table = {k: dict(v) for k, v in law.items()}
    table["zinc"] = {"thirty_day": Decimal("1.0"), "twenty_four_hour": Decimal("2.0")}
    do_record_resolution(instrument="Resolution 2025-40", adopted_on=dt.date(2025, 6, 9),
                         effective_on=dt.date(2025, 7, 1), title="Lower the zinc limits of §118-37", acting_user=bench,
                         values=[ProposedValue("discharge.toxic_limits", table, section="118-37")])  # fmt: skip
    values = Values(rng)
    ids = itertools.count(1)
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    written = {"users": n, "points": len(points), "samples": 0, "results": 0}
    sample_rows: list[tuple[Any, ...]] = []
    result_rows: list[tuple[Any, ...]] = []
    with transaction.atomic(), connection.cursor() as cursor:
        for k, point in enumerate(points):
            for sample, its in samples_of(point.pk, point.code, k // 2, weeks, values, ids, bench.pk, now):
                sample_rows.append(sample)
                result_rows += its
            if len(result_rows) >= 50_000 or k == len(points) - 1:
                _insert(cursor, Sample._meta.db_table, SAMPLE_COLUMNS, sample_rows)
                _insert(cursor, Result._meta.db_table, RESULT_COLUMNS, result_rows)
                written["samples"] += len(sample_rows)
                written["results"] += len(result_rows)
                sample_rows, result_rows = [], []
        for sql in connection.ops.sequence_reset_sql(no_style(), [Sample, Result]):
            cursor.execute(sql)
    write(f"built: {written['users']:,} industrial users, {written['points']:,} sampling points, "
          f"{written['samples']:,} samples, {written['results']:,} results ({YEAR}, seed {seed})")  # fmt: skip
    return written
