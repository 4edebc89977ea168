"""From new exceedances to enforcement: one hand-off for both paths that find them, the results entered sample by
sample (``do_record_results``) and a period evaluated at once (:mod:`sewerworks.pretreatment.period`).

The new exceedances of one industrial user in one run open one §118-37 violation (enforcement's
``do_open_violations``, the set-based ``do_open_violation``: program pretreatment, discovered by sampling), opened
first so that each exceedance is written with it (no ``UPDATE`` of the findings afterwards), and a follow-up for
the Superintendent to serve the notice of violation (§118-47). The violation's facts are written in a notice's
words (``violation_facts``: the sampling point, each finding's day and sentence, its samples and laboratory), and
it is recorded by the person who entered the results or started the evaluation. Exceedances are written in bulk,
each with its stored decision and its results as evidence. A §118-39 trigger, a non-detect that cannot show
compliance (I-72, I-180), and the limits found exceeded open the Town Engineer's review or join the one open
(I-74), each line dated by its value's day; never a violation by themselves. Every kind of record is written in a
few statements whatever the number of users: a period's run hands off hundreds at once.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model

from sewerworks.core.access.roles import SUPERINTENDENT
from sewerworks.core.determinations.run import store_decisions
from sewerworks.core.inserts import insert_rows, insert_values
from sewerworks.core.models import StoredDecision
from sewerworks.core.records import events
from sewerworks.core.records.bulk import announce_written
from sewerworks.core.records.history import create_with_history
from sewerworks.enforcement.actions.many import ViolationFound, do_open_deadlines, do_open_violations
from sewerworks.enforcement.choices import DeadlineKind, Discovery, Program
from sewerworks.enforcement.models import FollowUp, Violation
from sewerworks.ordinance.decision import Decision
from sewerworks.pretreatment.actions.reviews import open_or_extend_reviews
from sewerworks.pretreatment.evaluation import Judged
from sewerworks.pretreatment.models import EvaluationRun, Exceedance, IndustrialUser
from sewerworks.pretreatment.violation_facts import results_of, violation_facts

__all__ = ["HandedOff", "figures", "hand_off"]


@dataclass
class HandedOff:
    """What one hand-off wrote."""

    exceedances: list[Exceedance] = field(default_factory=list)
    violations: int = 0
    reviews: int = 0


def figures(decision: Decision) -> dict[str, Any]:
    """An exceedance's figures as its (failing) decision states them: the table row, section, value, limit, unit
    and sentence."""
    finding = decision.failed[0]
    compared = finding.compared
    return {
        "row": str(compared.get("row", "")), "section": finding.section,
        "value": Decimal(str(compared.get("value", "0"))),
        "limit": Decimal(str(compared.get("limit", "0")).split(" ")[0]),
        "unit": str(compared.get("unit", "")), "sentence": finding.sentence[:300],
    }  # fmt: skip


def hand_off(
    new: Mapping[int, list[Judged]], triggers: Mapping[int, list[Judged]], *, acting_user: Any, on: dt.date,
    found_by: EvaluationRun | None = None,
) -> HandedOff:  # fmt: skip
    """``new``: each user's new exceedances (one judgement per point, parameter, basis and day); ``triggers``:
    each user's §118-39 triggers and non-detects that cannot show compliance (I-180). Opens one violation per user
    with new exceedances (every user's first), writes all the exceedances with them, then each notice's task and
    the reviews: each kind of record in a few statements whatever the number of users (enforcement's
    ``do_open_violations`` and ``do_open_deadlines``, the reviews' ``open_or_extend_reviews``)."""
    done = HandedOff()
    users = list(IndustrialUser.objects.filter(pk__in=set(new) | set(triggers)).select_related("building__parcel")
                 .order_by("pk"))  # fmt: skip
    finding = [u for u in users if new.get(u.pk)]
    violations = _open_violations(finding, new, acting_user, on)
    opened = {u.pk: v for u, v in zip(finding, violations, strict=True)}
    written = _exceedances([(j, opened[u]) for u in opened for j in new[u]], acting_user, found_by)
    first: dict[int | None, Exceedance] = {}
    for exceedance in written:
        first.setdefault(exceedance.violation_id, exceedance)
    _serve_notices([(u, opened[u.pk], first[opened[u.pk].pk]) for u in finding], acting_user, on)
    done.reviews = open_or_extend_reviews(
        [(u, triggers.get(u.pk, []), new.get(u.pk, [])) for u in users if triggers.get(u.pk) or new.get(u.pk)], on)
    done.exceedances, done.violations = written, len(opened)
    return done


def _exceedances(found: list[tuple[Judged, Violation]], acting_user: Any,
                 found_by: EvaluationRun | None) -> list[Exceedance]:  # fmt: skip
    """The exceedances of the judged values, each with its decision and its results as evidence, written with the
    violation they opened: three bulk inserts, whatever their number."""
    if not found:
        return []
    stored = store_decisions([(j.decision, j.point) for j, _ in found], acting_user=acting_user)
    written = insert_rows(Exceedance, [
        Exceedance(user_id=j.point.user_id, point_id=j.point.pk, parameter=j.parameter, basis=j.basis, day=j.day,
                   decision=decision, violation=violation, found_by=found_by, **figures(j.decision))
        for (j, violation), decision in zip(found, stored, strict=True)
    ])  # fmt: skip
    write_evidence([(e.pk, r.pk) for e, (j, _) in zip(written, found, strict=True) for r in j.results])
    events.recorded_in_story(StoredDecision, [d.pk for d in stored])
    events.recorded_in_story(Exceedance, [e.pk for e in written])
    announce_written(Exceedance, [e.pk for e in written])
    return written


def write_evidence(pairs: list[tuple[int, int]]) -> None:
    """The (exceedance, result) rows of the evidence, in one statement (thousands in a period's run)."""
    through: Any = Exceedance.results.through._meta
    insert_values(Exceedance.results.through, [str(through.get_field(n).column) for n in ("exceedance", "result")],
                  pairs)  # fmt: skip


def _superintendent() -> Any:
    return get_user_model().objects.filter(groups__name=SUPERINTENDENT, is_active=True).order_by("pk").first()


def _open_violations(users: list[IndustrialUser], new: Mapping[int, list[Judged]], acting_user: Any,
                     on: dt.date) -> list[Violation]:  # fmt: skip
    """One §118-37 violation for each user's new exceedances of this run, opened before them so that each is
    written with it; its facts in a notice's words (no staff name or run id: the audit record keeps them)."""
    for user in users:
        new[user.pk].sort(key=lambda j: (j.day, j.parameter, j.basis, j.point.pk))
    results = results_of(new[u.pk] for u in users)
    return do_open_violations([
        ViolationFound(parcel=u.building.parcel, section="118-37", program=Program.PRETREATMENT, discovered_on=on,
                       how_discovered=Discovery.SAMPLING,  # recorded by who entered or evaluated: not a sweep
                       description=violation_facts(u, new[u.pk], results)[:2000])
        for u in users
    ], acting_user=acting_user)  # fmt: skip


def _serve_notices(opened: list[tuple[IndustrialUser, Violation, Exceedance]], acting_user: Any,
                   on: dt.date) -> None:  # fmt: skip
    """The Superintendent's task to serve each notice of violation (§118-47): a deadline and a follow-up each."""
    if not opened:
        return
    superintendent = _superintendent()
    titles = [f"Serve the notice of violation of §118-37 on {user}"[:200] for user, _, _ in opened]
    deadlines = do_open_deadlines([
        dict(program=Program.PRETREATMENT, kind=DeadlineKind.REVIEW, subject=violation, decision=first.decision,
             section="118-47", title=title, due_on=on, parcel=user.building.parcel, officer=superintendent,
             why="Opened by the evaluation of lab results (§118-37, §118-47)")
        for (user, violation, first), title in zip(opened, titles, strict=True)
    ], acting_user=acting_user)  # fmt: skip
    tasks = []
    for deadline, title in zip(deadlines, titles, strict=True):
        task = FollowUp(deadline=deadline, kind="serve_notice_of_violation", raised_on=on, title=title,
                        assigned_to=superintendent)  # fmt: skip
        task._change_reason = "Raised by the evaluation of lab results"  # type: ignore[attr-defined]
        tasks.append(task)
    create_with_history(FollowUp, tasks)
