"""python -m benchmarks search_letter [--runs 20] [--keep]

The Town Clerk's search letter (I-124) for a parcel with ten years of history, as the clerk gets it: the whole
request (the clerk signed in, Django's test client: the POST that searches the records, numbers the letter, typesets
its PDF and keeps it, answered by a redirect), its queries, the PDF alone (the search and WeasyPrint), and the
parcel's letter page (GET, with its preview). The floor, in the same process, the same way: the letter for a parcel
of the same district with no history (no account, no charge, no violation: the same template and machinery, the
sections saying "None"). Medians and p95 of R rounds (after one untimed letter each), the two parcels alternating.
Goal: the median request at most 1 s (the issue's "a search letter renders in ≤ 1 s server time for a parcel with
ten years of history"), and at most G times the floor's (G = 3.0: docs/benchmarks.md says why).

The district is the demo's (every demo builder, as ``sewerworks demo``), with the parcel's history written through
the product's actions on the days it happened (``search_letter_history``), in a temporary SQLite folder or the
database of DATABASE_URL (``scripts/with-postgres.sh``). Logging is off while timing (the request log's line and
WeasyPrint's note on the letterhead's CSS, written to the terminal, would be timed with the letter).
"""

from __future__ import annotations

import argparse
import logging
import os
import shutil
import sys
import tempfile
import time

GOAL_MS = 1000.0
GOAL_RATIO = 3.0
AS_OF_NOTE = "as of the demo's today"


def parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m benchmarks search_letter", description=__doc__.split("\n\n")[1])
    p.add_argument("--years", type=int, default=10, choices=[10], help="Years of history (10: the issue's case).")
    p.add_argument("--runs", type=int, default=20, help="Timed letters for each parcel (default 20).")
    p.add_argument("--keep", action="store_true", help="Keep the temporary database and print where.")
    return p.parse_args(argv)


def build() -> float:
    """The demo district with the parcel's history; seconds taken."""
    from benchmarks import search_letter_history as history
    from sewerworks.billing.demo import district
    from sewerworks.core.demo import DEMO_BUILDERS, told_on
    from sewerworks.registry.demo.names import DEMO_TODAY

    start = time.perf_counter()
    builders = list(DEMO_BUILDERS)
    builders.insert(builders.index(district.build), told_on(DEMO_TODAY)(history.before_billing))
    for builder in builders:
        builder(seed=118, parcels=1500, write=lambda _: None)
    history.after_demo()
    return time.perf_counter() - start


def floor_parcel() -> object:
    """A parcel inside an improvement area with nothing on it: no account, charge, violation or pending charge."""
    from django.db.models import Exists, OuterRef

    from sewerworks.billing.models import ConnectionCharge
    from sewerworks.core.models import PendingCharge
    from sewerworks.enforcement.models import Violation
    from sewerworks.registry.models import Parcel, SewerAccount

    on = {"parcel_id": OuterRef("pk")}
    bare = (
        Parcel.objects.filter(improvement_area__isnull=False)
        .exclude(Exists(SewerAccount.objects.filter(**on)))
        .exclude(Exists(Violation.objects.filter(**on)))
        .exclude(Exists(PendingCharge.objects.filter(**on)))
        .exclude(Exists(ConnectionCharge.objects.filter(**on)))
        .order_by("tax_map_sort", "pk")
        .first()
    )
    if bare is None:
        raise SystemExit("search_letter: the demo district has no parcel without history for the floor")
    return bare


def main(argv: list[str]) -> int:
    args = parse(argv)
    var_dir = tempfile.mkdtemp(prefix="sewerworks-bench-letter-")
    try:
        from benchmarks.timing import peak_rss_mib, require_empty_database, setup_django

        setup_django(var_dir)
        from django.contrib.auth.models import User
        from django.core.management import call_command
        from django.db import connection

        from benchmarks import search_letter_history as history
        from benchmarks.search_letter_timing import HEADER, measure_letters
        from sewerworks.registry.demo.names import DEMO_TODAY

        call_command("migrate", verbosity=0)
        require_empty_database()
        built = build()
        clerk = User.objects.get(username="clerk")
        parcel = history.HISTORY.parcel
        print(f"search_letter bench: the demo district and parcel {parcel.tax_map_number} with ten years of history "
              f"({history.history_line()}) built in {built:.0f} s; {connection.vendor}, {os.cpu_count()} cores, "
              f"load {' '.join(f'{x:.2f}' for x in os.getloadavg())}; letters {AS_OF_NOTE} {DEMO_TODAY}")  # fmt: skip
        logging.disable(logging.WARNING)  # the request log and WeasyPrint's notes on the letterhead's CSS
        try:
            pair = [("floor (no history)", floor_parcel()), ("ten years of history", parcel)]
            floor, letter = measure_letters(pair, clerk, DEMO_TODAY, args.runs)
        finally:
            logging.disable(logging.NOTSET)
        print(HEADER)
        print(floor.row())
        print(letter.row(floor))
        ratio = letter.median_ms / floor.median_ms
        ok = letter.median_ms <= GOAL_MS and ratio <= GOAL_RATIO
        print(f"request median {letter.median_ms:.0f} ms, p95 {letter.p95_ms:.0f} ms (goal: median "
              f"≤ {GOAL_MS:.0f} ms; cpu ms: the request's CPU time in this process, what the load of a shared "
              f"machine does not change); peak RSS {peak_rss_mib():.0f} MiB")  # fmt: skip
        print(f"search_letter ÷ floor {ratio:.2f} (goal ≤ {GOAL_RATIO}): {'met' if ok else 'MISSED'}")
        return 0 if ok else 1
    finally:
        if args.keep:
            print(f"database kept in {var_dir}")
        else:
            shutil.rmtree(var_dir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
