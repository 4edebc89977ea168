"""python -m benchmarks test_plan [--sections 400] [--runs 50]

A §118-34 test plan of ``--sections`` sections (one run of pipe between two manholes, long enough for that
many 100-ft sections) through the ``test-plan`` topic as the API and the command answer it: the facts as
JSON text in, ``determine`` (the facts validated, the parameters in force read, the Decision with an amount
per section) and the Decision's JSON out. The floor, in the same process: the same sections by plain Decimal
arithmetic (the same fewest equal sections, the same remainder rule), written as the same rows (key, name,
value, unit, section, from, to, manholes) with ``json.dumps``; both sides produce the plan as JSON text, and
both are checked to hold the same sections. Each side's median CPU time (this thread's, which the other
processes of a shared machine do not inflate) over ``--runs`` alternating runs. Goals: the plan in at most
1 s, and topic ÷ floor at most 3.0. Also printed, for what it says: the bare arithmetic alone (no output).
No database.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal

GOAL_RATIO = 3.0
GOAL_SECONDS = 1.0
AS_OF = dt.date(2026, 12, 1)
HUNDREDTH = Decimal("0.01")


def facts_for(sections: int) -> str:
    """A run half a foot short of ``sections`` × 100 ft: so many sections, the last taking the remainder."""
    return json.dumps({"pipe_diameter_in": 8, "length_ft": f"{sections * 100 - 0.5:.2f}", "upstream_manhole": "MH-1",
                       "downstream_manhole": "MH-2"})  # fmt: skip


def arithmetic(text: str) -> list[tuple[Decimal, Decimal, Decimal, str]]:
    """The sections by plain arithmetic: (length, from, to, manholes)."""
    facts = json.loads(text)
    length, limit = Decimal(facts["length_ft"]), Decimal(100)
    count = max(1, math.ceil(length / limit))
    while True:
        each = (length / count).quantize(HUNDREDTH, rounding=ROUND_HALF_UP)
        last = length - each * (count - 1)
        if 0 < last <= limit:
            break
        count += 1
    rows, start = [], Decimal("0.00")
    for number in range(1, count + 1):
        size = each if number < count else last
        held = facts["upstream_manhole"] if number == 1 else ""
        if number == count:
            held = f"{held},{facts['downstream_manhole']}" if held else facts["downstream_manhole"]
        rows.append((size, start, start + size, held))
        start += size
    return rows


def floor(text: str) -> str:
    rows = [{"key": f"section_{n}", "name": f"section {n}", "value": format(size, "f"), "unit": "ft",
             "section": "118-34", "breakdown": [{"from_ft": format(a, "f"), "to_ft": format(b, "f"), "manholes": m}]}
            for n, (size, a, b, m) in enumerate(arithmetic(text), start=1)]  # fmt: skip
    return json.dumps({"topic": "test-plan", "as_of": AS_OF.isoformat(), "outcome": "sections", "amounts": rows})


def topic(params: object) -> Callable[[str], str]:
    from sewerworks.ordinance.topics import determine

    def run(text: str) -> str:
        return determine("test-plan", json.loads(text), as_of=AS_OF, params=params).model_dump_json()  # type: ignore[arg-type]

    return run


def cpu(work: Callable[[str], object], text: str) -> float:
    start = time.thread_time()
    work(text)
    return time.thread_time() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks test_plan", description=__doc__.split("\n\n")[1])
    parser.add_argument("--sections", type=int, default=400, help="Sections in the plan (default 400).")
    parser.add_argument("--runs", type=int, default=50, help="Runs of topic and floor, alternating (default 50).")
    args = parser.parse_args(argv)
    from sewerworks.ordinance.parameters import load_jurisdiction

    params = load_jurisdiction()
    text, through_topic = facts_for(args.sections), topic(params)
    made, plain = json.loads(through_topic(text)), json.loads(floor(text))
    same = [(a["value"], a["breakdown"]) for a in made["amounts"]] == [
        (r["value"], r["breakdown"]) for r in plain["amounts"]
    ]
    if not same:
        print("test_plan: the topic and the floor disagree on the sections")
        return 1
    timed: dict[str, list[float]] = {"topic": [], "floor": [], "arithmetic": []}
    for _ in range(args.runs):
        timed["topic"].append(cpu(through_topic, text))
        timed["floor"].append(cpu(floor, text))
        timed["arithmetic"].append(cpu(arithmetic, text))
    medians = {name: statistics.median(values) for name, values in timed.items()}
    count = len(made["amounts"])
    print(f"test_plan: {count} sections of a {json.loads(text)['length_ft']}-ft run, median CPU of {args.runs} runs "
          f"(load average {' '.join(f'{x:.2f}' for x in os.getloadavg())})")  # fmt: skip
    print(f"  topic (facts JSON -> determine -> Decision JSON): {medians['topic'] * 1000:8.3f} ms "
          f"(goal <= {GOAL_SECONDS:.0f} s: {'met' if medians['topic'] <= GOAL_SECONDS else 'MISSED'})")  # fmt: skip
    print(f"  floor (the same sections by plain arithmetic, the same rows as JSON): {medians['floor'] * 1000:8.3f} ms")
    print(f"  bare arithmetic (the sections alone, no output): {medians['arithmetic'] * 1000:8.3f} ms "
          f"(topic ÷ bare arithmetic {medians['topic'] / max(medians['arithmetic'], 1e-9):.1f}, for information)")
    ratio = medians["topic"] / max(medians["floor"], 1e-9)
    met = ratio <= GOAL_RATIO and medians["topic"] <= GOAL_SECONDS
    print(f"test_plan ÷ floor {ratio:.2f} (goal ≤ {GOAL_RATIO}): {'met' if met else 'MISSED'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
