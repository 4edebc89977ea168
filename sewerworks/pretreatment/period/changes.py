"""What changed since the last evaluation of the same period: the series and days a rerun judges again.

A run keeps what it read (its snapshot): the limits of each day and the agreements (``limits.snapshot``), the
last result it read (results are append-only: a result is never edited nor deleted, a correction is a new
sample, I-153) and how many results there were. The next run of the same period judges again only:

- for each result entered since, its series from its day to 30 days later (its day's 24-hour value, every
  30-day average it enters, and the day after it leaves the window, I-76); a reading of pH or temperature, its
  day only;
- for a limit in force changed (a Board resolution, I-150), every series of that parameter from the first day
  it differs; for an agreement changed (§118-43, I-71), the user's series of that parameter from that day.

Everything is judged again when there is no finished run of the period, when the evaluation's rules changed
(``RULES``), or when the results do not add up (a result committed late with an earlier number): never less
than what changed.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from sewerworks.pretreatment.evaluation import AVERAGED
from sewerworks.pretreatment.models import EvaluationRun, Result
from sewerworks.pretreatment.period.limits import first_difference

RULES = "issue-36/1"  # the evaluation's rules: a run of other rules is never compared with
WINDOW = dt.timedelta(days=30)
Series = tuple[int, str]
Ranges = dict[Series, list[tuple[dt.date, dt.date]]]


def merged(ranges: Ranges) -> Ranges:
    """Each series' ranges of days, overlapping or adjoining ones joined."""
    out: Ranges = {}
    for series, spans in ranges.items():
        joined: list[tuple[dt.date, dt.date]] = []
        for lo, hi in sorted(spans):
            if joined and lo <= joined[-1][1] + dt.timedelta(days=1):
                joined[-1] = (joined[-1][0], max(joined[-1][1], hi))
            else:
                joined.append((lo, hi))
        out[series] = joined
    return out


@dataclass
class Scope:
    """The series and days a rerun judges, and why (each series' causes, for the run's list)."""

    judge: Ranges = field(default_factory=dict)
    causes: dict[Series, set[str]] = field(default_factory=lambda: defaultdict(set))
    notes: list[str] = field(default_factory=list)

    def read(self) -> Ranges:
        """The days to read: each judged day's 30-day window too."""
        return merged({s: [(lo - WINDOW, hi) for lo, hi in spans] for s, spans in self.judge.items()})


def high_water() -> tuple[int, int]:
    """The last result number and the number of results: what the next run compares."""
    last = Result.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
    return last, Result.objects.count()


def previous_run(start: dt.date, end: dt.date) -> EvaluationRun | None:
    return (EvaluationRun.objects.filter(start=start, end=end, status=EvaluationRun.Status.FINISHED)
            .order_by("-finished_at", "-pk").first())  # fmt: skip


def what_changed(previous: EvaluationRun | None, read: dict[str, Any], last: int, count: int, start: dt.date,
                 end: dt.date) -> tuple[Scope | None, str]:  # fmt: skip
    """The scope of a rerun (None: judge everything) and a sentence saying why."""
    if previous is None:
        return None, "No earlier evaluation of this period has finished: every series is evaluated."
    kept = previous.snapshot or {}
    if kept.get("rules") != RULES:
        return None, "The evaluation's rules changed since the last run: every series is evaluated."
    newer = Result.objects.filter(pk__gt=kept["last"])
    if count != kept["count"] + newer.count():
        return None, "Results were entered out of their order since the last run: every series is evaluated."
    scope = Scope()
    spans: Ranges = defaultdict(list)
    rows = newer.filter(sample__day__range=(start - WINDOW, end)).values_list(
        "sample__point_id", "parameter", "sample__day", "sample__corrects__lab_sample_id").distinct()  # fmt: skip
    for point, parameter, day, corrected in rows:
        lo, hi = max(day, start), min(day + WINDOW if parameter in AVERAGED else day, end)
        if lo <= hi:
            spans[point, parameter].append((lo, hi))
            scope.causes[point, parameter].add(f"corrected result (sample {corrected})" if corrected else
                                               "results entered since the last evaluation")  # fmt: skip
    _limits_changed(kept, read, start, end, spans, scope)
    scope.judge = merged(spans)
    return scope, (f"Since the last evaluation (run {previous.pk}): {len(scope.judge)} series changed."
                   if scope.judge else f"Nothing changed since the last evaluation (run {previous.pk}).")  # fmt: skip


def _limits_changed(kept: dict[str, Any], read: dict[str, Any], start: dt.date, end: dt.date, spans: Ranges,
                    scope: Scope) -> None:  # fmt: skip
    changed: dict[str, dt.date] = {}  # parameter -> first day a chapter limit differs
    for key in set(kept.get("limits", {})) | set(read["limits"]):
        day = first_difference(kept.get("limits", {}).get(key), read["limits"].get(key), start, end)
        if day is not None:
            parameter = key.split("/")[0]
            changed[parameter] = min(day, changed.get(parameter, day))
    agreed: dict[tuple[int, str], dt.date] = {}
    for key in set(kept.get("agreements", {})) | set(read["agreements"]):
        day = first_difference(kept.get("agreements", {}).get(key), read["agreements"].get(key), start, end)
        if day is not None:
            user, parameter = key.split("/")
            agreed[int(user), parameter] = day
    if not changed and not agreed:
        return
    users = {u for u, _ in agreed}
    series = (Result.objects.filter(sample__day__range=(start - WINDOW, end))
              .filter(parameter__in={p for _, p in agreed} | set(changed))
              .values_list("sample__point_id", "sample__point__user_id", "parameter").distinct())  # fmt: skip
    for point, user, parameter in series:
        if parameter in changed:
            spans[point, parameter].append((changed[parameter], end))
            scope.causes[point, parameter].add(f"the limit in force changed from {changed[parameter]} (I-150)")
        if user in users and (user, parameter) in agreed:
            spans[point, parameter].append((agreed[user, parameter], end))
            scope.causes[point, parameter].add(f"the special agreement changed from {agreed[user, parameter]}")
    for parameter, day in sorted(changed.items()):
        scope.notes.append(f"The limits of {parameter} in force changed from {day}.")
