"""The load generator of ``make load`` (issue 19): N staff users working at once against a running server.

    python -m benchmarks.load --base http://127.0.0.1:8000 --targets targets.json [--users 20]
           [--seconds 120] [--floor-seconds 20]

Each user is a thread with its own signed-in session and keep-alive connection, choosing requests from a
named mix (below) as fast as the server answers. First the floor: the same generator, the same users,
against ``/healthz`` (the server's cheapest answer: a database round trip), then the mix. Prints, per
kind and overall, requests, errors, p50/p95/p99 and requests per second, the mix ÷ floor, and whether the
goals are met (p95 <= 300 ms, p99 <= 1 s, >= 100 req/s, 0 errors); exits 1 when they are not.
Standard library only (threads, http.client).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import statistics
import sys
import threading
import time
import urllib.parse
from collections import defaultdict
from collections.abc import Callable
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

SPLIT = ["re-inspection asked"]  # the second request of the "inspection result" kind, timed on its own
GOALS = {"p95_ms": 300.0, "p99_ms": 1000.0, "rps": 100.0}
FACTS = {
    "pipe_diameter_in": 10,
    "section_length_ft": 80,
    "manholes": [48],
    "test_hours": 3,
    "filled_hours": 24,
    "head_ft_above_crown": 5,
}


class User:
    def __init__(self, base: str, username: str, password: str, token: str) -> None:
        url = urllib.parse.urlsplit(base)
        self.host, self.port = url.hostname or "127.0.0.1", url.port or 80
        self.conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
        self.cookies: dict[str, str] = {}
        self.token = token
        self.number = 0  # the user's place among the generator's users (its own permit to inspect)
        self.inspection = 0  # the inspection it records a result of next
        # (kind, ms, status) of each request a kind of several requests timed itself (each is one of the mix)
        self.timed: list[tuple[str, float, int]] = []
        self.request("GET", "/login/")
        status, _ = self.request(
            "POST",
            "/login/",
            form={"username": username, "password": password, "csrfmiddlewaretoken": self.cookies.get("csrftoken", "")},
        )
        if status != 302:
            raise SystemExit(f"load: {username} could not sign in (HTTP {status})")

    def request(
        self, method: str, path: str, *, form: dict[str, str] | None = None, api: Any = None, token: str = ""
    ) -> tuple[int, bytes]:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())} if self.cookies else {}
        body: str | None = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if api is not None:
            headers = {"Authorization": f"Bearer {token or self.token}", "Content-Type": "application/json"}
            body = None if api is True else json.dumps(api)
        for attempt in (1, 2):  # a keep-alive connection the server closed is opened again once
            try:
                self.conn.request(method, path, body=body, headers=headers)
                response = self.conn.getresponse()
                payload = response.read()
                break
            except (http.client.HTTPException, OSError):
                self.conn.close()
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
                if attempt == 2:
                    raise
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
        return response.status, payload


def inspection_result(user: User, targets: dict[str, Any]) -> tuple[int, bytes]:
    """An inspector posts a trench inspection's result (failed: the bedding), then records the plumber's notice
    asking for its re-inspection, on the user's own permit (so that no two users race for one inspection).
    Two requests, each timed as one of the mix (``User.timed``): "inspection result", "re-inspection asked"."""
    permit, first = targets["inspections"][user.number % len(targets["inspections"])]
    user.inspection = user.inspection or first
    today = datetime.now(ZoneInfo("America/New_York")).date().isoformat()
    token = targets["inspector_token"]
    result = {"result": "failed", "inspected_on": today, "answers": {"bedding": {"answer": "no"}}}
    start = time.perf_counter()
    status, body = user.request("POST", f"/api/inspections/{user.inspection}/result", api=result, token=token)
    user.timed.append(("inspection result", (time.perf_counter() - start) * 1000, status))
    if status != 200:
        return status, body
    notice = {"kind": "trench", "requested_on": today, "requested_by": "Load Plumbing", "requester_address": "1 Main"}
    start = time.perf_counter()
    status, body = user.request("POST", f"/api/permits/{permit}/inspection-requests", api=notice, token=token)
    user.timed.append(("re-inspection asked", (time.perf_counter() - start) * 1000, status))
    if status == 201:
        user.inspection = json.loads(body)["id"]
    return status, body


def mix(targets: dict[str, Any]) -> list[tuple[str, float, Callable[[User, random.Random], tuple[int, bytes]]]]:
    """(name, weight, request): what the department's staff do all day."""
    parcels, bills = targets["parcels"], targets["bills"] or [0]
    notices, streets = targets["notices"] or [0], targets["streets"] or ["Main"]

    def pick(rng: random.Random, items: list[Any]) -> Any:
        return items[rng.randrange(len(items))]

    return [
        ("search", 20, lambda u, r: u.request("GET", f"/registry/search/?q={urllib.parse.quote(pick(r, streets))}")),
        ("parcel page", 20, lambda u, r: u.request("GET", f"/registry/parcels/{pick(r, parcels)}/")),
        ("dashboard", 10, lambda u, r: u.request("GET", "/")),
        ("deadlines board", 10, lambda u, r: u.request("GET", "/enforcement/")),
        ("notices", 8, lambda u, r: u.request("GET", f"/enforcement/notices/{pick(r, notices)}/")),
        (
            "reads API",
            10,
            lambda u, r: u.request("GET", f"/api/meter-reads?limit=50&offset={r.randrange(0, 2000, 50)}", api=True),
        ),
        ("bills", 8, lambda u, r: u.request("GET", f"/billing/bills/{pick(r, bills)}/")),
        ("payments API", 6, lambda u, r: u.request("GET", "/api/billing/payments?limit=50", api=True)),
        (
            "determinations",
            8,
            lambda u, r: u.request("POST", "/api/determinations/exfiltration-test", api=FACTS),
        ),
        ("inspection result", 4, lambda u, r: inspection_result(u, targets)),
    ]


def run(
    users: list[User], seconds: float, choose: Callable[..., tuple[str, Callable[..., Any]]], *, per_user: bool = False,
    think: Callable[[User, random.Random], float] | None = None,
) -> dict[str, list[tuple[float, int]]]:
    """Every user's thread requests what ``choose(rng)`` (``choose(user, rng)`` with ``per_user``) picks, for
    ``seconds``: (ms, status) by kind. With ``think``, a user pauses that many seconds after each answer (a
    person reading the page); without, the next request goes at once (a closed loop)."""
    results: dict[str, list[tuple[float, int]]] = defaultdict(list)
    lock = threading.Lock()
    deadline = time.perf_counter() + seconds

    def work(user: User, seed: int) -> None:
        rng, mine = random.Random(seed), []
        if think is not None:  # people arrive over a pause's length, not all in the first millisecond
            time.sleep(min(rng.uniform(0, think(user, rng)), seconds))
        while time.perf_counter() < deadline:
            name, fn = choose(user, rng) if per_user else choose(rng)
            start = time.perf_counter()
            user.timed = []
            try:
                status = fn(user, rng)[0]
            except Exception:  # noqa: BLE001 - a failed request is an error in the figures
                status = 0
            if user.timed:  # a kind of several requests: each as it was timed (a failure after them counts too)
                mine.extend(user.timed)
                if status == 0:
                    mine.append((name, (time.perf_counter() - start) * 1000, status))
            else:
                mine.append((name, (time.perf_counter() - start) * 1000, status))
            if think is not None:
                time.sleep(max(0.0, min(think(user, rng), deadline - time.perf_counter())))
        with lock:
            for name, ms, status in mine:
                results[name].append((ms, status))

    threads = [threading.Thread(target=work, args=(u, i)) for i, u in enumerate(users)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def tree_cpu_seconds(root: int) -> float:
    """CPU seconds (user + system) used so far by process ``root`` and its descendants, living or reaped
    (Linux /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    parents: dict[int, int] = {}
    cpu: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry)] = int(fields[1])
        # its own time and that of its children it has reaped (a database backend that ended counts too)
        cpu[int(entry)] = sum(int(f) for f in fields[11:15]) / tick
    total, todo = 0.0, [root]
    children: dict[int, list[int]] = defaultdict(list)
    for pid, ppid in parents.items():
        children[ppid].append(pid)
    while todo:
        pid = todo.pop()
        total += cpu.get(pid, 0.0)
        todo.extend(children.get(pid, []))
    return total


class CpuWatch:
    """CPU used during a phase by the generator itself and by each watched process tree (server, database)."""

    def __init__(self, watched: dict[str, int]) -> None:
        self.watched = watched

    def snapshot(self) -> dict[str, float]:
        own = os.times()
        shot = {"generator": own.user + own.system}
        shot.update({name: tree_cpu_seconds(pid) for name, pid in self.watched.items()})
        return shot

    @staticmethod
    def line(label: str, before: dict[str, float], after: dict[str, float], requests: int, seconds: float) -> str:
        parts = [f"{name} {1000 * (after[name] - before[name]) / max(requests, 1):.1f}" for name in before]
        used = sum(after[n] - before[n] for n in before)
        return (
            f"CPU ms a request, {label}: "
            + ", ".join(parts)
            + f"; all {1000 * used / max(requests, 1):.1f} ({used / seconds:.2f} of the cores busy)"
        )


def figures(samples: list[tuple[float, int]], seconds: float) -> dict[str, float]:
    times = sorted(ms for ms, _ in samples) or [0.0]
    q = statistics.quantiles(times, n=100, method="inclusive") if len(times) > 1 else times * 99
    return {
        "requests": len(samples),
        "errors": sum(1 for _, status in samples if status >= 400 or status == 0),
        "p50_ms": round(q[49], 1),
        "p95_ms": round(q[94], 1),
        "p99_ms": round(q[98], 1),
        "rps": round(len(samples) / seconds, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.load", description=__doc__.split("\n\n")[1])
    parser.add_argument("--base", default="http://127.0.0.1:8000")
    parser.add_argument("--targets", required=True, help="JSON written by benchmarks/load_setup.py")
    parser.add_argument("--users", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--floor-seconds", type=float, default=20)
    parser.add_argument(
        "--watch",
        action="append",
        default=[],
        metavar="NAME=PID",
        help="A process tree whose CPU a request is printed (e.g. server=PID of gunicorn, database=PID of postgres).",
    )
    args = parser.parse_args(argv)
    watch = CpuWatch({n: int(p) for n, _, p in (w.partition("=") for w in args.watch)})
    targets = json.loads(open(args.targets).read())  # noqa: SIM115
    names = targets["users"]
    users = [User(args.base, names[i % len(names)], targets["password"], targets["token"]) for i in range(args.users)]
    for number, user in enumerate(users):
        user.number = number

    shots = [watch.snapshot()]
    floor = run(users, args.floor_seconds, lambda r: ("healthz", lambda u, _r: u.request("GET", "/healthz")))
    shots.append(watch.snapshot())
    kinds = mix(targets)
    weights = [w for _, w, _ in kinds]
    work = run(users, args.seconds, lambda r: (lambda k: (k[0], k[2]))(r.choices(kinds, weights)[0]))
    shots.append(watch.snapshot())

    floor_f = figures(floor["healthz"], args.floor_seconds)
    every = [s for samples in work.values() for s in samples]
    total = figures(every, args.seconds)
    print(f"load: {args.users} users, mix {args.seconds:.0f} s, floor {args.floor_seconds:.0f} s, against {args.base}")
    print(f"{'kind':<18}{'requests':>9}{'errors':>7}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'req/s':>8}")
    rows = (
        [("floor: /healthz", floor_f)]
        + [(n, figures(work[n], args.seconds)) for n, _, _ in kinds]
        + [(n, figures(work[n], args.seconds)) for n in SPLIT if n in work]
        + [("MIX (all)", total)]
    )
    for name, f in rows:
        print(
            f"{name:<18}{f['requests']:>9}{f['errors']:>7}{f['p50_ms']:>9}{f['p95_ms']:>9}{f['p99_ms']:>9}{f['rps']:>8}"
        )
    print(
        f"mix / floor: p95 x{total['p95_ms'] / max(floor_f['p95_ms'], 0.1):.1f}, "
        f"throughput x{total['rps'] / max(floor_f['rps'], 0.1):.2f}"
    )
    print(CpuWatch.line("floor", shots[0], shots[1], len(floor["healthz"]), args.floor_seconds))
    print(CpuWatch.line("mix", shots[1], shots[2], int(total["requests"]), args.seconds))
    met = {
        "p95 <= 300 ms": total["p95_ms"] <= GOALS["p95_ms"],
        "p99 <= 1 s": total["p99_ms"] <= GOALS["p99_ms"],
        ">= 100 req/s": total["rps"] >= GOALS["rps"],
        "0 errors": total["errors"] == 0,
    }
    print("goals: " + ", ".join(f"{k}: {'met' if v else 'MISSED'}" for k, v in met.items()))
    errors = [(n, s) for n, samples in work.items() for _, s in samples if s >= 400 or s == 0]
    if errors:
        print("errors by kind and status: " + json.dumps({f"{n} {s}": errors.count((n, s)) for n, s in set(errors)}))
    return 0 if all(met.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
