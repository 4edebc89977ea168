"""python -m benchmarks determine [--runs 5] [--batch 10000]

Times ``sewerworks determine`` as a user runs it (a fresh process each time, the packaged law in force, no
database): the median of ``--runs`` runs of one determination, and one run of a ``--facts FILE.jsonl`` of
``--batch`` lines, each as wall time and as the process's CPU time (user + system), which is what the wall
time is on an idle machine and does not grow with other processes' load. Goal: the single determination
under 0.5 s of CPU time (the wall time on an idle machine). Exits non-zero when it misses it.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GOAL_S = 0.5


def facts(i: int) -> dict[str, object]:
    served = dt.date(2026, 1, 1) + dt.timedelta(days=i % 420)
    return {"kind": "notice_of_violation", "served_on": served.isoformat(), "correction_days": 1 + i % 60}


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one ``sewerworks ARGV`` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "sewerworks.cli", *argv], capture_output=True, env=env, check=False)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        raise SystemExit(f"sewerworks {' '.join(argv)} failed: {done.stderr.decode()[:500]}")
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks determine", description=__doc__.split("\n\n")[1])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--batch", type=int, default=10_000)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="sewerworks-determine-") as var:
        env = {**os.environ, "SEWERWORKS_VAR": var}
        env.pop("DATABASE_URL", None)
        one = Path(var) / "facts.json"
        one.write_text(json.dumps(facts(1)))
        many = Path(var) / "facts.jsonl"
        many.write_text("\n".join(json.dumps(facts(i)) for i in range(args.batch)) + "\n")
        single = ["determine", "notice-deadline", "--facts", str(one), "--as-of", "2026-12-01"]
        runs = [timed(single, env) for _ in range(args.runs)]
        wall, cpu = statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)
        batch_wall, batch_cpu = timed(
            ["determine", "notice-deadline", "--facts", str(many), "--as-of", "2026-12-01"], env
        )
    load = os.getloadavg()[0]
    print(
        f"determine, one case, median of {args.runs}: CPU {cpu:.3f} s, wall {wall:.3f} s "
        f"(load average {load:.1f}); goal < {GOAL_S} s: {'met' if cpu < GOAL_S else 'MISSED'}"
    )
    print(
        f"determine, {args.batch:,} cases in one .jsonl: CPU {batch_cpu:.2f} s, wall {batch_wall:.2f} s "
        f"({batch_cpu / args.batch * 1000:.3f} ms CPU a case, start-up included)"
    )
    return 0 if cpu < GOAL_S else 1


if __name__ == "__main__":
    sys.exit(main())
