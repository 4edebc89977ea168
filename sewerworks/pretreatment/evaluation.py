"""Evaluating a sampling point's results as §118-37 reads them (I-31, I-73, I-76), through the topic.

* Each sample is judged on its own for what is judged on every reading: pH and temperature, and on a grab
  the slug loads of BOD and suspended solids (I-32).
* A day's 24-hour average of a substance is the result of that day's composite (the mean of several), or,
  without one, the mean of the day's grabs (I-31). Non-detects count as zero (I-31) and a day whose every
  result is a non-detect is shown as one, with the largest detection limit; so is a 30-day window of
  non-detects only (I-72, I-180: above the limit, it cannot show compliance and goes to the Town Engineer).
* The 30-day average on a day is the mean of the daily values in the 30 calendar days ending that day. It is
  judged on every day a daily value enters the window and on the day after one leaves it (I-76), so a
  30-day exceedance that no single sample shows, or that appears only when a low value drops out, is found.

* Several readings of one day beyond the same limit are one exceedance: the reading farthest beyond it, the
  earliest of equals (I-154, :func:`one_per_day`).
* A result a later sample corrected for its parameter does not count (I-153, ``Result.objects.counted``).

Every judgement is the ``discharge-sample`` topic's own: this module only builds its facts. The period's
evaluation (:mod:`sewerworks.pretreatment.period`) finds the same judgements set-based and builds the facts of
what it found with the same functions (``judge_sample``, ``judge_average``, ``judge_window``).
"""

from __future__ import annotations

import datetime as dt
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_CEILING, Decimal
from typing import Any, Protocol

from django.utils import timezone

from sewerworks.core.determinations.run import run_determination as determine
from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.s118_37_limits import PARAMETERS, in_limit_unit
from sewerworks.pretreatment.models import IndustrialUser, Result, Sample, SamplingPoint

WINDOW_DAYS = 30
SIX = Decimal("0.000001")
PER_SAMPLE = {"ph", "temperature"}
SLUG = {"bod", "suspended_solids"}
AVERAGED = {k for k, m in PARAMETERS.items() if m.family in ("toxic", "conventional", "oil_grease")}
AgreementsOn = Callable[[dt.date], list[dict[str, str]]]
NEVER = dt.datetime.min.replace(tzinfo=dt.UTC)
Key = tuple[int, str, str, dt.date]  # (sampling point, parameter, basis, day): an exceedance's identity


class Reading(Protocol):
    """What a judgement reads of a result: a :class:`Result`, or the period evaluation's row of one."""

    pk: Any
    parameter: str
    value: Decimal
    reported_value: Decimal
    reported_unit: str
    detection_limit: Decimal | None

    @property
    def non_detect(self) -> bool: ...
    @property
    def sample_day(self) -> dt.date: ...
    @property
    def sample_kind(self) -> str: ...


@dataclass
class Judged:
    """One judgement: the day, basis and parameter, the decision, and the results it rests on."""

    point: SamplingPoint
    parameter: str
    basis: str
    day: dt.date
    value: Decimal
    decision: Decision
    results: Sequence[Reading] = field(default_factory=list)
    taken_at: dt.datetime | None = None  # a single reading's sample: when it was taken (I-154)

    @property
    def key(self) -> Key:
        return (self.point.pk, self.parameter, self.basis, self.day)


def _decimal(value: Decimal) -> str:
    return format(value.normalize(), "f")


def mean(values: list[Decimal]) -> Decimal:
    """The mean, rounded up at the sixth decimal place: against a limit of six places or fewer it decides
    exactly as the unrounded mean would (above the limit stays above; at or under stays at or under, I-31)."""
    return (sum(values, Decimal(0)) / len(values)).quantize(SIX, rounding=ROUND_CEILING)


def _agreements(user: IndustrialUser, day: dt.date) -> list[dict[str, str]]:
    return [a.as_facts() for a in user.agreements_on(day)]


def judge_sample(sample: Sample, results: list[Result], agreements: list[dict[str, str]] | None = None) -> list[Judged]:
    """pH and temperature on every sample; slug loads on grabs (I-32, I-73). ``agreements``: the §118-43
    agreements in force on the sample's day, as facts (default: read from the records)."""
    wanted = [r for r in results if r.parameter in PER_SAMPLE or (sample.kind == "grab" and r.parameter in SLUG)]
    if not wanted:
        return []
    if agreements is None:
        agreements = _agreements(sample.point.user, sample.day)
    facts = {"kind": sample.kind, "basis": "instantaneous" if sample.kind == "grab" else "24_hour",
             "results": [r.as_facts() for r in wanted], "special_agreements": agreements}  # fmt: skip
    decision = determine("discharge-sample", facts, as_of=sample.day)
    by_parameter = {r.parameter: r for r in wanted}
    out = []
    for finding in decision.findings:
        parameter = next((p for p in by_parameter if finding.requirement in (p, f"slug-{p}")), None)
        if parameter is None and finding.requirement.startswith("temperature"):
            parameter = "temperature"
        if parameter is not None:
            one = decision.model_copy(update={"findings": [finding]})
            result = by_parameter[parameter]
            out.append(Judged(sample.point, parameter, "instantaneous", sample.day, result.value, one, [result],
                              taken_at=sample.started_at))  # fmt: skip
    return out


def cannot_show_compliance(judged: Judged) -> bool:
    """A non-detect (a day, or a 30-day window, of non-detects only) whose detection limit is above the limit: it
    cannot show compliance (I-72) and goes to the Town Engineer's review list with its reason (I-180)."""
    return any("I-72" in f.interpretations for f in judged.decision.discretionary)


def sends_to_review(judged: Judged) -> bool:
    """A §118-39 trigger, or a non-detect that cannot show compliance (I-72, I-180): both go to the review list
    (``actions.reviews.open_or_extend_reviews``)."""
    return judged.decision.outcome == "review-required" or cannot_show_compliance(judged)


def excess(judged: Judged) -> Decimal:
    """How far a failing reading is beyond its limit (below the bottom of the pH range counts as beyond)."""
    compared = judged.decision.failed[0].compared
    value, limit = Decimal(str(compared["value"])), str(compared["limit"])
    if " to " in limit:
        low, high = (Decimal(x) for x in limit.split(" to "))
        return low - value if value < low else value - high
    return value - Decimal(limit.split(" ")[0])


def one_per_day(found: Iterable[Judged]) -> dict[Key, Judged]:
    """The failing judgements, one per (point, parameter, basis, day): of several readings of a day beyond the
    same limit, the one farthest beyond it, the earliest taken of equals (I-154)."""
    best: dict[Key, Judged] = {}
    earliest = sorted((j for j in found if j.decision.failed),
                      key=lambda j: (j.taken_at or NEVER, j.results[0].pk if j.results else 0))  # fmt: skip
    for judged in earliest:
        kept = best.get(judged.key)
        if kept is None or excess(judged) > excess(kept):
            best[judged.key] = judged
    return best


@dataclass
class Daily:
    """A day's 24-hour average of one substance at one point (I-31)."""

    day: dt.date
    value: Decimal
    results: list[Reading]
    non_detect: bool
    detection_limit: Decimal | None  # in the limit's unit


def daily_values(results: Iterable[Reading]) -> list[Daily]:
    """The day's composite (mean of several), else the mean of its grabs; non-detects as zero (I-31)."""
    by_day: dict[dt.date, list[Reading]] = defaultdict(list)
    for result in results:
        by_day[result.sample_day].append(result)
    days = []
    for day in sorted(by_day):
        composites = [r for r in by_day[day] if r.sample_kind == "composite"]
        chosen = composites or by_day[day]
        value = mean([r.value for r in chosen])
        non_detect = all(r.non_detect for r in chosen)
        limits = [in_limit_unit(r.detection_limit if r.detection_limit is not None else r.reported_value,
                                r.reported_unit, r.parameter) for r in chosen if r.non_detect]  # fmt: skip
        days.append(Daily(day, value, chosen, non_detect, max(limits) if non_detect and limits else None))
    return days


def thirty_day_days(days: list[dt.date], as_of: dt.date | None = None) -> list[dt.date]:
    """Each day a daily value enters the window, and the day after one leaves it while others remain (I-76),
    up to ``as_of`` (a day still to come is not judged, I-50)."""
    window = dt.timedelta(days=WINDOW_DAYS)
    ordered = sorted(set(days))
    candidates = set(ordered) | {d + window for d in ordered}

    def any_inside(on: dt.date) -> bool:  # a daily value in (on - 30 days, on]
        at = bisect_right(ordered, on)
        return at > 0 and ordered[at - 1] > on - window

    return sorted(d for d in candidates if (as_of is None or d <= as_of) and any_inside(d))


def _average_facts(parameter: str, unit: str, value: Decimal, basis: str, *, non_detect: bool = False,
                   detection_limit: Decimal | None = None) -> dict[str, object]:  # fmt: skip
    result: dict[str, str] = {"parameter": parameter, "value": _decimal(value), "unit": unit}
    if non_detect:
        result.update(qualifier="<", value=_decimal(detection_limit or Decimal(0)))
        if detection_limit is not None:
            result["detection_limit"] = _decimal(detection_limit)
    return {"kind": "average", "basis": basis, "results": [result]}


def judge_average(point: SamplingPoint, parameter: str, basis: str, on: dt.date, value: Decimal,
                  results: Sequence[Reading], agreements: list[dict[str, str]], *, non_detect: bool = False,
                  detection_limit: Decimal | None = None) -> Judged:  # fmt: skip
    """A 24-hour or 30-day average judged by the topic on the day ``on``, with the limits in force that day
    (I-150) and the §118-43 agreements in force that day (I-71)."""
    facts = _average_facts(parameter, PARAMETERS[parameter].unit, value, basis, non_detect=non_detect,
                           detection_limit=detection_limit)  # fmt: skip
    facts["special_agreements"] = agreements
    return Judged(point, parameter, basis, on, value, determine("discharge-sample", facts, as_of=on), results)


def judge_window(point: SamplingPoint, parameter: str, on: dt.date, inside: Sequence[Daily],
                 agreements: list[dict[str, str]]) -> Judged:  # fmt: skip
    """The 30-day average on ``on`` of the daily values ``inside`` its window. A window of non-detects only is a
    non-detect at the largest detection limit (I-72, I-180): above the limit, it cannot show compliance."""
    unseen = all(d.non_detect for d in inside)
    limits = [d.detection_limit for d in inside if d.detection_limit is not None] if unseen else []
    return judge_average(point, parameter, "30_day", on, mean([d.value for d in inside]),
                         [r for d in inside for r in d.results], agreements, non_detect=bool(limits),
                         detection_limit=max(limits, default=None))  # fmt: skip


def judge_series(point: SamplingPoint, parameter: str, results: Sequence[Reading], as_of: dt.date,
                 agreements_on: AgreementsOn | None = None) -> list[Judged]:  # fmt: skip
    """24-hour averages of each day and 30-day averages of each day the window changes (I-31, I-76)."""
    if agreements_on is None:
        user = point.user

        def agreements_on(day: dt.date) -> list[dict[str, str]]:
            return _agreements(user, day)

    daily = daily_values(results)
    out = [judge_average(point, parameter, "24_hour", d.day, d.value, d.results, agreements_on(d.day),
                         non_detect=d.non_detect, detection_limit=d.detection_limit) for d in daily]  # fmt: skip
    if PARAMETERS[parameter].family != "toxic":
        return out  # emulsified oil and grease and the §118-39 thresholds: 24-hour averages only (I-30)
    window = dt.timedelta(days=WINDOW_DAYS)
    days = [d.day for d in daily]  # sorted
    for on in thirty_day_days(days, as_of):
        inside = daily[bisect_right(days, on - window) : bisect_right(days, on)]
        out.append(judge_window(point, parameter, on, inside, agreements_on(on)))
    return out


def evaluate_point(point: SamplingPoint, parameters: Iterable[str] | None = None, *,
                   as_of: dt.date | None = None) -> list[Judged]:  # fmt: skip
    """Every judgement of the point's results (for ``parameters``, or all) up to ``as_of`` (default today)."""
    as_of = as_of or timezone.localdate()
    counted = Result.objects.counted().filter(sample__point=point)
    results = list(counted.select_related("sample", "sample__point__user"))
    if parameters is not None:
        wanted = set(parameters)
        results = [r for r in results if r.parameter in wanted]
    out: list[Judged] = []
    by_sample: dict[int, list[Result]] = defaultdict(list)
    for r in results:
        by_sample[r.sample_id].append(r)
    for sample_results in by_sample.values():
        out += judge_sample(sample_results[0].sample, sample_results)
    by_parameter: dict[str, list[Result]] = defaultdict(list)
    for r in results:
        if r.parameter in AVERAGED:
            by_parameter[r.parameter].append(r)
    for parameter, series in sorted(by_parameter.items()):
        out += judge_series(point, parameter, series, as_of)
    return out
