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

Every judgement is the ``discharge-sample`` topic's own: this module only builds its facts.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import ROUND_CEILING, Decimal

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


@dataclass
class Judged:
    """One judgement: the day, basis and parameter, the decision, and the results it rests on."""

    point: SamplingPoint
    parameter: str
    basis: str
    day: dt.date
    value: Decimal
    decision: Decision
    results: list[Result] = field(default_factory=list)


def _decimal(value: Decimal) -> str:
    return format(value.normalize(), "f")


def mean(values: list[Decimal]) -> Decimal:
    """The mean, rounded up at the sixth decimal place: against a limit of six places or fewer it decides
    exactly as the unrounded mean would (above the limit stays above; at or under stays at or under, I-31)."""
    return (sum(values, Decimal(0)) / len(values)).quantize(SIX, rounding=ROUND_CEILING)


def _agreements(user: IndustrialUser, day: dt.date) -> list[dict[str, str]]:
    return [a.as_facts() for a in user.agreements_on(day)]


def judge_sample(sample: Sample, results: list[Result]) -> list[Judged]:
    """pH and temperature on every sample; slug loads on grabs (I-32, I-73)."""
    wanted = [r for r in results if r.parameter in PER_SAMPLE or (sample.kind == "grab" and r.parameter in SLUG)]
    if not wanted:
        return []
    user = sample.point.user
    facts = {"kind": sample.kind, "basis": "instantaneous" if sample.kind == "grab" else "24_hour",
             "results": [r.as_facts() for r in wanted],
             "special_agreements": _agreements(user, sample.day)}  # fmt: skip
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
            out.append(Judged(sample.point, parameter, "instantaneous", sample.day, result.value, one, [result]))
    return out


@dataclass
class Daily:
    """A day's 24-hour average of one substance at one point (I-31)."""

    day: dt.date
    value: Decimal
    results: list[Result]
    non_detect: bool
    detection_limit: Decimal | None  # in the limit's unit


def daily_values(results: Iterable[Result]) -> list[Daily]:
    """The day's composite (mean of several), else the mean of its grabs; non-detects as zero (I-31)."""
    by_day: dict[dt.date, list[Result]] = defaultdict(list)
    for result in results:
        by_day[result.sample.day].append(result)
    days = []
    for day in sorted(by_day):
        composites = [r for r in by_day[day] if r.sample.kind == "composite"]
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
    candidates = set(days) | {d + window for d in days}
    return sorted(d for d in candidates if any(d - window < x <= d for x in days) and (as_of is None or d <= as_of))


def _average_facts(parameter: str, unit: str, value: Decimal, basis: str, *, non_detect: bool = False,
                   detection_limit: Decimal | None = None) -> dict[str, object]:  # fmt: skip
    result: dict[str, str] = {"parameter": parameter, "value": _decimal(value), "unit": unit}
    if non_detect:
        result.update(qualifier="<", value=_decimal(detection_limit or Decimal(0)))
        if detection_limit is not None:
            result["detection_limit"] = _decimal(detection_limit)
    return {"kind": "average", "basis": basis, "results": [result]}


def judge_series(point: SamplingPoint, parameter: str, results: list[Result], as_of: dt.date) -> list[Judged]:
    """24-hour averages of each day and 30-day averages of each day the window changes (I-31, I-76)."""
    user = point.user
    unit = PARAMETERS[parameter].unit
    daily = daily_values(results)
    out: list[Judged] = []
    for day in daily:
        facts = _average_facts(parameter, unit, day.value, "24_hour", non_detect=day.non_detect,
                               detection_limit=day.detection_limit)  # fmt: skip
        facts["special_agreements"] = _agreements(user, day.day)
        out.append(Judged(point, parameter, "24_hour", day.day, day.value,
                          determine("discharge-sample", facts, as_of=day.day), day.results))  # fmt: skip
    if PARAMETERS[parameter].family != "toxic":
        return out  # emulsified oil and grease and the §118-39 thresholds: 24-hour averages only (I-30)
    window = dt.timedelta(days=WINDOW_DAYS)
    for on in thirty_day_days([d.day for d in daily], as_of):
        inside = [d for d in daily if on - window < d.day <= on]
        average = mean([d.value for d in inside])
        # a window of non-detects only is a non-detect at the largest detection limit (I-72, I-180)
        limits = [d.detection_limit for d in inside if d.non_detect and d.detection_limit is not None]
        unseen = all(d.non_detect for d in inside) and bool(limits)
        facts = _average_facts(parameter, unit, average, "30_day", non_detect=unseen,
                               detection_limit=max(limits) if unseen else None)  # fmt: skip
        facts["special_agreements"] = _agreements(user, on)
        out.append(Judged(point, parameter, "30_day", on, average, determine("discharge-sample", facts, as_of=on),
                          [r for d in inside for r in d.results]))  # fmt: skip
    return out


def evaluate_point(point: SamplingPoint, parameters: Iterable[str] | None = None, *,
                   as_of: dt.date | None = None) -> list[Judged]:  # fmt: skip
    """Every judgement of the point's results (for ``parameters``, or all) up to ``as_of`` (default today)."""
    as_of = as_of or timezone.localdate()
    results = list(Result.objects.filter(sample__point=point).select_related("sample", "sample__point__user"))
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
