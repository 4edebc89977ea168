"""Entering lab results and acting on what their evaluation finds.

``do_record_results`` writes the samples and results of one lab file (append-only), then evaluates every
sampling point it touched (:mod:`sewerworks.pretreatment.evaluation`). A limit exceeded for the first time
is an :class:`Exceedance` with its results as evidence, handed to enforcement by ``actions.handoff`` (the
same hand-off a period's evaluation uses): the new exceedances of one user in one run open one §118-37
violation and a follow-up for the Superintendent to serve the notice of violation (§118-47). A §118-39
trigger opens the Town Engineer's review, or adds to the one open (I-74). Nothing here is ever a violation
because of a §118-39 threshold alone.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.core.models import AuditEvent
from sewerworks.ordinance.s118_37_limits import PARAMETERS, in_limit_unit
from sewerworks.pretreatment.actions.handoff import hand_off
from sewerworks.pretreatment.evaluation import Judged, evaluate_point, one_per_day, sends_to_review
from sewerworks.pretreatment.models import Exceedance, Result, Sample, SamplingPoint

__all__ = ["LabRow", "do_record_results", "Outcome"]


@dataclass(frozen=True)
class LabRow:
    """One result of a lab file, checked."""

    sample_id: str
    point: SamplingPoint
    started_at: dt.datetime
    ended_at: dt.datetime
    kind: str
    parameter: str
    value: Decimal
    qualifier: str
    detection_limit: Decimal | None
    unit: str
    method: str
    lab: str
    flow_gallons: Decimal | None = None
    corrects: Sample | None = None  # the earlier sample this one corrects (I-153)


@dataclass
class Outcome:
    """What a run entered and found."""

    samples: int = 0
    results: int = 0
    exceedances: int = 0
    violations: int = 0
    reviews: int = 0


def _sample(row: LabRow, run: str, acting_user: Any, cache: dict[tuple[str, str], Sample]) -> Sample:
    key = (row.lab, row.sample_id)
    if key not in cache:
        day = timezone.localtime(row.ended_at).date() if timezone.is_aware(row.ended_at) else row.ended_at.date()
        cache[key] = Sample.objects.create(
            point=row.point, lab_sample_id=row.sample_id, lab=row.lab, kind=row.kind, started_at=row.started_at,
            ended_at=row.ended_at, day=day, flow_gallons=row.flow_gallons, import_run=run, created_by=acting_user,
            corrects=row.corrects,
        )  # fmt: skip
    return cache[key]


def do_record_results(
    rows: list[LabRow], *, acting_user: Any, run: str = "", reason: str = "", as_of: dt.date | None = None
) -> Outcome:
    """Enter the rows (one sample per lab and sample id) and evaluate every sampling point they touch, as of
    ``as_of`` (default today: the day the results are found)."""
    require(acting_user, "pretreatment.import_results", "enter lab results")
    as_of = as_of or timezone.localdate()
    outcome = Outcome()
    with transaction.atomic():
        cache: dict[tuple[str, str], Sample] = {}
        results = []
        for row in rows:
            sample = _sample(row, run, acting_user, cache)
            value = Decimal(0) if row.qualifier == "<" else in_limit_unit(row.value, row.unit, row.parameter)
            results.append(Result(
                sample=sample, parameter=row.parameter, reported_value=row.value, reported_unit=row.unit,
                qualifier=row.qualifier, detection_limit=row.detection_limit, value=value,
                unit=PARAMETERS[row.parameter].unit, method=row.method,
            ))  # fmt: skip
        Result.objects.bulk_create(results)
        outcome.samples, outcome.results = len(cache), len(results)
        touched = {(r.sample.point_id, r.parameter) for r in results}
        evaluate_and_act(touched, acting_user=acting_user, outcome=outcome, run=run, as_of=as_of)
        AuditEvent.objects.create(
            action="do_record_results", actor=acting_user, run=run[:64], rows=outcome.results,
            subject=(reason or "lab results")[:200],
            detail={"samples": outcome.samples, "results": outcome.results, "exceedances": outcome.exceedances,
                    "violations": outcome.violations, "reviews": outcome.reviews},
        )  # fmt: skip
    return outcome


def evaluate_and_act(
    touched: set[tuple[int, str]], *, acting_user: Any, outcome: Outcome, as_of: dt.date, run: str = ""
) -> None:
    """Evaluate the touched series; record new exceedances, open violations and reviews (``actions.handoff``)."""
    by_point: dict[int, set[str]] = defaultdict(set)
    for point_id, parameter in touched:
        by_point[point_id].add(parameter)
    failed: list[Judged] = []
    triggers: dict[int, list[Judged]] = defaultdict(list)
    for point in SamplingPoint.objects.filter(pk__in=by_point).select_related("user__building__parcel"):
        for judged in evaluate_point(point, by_point[point.pk], as_of=as_of):
            if judged.decision.failed:
                failed.append(judged)
            if sends_to_review(judged):
                triggers[point.user_id].append(judged)
    new: dict[int, list[Judged]] = defaultdict(list)  # per user: limits newly exceeded, one per day (I-154)
    for judged in one_per_day(failed).values():
        if not _recorded(judged):
            new[judged.point.user_id].append(judged)
    done = hand_off(new, triggers, acting_user=acting_user, run=run, on=as_of)
    outcome.violations += done.violations
    outcome.exceedances += len(done.exceedances)
    outcome.reviews += done.reviews


def _recorded(judged: Judged) -> bool:
    """Whether this limit was already found exceeded on this day (an exceedance is recorded once; one withdrawn
    by a period's evaluation too, I-151)."""
    return Exceedance.objects.filter(
        point=judged.point, parameter=judged.parameter, basis=judged.basis, day=judged.day
    ).exists()
