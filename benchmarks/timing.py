"""Timing helpers: repeat a call, keep every sample, report the median and the 95th percentile in ms."""

from __future__ import annotations

import math
import os
import resource
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Figure:
    """What one benchmark measured: ``runs`` samples of one call, in milliseconds."""

    name: str
    runs: int
    median_ms: float
    p95_ms: float
    max_ms: float
    detail: str = ""

    def row(self, floor: Figure | None = None) -> str:
        ratio = f"{self.median_ms / floor.median_ms:7.1f}x" if floor and floor.median_ms > 0 else " " * 8
        return (f"{self.name:<34} {self.median_ms:9.2f} {self.p95_ms:9.2f} {self.max_ms:9.2f} {ratio}  "
                f"{self.detail}").rstrip()  # fmt: skip


HEADER = f"{'benchmark':<34} {'median ms':>9} {'p95 ms':>9} {'max ms':>9} {'÷ floor':>8}"


def percentile(samples: list[float], q: float) -> float:
    """The q-th percentile (0..100) by the nearest-rank method."""
    ordered = sorted(samples)
    rank = max(1, min(len(ordered), math.ceil(q / 100 * len(ordered))))
    return ordered[rank - 1]


def measure(name: str, call: Callable[[], Any], runs: int, warmup: int = 2, detail: str = "") -> Figure:
    """Call ``call`` ``warmup`` times untimed, then ``runs`` times timed."""
    for _ in range(warmup):
        call()
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        samples.append((time.perf_counter() - start) * 1000)
    return Figure(name, runs, statistics.median(samples), percentile(samples, 95), max(samples), detail)


def peak_rss_mib() -> float:
    """Peak resident memory of this process so far (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def require_empty_database() -> None:
    """A benchmark builds its own town: on a database named by DATABASE_URL that already holds parcels (a
    real installation, say) it stops before writing anything more, rather than load a demo into it."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT EXISTS (SELECT 1 FROM registry_parcel)")
        (in_use,) = cursor.fetchone()
    if in_use:
        raise SystemExit(
            f"benchmarks: the database {connection.settings_dict.get('NAME')!r} already holds parcels; a benchmark "
            "builds its own town: point DATABASE_URL at an empty, throwaway database (scripts/with-postgres.sh)"
        )


def setup_django(var_dir: str) -> None:
    """Django on the database in ``var_dir`` (or ``DATABASE_URL``), with no query log: what every bench runs on."""
    os.environ["SEWERWORKS_VAR"] = var_dir
    os.environ["DJANGO_SETTINGS_MODULE"] = "sewerworks.settings"
    # the embedded SQLite database in var_dir, unless DATABASE_URL names another (a throwaway PostgreSQL)
    import django

    django.setup()
    from django.conf import settings

    settings.DEBUG = False  # no query log: measure the product, not Django's debug cursor
