"""What a run changes in the findings, and writing it: per chunk of industrial users, one transaction each.

The judgements found are compared, key by key (point, parameter, basis, day), with the exceedances already
recorded in the days judged (I-151):

- found and not recorded: added, through the hand-off every new exceedance takes (``actions.handoff``: one
  violation per user per run, written with it, and the Superintendent's task to serve the notice);
- found and recorded with other figures (value, limit, section) or other results as evidence: its figures,
  decision and evidence change, the old figures kept in the change; found and recorded withdrawn: it holds
  again (reinstated, with its figures);
- recorded and not found: withdrawn with the run and the reason (the value judged now, or that there is none),
  never deleted: its violation stays for staff to decide.

A user's changes are written in one transaction with the run's counts, so a run killed between two chunks
leaves every user's findings whole and the counts true; the next run finds what is written and writes the
rest. An exceedance that already carries a violation is never handed off again.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import F

from sewerworks.core.determinations.run import store_decisions
from sewerworks.core.inserts import insert_rows
from sewerworks.core.models import StoredDecision
from sewerworks.core.records import events
from sewerworks.core.records.bulk import announce_written
from sewerworks.pretreatment.actions.handoff import figures, hand_off, write_evidence
from sewerworks.pretreatment.evaluation import Judged, Key
from sewerworks.pretreatment.models import ChangeKind, EvaluationRun, Exceedance, ExceedanceChange
from sewerworks.pretreatment.period.changes import Ranges


@dataclass(frozen=True)
class Recorded:
    """An exceedance already recorded, as the comparison reads it."""

    pk: int
    user_id: int
    value: Decimal
    limit: Decimal
    section: str
    withdrawn: bool
    evidence: frozenset[int] = frozenset()


def recorded(start: dt.date, end: dt.date, judged: Ranges | None) -> dict[Key, Recorded]:
    """The exceedances recorded in the days judged: every day of the period, or the rerun's ranges."""
    found = Exceedance.objects.filter(day__range=(start, end))
    if judged is not None:
        found = found.filter(point_id__in={p for p, _ in judged})
    out: dict[Key, Recorded] = {}
    for pk, user, point, parameter, basis, day, value, limit, section, withdrawn in found.values_list(
        "pk", "user_id", "point_id", "parameter", "basis", "day", "value", "limit", "section", "withdrawn_by_id"
    ):
        if judged is None or any(lo <= day <= hi for lo, hi in judged.get((point, parameter), ())):
            out[point, parameter, basis, day] = Recorded(pk, user, value, limit, section, withdrawn is not None)
    evidence: dict[int, set[int]] = defaultdict(set)
    pks = sorted(r.pk for r in out.values())
    through = Exceedance.results.through.objects
    for at in range(0, len(pks), 2000):
        for exceedance, result in through.filter(exceedance_id__in=pks[at : at + 2000]).values_list(
                "exceedance_id", "result_id"):  # fmt: skip
            evidence[exceedance].add(result)
    return {k: replace(r, evidence=frozenset(evidence[r.pk])) for k, r in out.items()}


@dataclass
class Plan:
    """Each user's changes: added, changed, reinstated, withdrawn, and the §118-39 / I-72 review triggers."""

    added: dict[int, list[Judged]] = field(default_factory=lambda: defaultdict(list))
    changed: dict[int, list[tuple[Recorded, Judged]]] = field(default_factory=lambda: defaultdict(list))
    reinstated: dict[int, list[tuple[Recorded, Judged]]] = field(default_factory=lambda: defaultdict(list))
    withdrawn: dict[int, list[tuple[Recorded, str]]] = field(default_factory=lambda: defaultdict(list))
    triggers: dict[int, list[Judged]] = field(default_factory=lambda: defaultdict(list))
    why: dict[Key, str] = field(default_factory=dict)

    def users(self) -> list[int]:
        return sorted(set(self.added) | set(self.changed) | set(self.reinstated) | set(self.withdrawn)
                      | set(self.triggers))  # fmt: skip


def _same(r: Recorded, judged: Judged) -> bool:
    """The same figures and the same results as evidence (a result added to a day, or corrected, changes them)."""
    now = figures(judged.decision)
    return (r.value, r.limit, r.section, r.evidence) == (now["value"], now["limit"], now["section"],
                                                          frozenset(x.pk for x in judged.results))  # fmt: skip


def plan(found: dict[Key, Judged], now: dict[Key, Judged], on_record: dict[Key, Recorded],
         triggers: Iterable[Judged], causes: Callable[[Key], str]) -> Plan:  # fmt: skip
    """``found``: the failing judgements; ``now``: the judgements of recorded days no longer failing (for the
    reason); ``causes(key)``: why its series was judged again."""
    out = Plan()
    for key, judged in found.items():
        r = on_record.get(key)
        user = judged.point.user_id
        if r is None:
            out.added[user].append(judged)
            out.why[key] = causes(key)
        elif r.withdrawn:
            out.reinstated[user].append((r, judged))
            out.why[key] = causes(key)
        elif not _same(r, judged):
            out.changed[user].append((r, judged))
            out.why[key] = causes(key)
    for key, r in on_record.items():
        if key not in found and not r.withdrawn:
            judged_now = now.get(key)
            if judged_now is not None:
                sentence = next((f.sentence for f in judged_now.decision.findings), "")
            elif key[2] == "instantaneous":
                sentence = "no reading of that day is beyond the limit now"
            else:
                sentence = "there is no value to judge on that day now"
            out.withdrawn[r.user_id].append((r, f"No longer exceeded ({causes(key)}): {sentence}"[:300]))
    for judged in triggers:
        out.triggers[judged.point.user_id].append(judged)
    return out


def _refigured(pairs: list[tuple[Recorded, Judged]], run: EvaluationRun, kind: str, acting_user: Any,
               why: dict[Key, str]) -> list[ExceedanceChange]:  # fmt: skip
    if not pairs:
        return []
    stored = store_decisions([(j.decision, j.point) for _, j in pairs], acting_user=acting_user)
    events.recorded_in_story(StoredDecision, [d.pk for d in stored])
    rows = [Exceedance(pk=r.pk, decision=d, withdrawn_by=None, withdrawn_reason="", **figures(j.decision))
            for (r, j), d in zip(pairs, stored, strict=True)]  # fmt: skip
    Exceedance.objects.bulk_update(rows, ["row", "section", "value", "limit", "unit", "sentence", "decision",
                                          "withdrawn_by", "withdrawn_reason"])  # fmt: skip
    evidence = Exceedance.results.through
    evidence.objects.filter(exceedance_id__in=[r.pk for r, _ in pairs]).delete()
    write_evidence([(r.pk, x.pk) for r, j in pairs for x in j.results])
    return [ExceedanceChange(run=run, exceedance_id=r.pk, kind=kind, value_before=r.value, limit_before=r.limit,
                             value_after=e.value, limit_after=e.limit, reason=why.get(j.key, "")[:300])
            for (r, j), e in zip(pairs, rows, strict=True)]  # fmt: skip


def _withdrawn(pairs: list[tuple[Recorded, str]], run: EvaluationRun) -> list[ExceedanceChange]:
    if not pairs:
        return []
    Exceedance.objects.bulk_update([Exceedance(pk=r.pk, withdrawn_by=run, withdrawn_reason=reason)
                                    for r, reason in pairs], ["withdrawn_by", "withdrawn_reason"])  # fmt: skip
    return [ExceedanceChange(run=run, exceedance_id=r.pk, kind=ChangeKind.WITHDRAWN, value_before=r.value,
                             limit_before=r.limit, reason=reason) for r, reason in pairs]  # fmt: skip


def key(e: Exceedance) -> Key:
    return (e.point_id, e.parameter, e.basis, e.day)


def write_chunk(part: Plan, users: list[int], run: EvaluationRun, *, acting_user: Any, on: dt.date) -> None:
    """One chunk of users' changes and the run's counts, in one transaction."""
    with transaction.atomic():
        done = hand_off({u: part.added[u] for u in users if part.added.get(u)},
                        {u: part.triggers[u] for u in users if part.triggers.get(u)},
                        acting_user=acting_user, on=on, found_by=run)  # fmt: skip
        changes = [ExceedanceChange(run=run, exceedance=e, kind=ChangeKind.ADDED, value_after=e.value,
                                    limit_after=e.limit, reason=part.why.get(key(e), "")[:300])
                   for e in done.exceedances]  # fmt: skip
        changed = [p for u in users for p in part.changed.get(u, [])]
        reinstated = [p for u in users for p in part.reinstated.get(u, [])]
        withdrawn = [p for u in users for p in part.withdrawn.get(u, [])]
        changes += _refigured(changed, run, ChangeKind.CHANGED, acting_user, part.why)
        changes += _refigured(reinstated, run, ChangeKind.REINSTATED, acting_user, part.why)
        changes += _withdrawn(withdrawn, run)
        insert_rows(ExceedanceChange, changes)
        touched = [r.pk for r, _ in changed + reinstated] + [r.pk for r, _ in withdrawn]
        if touched:
            announce_written(Exceedance, touched)
        EvaluationRun.objects.filter(pk=run.pk).update(
            added=F("added") + len(done.exceedances) + len(reinstated), changed=F("changed") + len(changed),
            withdrawn=F("withdrawn") + len(withdrawn), violations=F("violations") + done.violations,
        )  # fmt: skip
