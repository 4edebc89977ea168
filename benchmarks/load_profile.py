"""Where ``make load``'s time goes, in one process: the load mix's requests, their queries and CPU time.

    python -m benchmarks.load_profile [--var DIR] [--accounts 20000] [--runs 30] [--kinds search,dashboard]
                                      [--profile KIND] [--top 25]

The same database as ``scripts/load.sh`` builds (the demo district and the bulk accounts, with the 20 staff
users and targets of ``benchmarks/load_setup.py``), built once in ``--var`` (default: a temporary folder)
and reused when it is there; ``DATABASE_URL`` selects PostgreSQL (``scripts/with-postgres.sh``), otherwise
SQLite in ``--var``. DEBUG is off. Each kind of the mix (``benchmarks/load.py``'s own list, so the two
cannot drift apart) is requested ``--runs`` times through Django's test client, after two warm-up runs,
by the 20 users in turn; printed per kind: queries per request, CPU milliseconds per request
(``time.process_time``: what other programs on the machine barely change; on PostgreSQL it leaves out the
server's own time) and wall milliseconds. ``--profile KIND`` (repeatable, or ``all``) also prints the top
cProfile entries of that kind by cumulative time.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from typing import Any


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.load_profile", description=__doc__.split("\n\n")[1])
    parser.add_argument("--var", help="Folder of the SQLite database and targets (built when empty).")
    parser.add_argument("--accounts", type=int, default=20000, help="Bulk accounts of the demo (default 20,000).")
    parser.add_argument("--runs", type=int, default=30, help="Timed requests per kind (default 30).")
    parser.add_argument("--kinds", default="", help="Comma-separated kinds to run (default: the whole mix).")
    parser.add_argument("--profile", action="append", default=[], help="Kind to profile ('all' for every one).")
    parser.add_argument("--sql", action="append", default=[], help="Kind whose queries (one request) to print.")
    parser.add_argument("--top", type=int, default=25, help="cProfile entries printed per profiled kind.")
    return parser.parse_args(argv)


def setup(var: str, accounts: int) -> dict[str, Any]:
    """Django on ``var`` with DEBUG off, the database built as load.sh builds it; returns the targets."""
    os.environ["SEWERWORKS_VAR"] = var
    os.environ["DJANGO_SETTINGS_MODULE"] = "sewerworks.settings"
    os.environ.setdefault("DEBUG", "false")
    os.environ.setdefault("SEWERWORKS_REQUEST_LOG_LEVEL", "WARNING")  # as load.sh: no line per request
    os.environ.setdefault("ALLOWED_HOSTS", "testserver,127.0.0.1")
    os.environ.setdefault("CONN_MAX_AGE", "60")  # as load.sh: a worker keeps its connection
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command

    targets_path = os.path.join(var, "targets.json")
    call_command("migrate", verbosity=0)
    if not User.objects.filter(username="load01").exists():
        started = time.perf_counter()
        print(f"load_profile: building the demo district and {accounts:,} bulk accounts in {var}", flush=True)
        call_command("demo", accounts=accounts, stdout=io.StringIO())
        os.environ["LOAD_TARGETS"] = targets_path
        from benchmarks.load_setup import main as load_setup

        load_setup()
        print(f"load_profile: built in {time.perf_counter() - started:.0f} s", flush=True)
    if not os.path.exists(os.path.join(var, "static", "staticfiles.json")):  # hashed names, as DEBUG off serves
        call_command("collectstatic", interactive=False, verbosity=0)
    with open(targets_path, encoding="utf-8") as handle:
        targets: dict[str, Any] = json.load(handle)
    return targets


class Session:
    """One of the staff users, signed in through the login form, like the generator's users; or the API."""

    def __init__(self, username: str, password: str, token: str) -> None:
        from django.test import Client

        self.client = Client()
        self.token = token
        self.number = 0  # as load.User: the user's own permit to inspect (set by main), its next inspection
        self.inspection = 0
        self.timed: list[tuple[str, float, int]] = []  # as load.User (a kind of two requests times each)
        response = self.client.post("/login/", {"username": username, "password": password})
        if response.status_code != 302:
            raise SystemExit(f"load_profile: {username} could not sign in (HTTP {response.status_code})")

    def request(
        self, method: str, path: str, *, form: Any = None, api: Any = None, token: str = ""
    ) -> tuple[int, bytes]:
        if api is not None:
            headers = {"Authorization": f"Bearer {token or self.token}"}
            if api is True:
                response = self.client.generic(method, path, headers=headers)
            else:
                response = self.client.generic(
                    method, path, json.dumps(api), content_type="application/json", headers=headers
                )
        else:
            response = self.client.generic(method, path)
        return response.status_code, response.content


class QueryCounter:
    def __init__(self) -> None:
        self.count = 0
        self.shapes: Counter[str] = Counter()

    def __call__(self, execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any) -> Any:
        self.count += 1
        self.shapes[sql[:300]] += 1
        return execute(sql, params, many, context)


def print_queries(name: str, fn: Callable[..., tuple[int, bytes]], session: Session) -> None:
    """The queries of one request of ``name``, the same statement counted once with how many times it ran."""
    from django.db import connection

    counter = QueryCounter()
    with connection.execute_wrapper(counter):
        fn(session, random.Random(118))
    print(f"\n=== queries: {name} ({counter.count}) ===")
    for sql, n in counter.shapes.most_common():
        print(f"{n:>4} x {sql}")


def measure(
    name: str, fn: Callable[..., tuple[int, bytes]], sessions: list[Session], runs: int, profile: bool, top: int
) -> dict[str, Any]:
    from django.db import connection

    rng = random.Random(118)
    for i in range(2):  # warm-up: templates compiled, caches filled
        fn(sessions[i % len(sessions)], rng)
    counter = QueryCounter()
    cpu, wall, queries, errors = [], [], [], 0
    profiler = cProfile.Profile() if profile else None
    with connection.execute_wrapper(counter):
        for i in range(runs):
            counter.count = 0
            c0, w0 = time.process_time(), time.perf_counter()
            if profiler:
                profiler.enable()
            status = fn(sessions[i % len(sessions)], rng)[0]
            if profiler:
                profiler.disable()
            cpu.append((time.process_time() - c0) * 1000)
            wall.append((time.perf_counter() - w0) * 1000)
            queries.append(counter.count)
            errors += status >= 400
    if profiler:
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(top)
        print(f"\n=== cProfile: {name} ({runs} requests), by cumulative time ===")
        print("\n".join(line for line in out.getvalue().splitlines() if line.strip())[:20000])
    return {
        "queries": statistics.mean(queries),
        "queries_max": max(queries),
        "cpu_ms": statistics.median(cpu),
        "cpu_mean_ms": statistics.mean(cpu),
        "wall_ms": statistics.median(wall),
        "errors": errors,
    }


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    var = args.var or tempfile.mkdtemp(prefix="sewerworks-load-profile.")
    os.makedirs(var, exist_ok=True)
    targets = setup(var, args.accounts)
    from benchmarks.load import mix

    names = targets["users"]
    sessions = [Session(n, targets["password"], targets["token"]) for n in names]
    for number, session in enumerate(sessions):
        session.number = number
    healthz = ("floor: /healthz", 0.0, lambda u, _r: u.request("GET", "/healthz"))
    kinds = [healthz, *mix(targets)]
    wanted = {k.strip() for k in args.kinds.split(",") if k.strip()}
    if wanted:
        kinds = [k for k in kinds if k[0] in wanted or k[0].startswith("floor")]
    profile_all = "all" in args.profile
    print(f"load_profile: {args.runs} requests per kind, {len(sessions)} users, database {_vendor()}")
    print(f"{'kind':<18}{'weight':>7}{'queries':>9}{'max q':>7}{'CPU ms':>9}{'mean CPU':>10}{'wall ms':>9}", end="")
    print(f"{'errors':>7}")
    weighted_cpu = total_weight = 0.0
    for name, weight, fn in kinds:
        f = measure(name, fn, sessions, args.runs, profile_all or name in args.profile, args.top)
        print(
            f"{name:<18}{weight:>7.0f}{f['queries']:>9.1f}{f['queries_max']:>7}{f['cpu_ms']:>9.1f}"
            f"{f['cpu_mean_ms']:>10.1f}{f['wall_ms']:>9.1f}{f['errors']:>7}",
            flush=True,
        )
        if name in args.sql:
            print_queries(name, fn, sessions[0])
        weighted_cpu += weight * f["cpu_mean_ms"]
        total_weight += weight
    if total_weight:
        mean = weighted_cpu / total_weight
        print(f"MIX (weighted mean CPU ms per request): {mean:.1f}  -> at most {2000 / mean:.0f} req/s on 2 cores")
    if not args.var:
        print(f"load_profile: database kept in {var} (pass --var {var} to reuse it)")
    return 0


def _vendor() -> str:
    from django.db import connection

    return connection.vendor


if __name__ == "__main__":
    sys.exit(main())
