"""Entering lab results and acting on what their evaluation finds.

``do_record_results`` writes the samples and results of one lab file (append-only), then evaluates every
sampling point it touched (:mod:`sewerworks.pretreatment.evaluation`). A limit exceeded for the first time
is an :class:`Exceedance` with its results as evidence; the new exceedances of one user in one run open one
§118-37 violation (enforcement's ``do_open_violation``) and a follow-up for the Superintendent to serve the
notice of violation (§118-47). A §118-39 trigger opens the Town Engineer's review, or adds to the one open
(I-74). Nothing here is ever a violation because of a §118-39 threshold alone.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.core.access.roles import SUPERINTENDENT
from sewerworks.core.determinations.run import store_decision
from sewerworks.core.models import AuditEvent
from sewerworks.enforcement.actions import do_open_deadline, do_open_violation
from sewerworks.enforcement.choices import DeadlineKind, Discovery, Program
from sewerworks.enforcement.models import FollowUp, Violation
from sewerworks.ordinance.s118_37_limits import PARAMETERS, in_limit_unit
from sewerworks.pretreatment.actions.reviews import open_or_extend_review
from sewerworks.pretreatment.evaluation import Judged, evaluate_point
from sewerworks.pretreatment.models import Exceedance, IndustrialUser, Result, Sample, SamplingPoint
from sewerworks.pretreatment.violation_facts import violation_facts

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
        evaluate_and_act(touched, acting_user=acting_user, outcome=outcome, run=run, as_of=as_of,
                         entered={r.pk for r in results})  # fmt: skip
        AuditEvent.objects.create(
            action="do_record_results", actor=acting_user, run=run[:64], rows=outcome.results,
            subject=(reason or "lab results")[:200],
            detail={"samples": outcome.samples, "results": outcome.results, "exceedances": outcome.exceedances,
                    "violations": outcome.violations, "reviews": outcome.reviews},
        )  # fmt: skip
    return outcome


def evaluate_and_act(
    touched: set[tuple[int, str]], *, acting_user: Any, outcome: Outcome, as_of: dt.date, run: str = "",
    entered: set[int] | None = None,
) -> None:
    """Evaluate the touched series; record new exceedances, open violations and reviews. A non-detect that cannot
    show compliance goes to the review when the judgement rests on a result ``entered`` now (all when None)."""
    by_point: dict[int, set[str]] = defaultdict(set)
    for point_id, parameter in touched:
        by_point[point_id].add(parameter)
    new: dict[int, dict[tuple[int, str, str, dt.date], Judged]] = defaultdict(dict)  # per user: limits newly exceeded
    triggers: dict[int, list[Judged]] = defaultdict(list)
    unproven: dict[int, list[Judged]] = defaultdict(list)  # non-detects that cannot show compliance (I-72)
    for point in SamplingPoint.objects.filter(pk__in=by_point).select_related("user__building__parcel"):
        for judged in evaluate_point(point, by_point[point.pk], as_of=as_of):
            if judged.decision.failed and not _recorded(judged):
                new[point.user_id].setdefault((point.pk, judged.parameter, judged.basis, judged.day), judged)
            if judged.decision.outcome == "review-required":
                triggers[point.user_id].append(judged)
            fresh = entered is None or any(r.pk in entered for r in judged.results)
            if fresh and any("I-72" in f.interpretations for f in judged.decision.discretionary):
                unproven[point.user_id].append(judged)  # to the Town Engineer's review list (I-180)
    users = set(new) | set(triggers) | set(unproven)
    for user in IndustrialUser.objects.filter(pk__in=users).select_related("building__parcel"):
        if new.get(user.pk):
            _open_violation(user, list(new[user.pk].values()), acting_user, as_of)
            outcome.violations += 1
            outcome.exceedances += len(new[user.pk])
        review_facts = triggers.get(user.pk, [])
        exceeded = list(new.get(user.pk, {}).values())
        if (review_facts or exceeded or unproven.get(user.pk)) and open_or_extend_review(
            user, review_facts, exceeded, as_of, unproven=unproven.get(user.pk, [])
        ):
            outcome.reviews += 1


def _recorded(judged: Judged) -> bool:
    """Whether this limit was already found exceeded on this day (an exceedance is recorded once)."""
    return Exceedance.objects.filter(
        point=judged.point, parameter=judged.parameter, basis=judged.basis, day=judged.day
    ).exists()


def _exceedance(judged: Judged, acting_user: Any, violation: Violation) -> Exceedance:
    """The exceedance of one judged value, with its results as evidence, written with the violation it opened."""
    finding = judged.decision.failed[0]
    compared = finding.compared
    stored = store_decision(judged.decision, subject=judged.point, acting_user=acting_user)
    found = Exceedance.objects.create(
        user=judged.point.user, point=judged.point, parameter=judged.parameter, basis=judged.basis, day=judged.day,
        row=str(compared.get("row", "")), section=finding.section, value=Decimal(str(compared.get("value", "0"))),
        limit=Decimal(str(compared.get("limit", "0")).split(" ")[0]), unit=str(compared.get("unit", "")),
        sentence=finding.sentence[:300], decision=stored, violation=violation,
    )  # fmt: skip
    found.results.set(judged.results)
    return found


def _superintendent() -> Any:
    return get_user_model().objects.filter(groups__name=SUPERINTENDENT, is_active=True).order_by("pk").first()


def _open_violation(
    user: IndustrialUser, found: list[Judged], acting_user: Any, on: dt.date
) -> Violation:
    """One §118-37 violation for the user's new exceedances of this run (opened first, so each exceedance is
    written with it), its facts in a notice's words (``violation_facts``), and the task to serve its notice."""
    found.sort(key=lambda j: (j.day, j.parameter, j.basis))
    violation = do_open_violation(
        parcel=user.building.parcel, section="118-37", program=Program.PRETREATMENT, discovered_on=on,
        how_discovered=Discovery.SAMPLING, acting_user=acting_user,  # who imported: recorded by them, not a sweep
        description=violation_facts(user, found)[:2000],
    )  # fmt: skip
    exceedances = [_exceedance(judged, acting_user, violation) for judged in found]
    superintendent = _superintendent()
    deadline = do_open_deadline(
        program=Program.PRETREATMENT, kind=DeadlineKind.REVIEW, subject=violation, decision=exceedances[0].decision,
        section="118-47", title=f"Serve the notice of violation of §118-37 on {user}", acting_user=acting_user,
        due_on=on, parcel=user.building.parcel, officer=superintendent,
        why="Opened by the evaluation of lab results (§118-37, §118-47)",
    )  # fmt: skip
    title = f"Serve the notice of violation of §118-37 on {user}"[:200]
    task = FollowUp(deadline=deadline, kind="serve_notice_of_violation", raised_on=on,
                    title=title, assigned_to=superintendent)  # fmt: skip
    task._change_reason = "Raised by the evaluation of lab results"  # type: ignore[attr-defined]
    task.save()
    return violation
