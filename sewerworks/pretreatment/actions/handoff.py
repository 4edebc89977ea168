"""From new exceedances to enforcement: one hand-off for both paths that find them, the results entered sample by
sample (``do_record_results``) and a period evaluated at once (:mod:`sewerworks.pretreatment.period`).

The new exceedances of one industrial user in one run open one §118-37 violation (enforcement's
``do_open_violation``, program pretreatment, discovered by sampling), opened first so that each exceedance is
written with it (no ``UPDATE`` of the findings afterwards), and a follow-up for the Superintendent to serve the
notice of violation (§118-47). Exceedances are written in bulk, each with its stored decision and its results
as evidence. A §118-39 trigger, and the substances found above their limits, open the Town Engineer's review
or join the one open (I-74); never a violation by themselves.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection

from sewerworks.core.access.roles import SUPERINTENDENT
from sewerworks.core.determinations.run import store_decisions
from sewerworks.core.models import StoredDecision
from sewerworks.core.records import events
from sewerworks.core.records.bulk import announce_written
from sewerworks.enforcement.actions import do_open_deadline, do_open_violation
from sewerworks.enforcement.choices import DeadlineKind, Discovery, Program
from sewerworks.enforcement.models import FollowUp, Violation
from sewerworks.ordinance.decision import Decision
from sewerworks.pretreatment.actions.reviews import open_or_extend_review
from sewerworks.pretreatment.evaluation import Judged
from sewerworks.pretreatment.models import EvaluationRun, Exceedance, IndustrialUser

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
    new: Mapping[int, list[Judged]], triggers: Mapping[int, list[Judged]], *, acting_user: Any, run: str,
    on: dt.date, found_by: EvaluationRun | None = None,
) -> HandedOff:  # fmt: skip
    """``new``: each user's new exceedances (one judgement per point, parameter, basis and day); ``triggers``:
    each user's §118-39 triggers. Opens one violation per user with new exceedances (every user's first), writes
    all the exceedances with them in three bulk statements, then each notice's task and the reviews."""
    done = HandedOff()
    users = list(IndustrialUser.objects.filter(pk__in=set(new) | set(triggers)).select_related("building__parcel")
                 .order_by("pk"))  # fmt: skip
    opened = {u.pk: _open_violation(u, new[u.pk], acting_user, run, on, found_by) for u in users if new.get(u.pk)}
    written = _exceedances([(j, opened[u]) for u in opened for j in new[u]], acting_user, found_by)
    first: dict[int | None, Exceedance] = {}
    for exceedance in written:
        first.setdefault(exceedance.violation_id, exceedance)
    superintendent = _superintendent() if opened else None
    for user in users:
        if user.pk in opened:
            _serve_notice(user, opened[user.pk], first[opened[user.pk].pk], on, superintendent)
        substances = sorted({j.parameter for j in new.get(user.pk, [])})
        review_facts = triggers.get(user.pk, [])
        if (review_facts or substances) and open_or_extend_review(user, review_facts, substances, on):
            done.reviews += 1
    done.exceedances, done.violations = written, len(opened)
    return done


def _exceedances(found: list[tuple[Judged, Violation]], acting_user: Any,
                 found_by: EvaluationRun | None) -> list[Exceedance]:  # fmt: skip
    """The exceedances of the judged values, each with its decision and its results as evidence, written with the
    violation they opened: three bulk inserts, whatever their number."""
    if not found:
        return []
    stored = store_decisions([(j.decision, j.point) for j, _ in found], acting_user=acting_user)
    written = Exceedance.objects.bulk_create([
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
    """The (exceedance, result) rows of the evidence, in one ``executemany`` (thousands in a period's run)."""
    if not pairs:
        return
    through = Exceedance.results.through._meta
    fields: list[Any] = [through.get_field(n) for n in ("exceedance", "result")]
    columns = [str(f.column) for f in fields]
    with connection.cursor() as cursor:
        cursor.executemany(f"INSERT INTO {through.db_table} ({', '.join(columns)}) VALUES (%s, %s)", pairs)  # noqa: S608


def _superintendent() -> Any:
    return get_user_model().objects.filter(groups__name=SUPERINTENDENT, is_active=True).order_by("pk").first()


def _open_violation(user: IndustrialUser, found: list[Judged], acting_user: Any, run: str, on: dt.date,
                    found_by: EvaluationRun | None) -> Violation:  # fmt: skip
    """One §118-37 violation for the user's new exceedances of this run, opened before them so that each is
    written with it."""
    found.sort(key=lambda j: (j.day, j.parameter, j.basis, j.point.pk))
    lines = "; ".join(f"{j.day}: {j.decision.failed[0].sentence[:300]}" for j in found[:20])
    more = f" (and {len(found) - 20} more)" if len(found) > 20 else ""
    who = acting_user.get_full_name() or acting_user.get_username()
    how = f"the evaluation of {found_by.start} to {found_by.end} started by {who}" if found_by else (
        f"the lab results entered by {who}")  # fmt: skip
    return do_open_violation(
        parcel=user.building.parcel, section="118-37", program=Program.PRETREATMENT, discovered_on=on,
        how_discovered=Discovery.SAMPLING, acting_user=None,
        description=f"Discharge above the §118-37 limits at {user} found in {how}"
        f"{' (run ' + run + ')' if run else ''}: {lines}{more}"[:2000],
    )  # fmt: skip


def _serve_notice(user: IndustrialUser, violation: Violation, first: Exceedance, on: dt.date,
                  superintendent: Any) -> None:  # fmt: skip
    """The Superintendent's task to serve the notice of the violation (§118-47)."""
    title = f"Serve the notice of violation of §118-37 on {user}"[:200]
    deadline = do_open_deadline(
        program=Program.PRETREATMENT, kind=DeadlineKind.REVIEW, subject=violation, decision=first.decision,
        section="118-47", title=title, acting_user=None, due_on=on, parcel=user.building.parcel,
        officer=superintendent, why="Opened by the evaluation of lab results (§118-37, §118-47)",
    )  # fmt: skip
    task = FollowUp(deadline=deadline, kind="serve_notice_of_violation", raised_on=on,
                    title=title, assigned_to=superintendent)  # fmt: skip
    task._change_reason = "Raised by the evaluation of lab results"  # type: ignore[attr-defined]
    task.save()
