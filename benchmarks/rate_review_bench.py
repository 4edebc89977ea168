"""python -m benchmarks rate_review [--accounts N] [--candidates K] [--runs R]

The §118-50 rate review of a posted period of N accounts (the billing bench's data: the demo district and N bulk
accounts, the autumn 2026 period billed and posted by the bill run) at K candidate rates, against one bill run of
the same period (drafts, review, posting): the review re-rates every posted bill by the engine's arithmetic
(``billing/review/rerate.py``) and sums it per area and class against the cost. The goal: the review at three
candidates within three bill runs' time (``review ÷ bill run ≤ 3``), and nothing written (every table's row count
and the period's bills the same before and after). Medians of R runs of each; SQLite in a temporary folder, or
``DATABASE_URL`` when set.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import tempfile
import time
from decimal import Decimal

from benchmarks.billing_bench import Longest, engine_run, prepared, reset
from benchmarks.timing import setup_django

GOAL = 3.0


def parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m benchmarks rate_review", description=__doc__.split("\n\n")[1])
    p.add_argument("--accounts", type=int, default=100_000, help="Bulk accounts (default 100,000).")
    p.add_argument("--candidates", type=int, default=3, help="Candidate rates reviewed at once (default 3).")
    p.add_argument("--runs", type=int, default=3, help="Runs of each (default 3).")
    p.add_argument("--seed", type=int, default=1852)
    return p.parse_args(argv)


def main(argv: list[str]) -> int:
    args = parse(argv)
    var_dir = tempfile.mkdtemp(prefix="sewerworks-bench-review-")
    try:
        setup_django(var_dir)
        from django.apps import apps
        from django.db import connection

        from sewerworks.billing.models import Bill
        from sewerworks.billing.review.rate_review import Candidate, review_figures
        from sewerworks.billing.review.rerate import Proposal

        start = time.perf_counter()
        period, user = prepared(args.accounts, args.seed)
        print(
            f"rate review bench: {args.accounts:,} bulk accounts on {connection.vendor}, built in "
            f"{time.perf_counter() - start:.1f} s; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
        )
        candidates = [
            Candidate(f"rate {rate}", Proposal(Decimal(rate), Decimal("10.00"), 5_000))
            for rate in ("0.0035", "0.0040", "0.0045", "0.0050", "0.0055", "0.0060")[: args.candidates]
        ]
        runs: list[float] = []
        for number in range(args.runs + 1):
            reset(period)
            t = time.perf_counter()
            engine_run(period, user, 10_000, Longest())
            if number:
                runs.append(time.perf_counter() - t)
        period.refresh_from_db()

        def counts() -> dict[str, int]:
            return {m._meta.label: m.objects.count() for m in apps.get_models()}

        before = counts()
        totals = Bill.objects.filter(period=period).order_by("pk").values_list("pk", "total", "status")
        snapshot = list(totals)
        reviews: list[float] = []
        bills = 0
        for number in range(args.runs + 1):
            t = time.perf_counter()
            figures = review_figures(period, candidates, 2026)
            if number:
                reviews.append(time.perf_counter() - t)
            bills = sum(a.total.bills for a in figures.areas)
        unchanged = counts() == before and list(totals) == snapshot
        bill_run, review = statistics.median(runs), statistics.median(reviews)
        ratio = review / bill_run
        print(f"bill run (drafts, review, posting): {bill_run:.2f} s median of {[round(r, 2) for r in runs]}")
        print(
            f"rate review of {bills:,} posted bills at {len(candidates)} candidates: {review:.2f} s median of "
            f"{[round(r, 2) for r in reviews]}"
        )
        print(f"nothing written by the review (every table's rows, the period's bills): {unchanged}")
        met = ratio <= GOAL * len(candidates) / 3 and unchanged
        print(
            f"rate_review ÷ floor {ratio:.2f} (goal ≤ {GOAL * len(candidates) / 3:.1f}: the review within "
            f"{len(candidates)} bill runs, the bill run the floor): {'met' if met else 'MISSED'}"
        )
        return 0 if met else 1
    finally:
        shutil.rmtree(var_dir, ignore_errors=True)
