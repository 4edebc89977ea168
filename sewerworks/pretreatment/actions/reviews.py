"""The Town Engineer's review (§118-39): opened by a trigger, extended while open (I-74), decided by the
Town Engineer alone."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.core.determinations.run import run_determination, store_decisions
from sewerworks.core.models import StoredDecision
from sewerworks.core.parameters import current_parameters
from sewerworks.core.records import events, pipelines
from sewerworks.core.records.history import create_with_history, stamp_story, update_with_history
from sewerworks.ordinance.decision import Decision
from sewerworks.pretreatment.choices import ReviewStatus
from sewerworks.pretreatment.evaluation import cannot_show_compliance
from sewerworks.pretreatment.models import EngineerReview, IndustrialUser

if TYPE_CHECKING:
    from sewerworks.pretreatment.evaluation import Judged

__all__ = ["do_decide_review", "open_or_extend_reviews", "town_flow"]

CONSTITUENTS = ("bod", "suspended_solids", "chlorine_demand")


def town_flow(on: dt.date) -> Decimal:
    """The town's average daily sewage flow in force on ``on`` (a dated parameter, I-32)."""
    return current_parameters().at(on).number("pretreatment.town_average_daily_flow")


def review_facts(user: IndustrialUser, judged: list[Judged], substances: list[str], on: dt.date,
                 unproven: list[str] | None = None) -> dict[str, Any]:  # fmt: skip
    """The strongest 24-hour value of each constituent found above its threshold, the substances found above
    their limits, and those whose non-detects cannot show compliance (I-72, I-180)."""
    facts: dict[str, Any] = {"substances_over_limits": substances}
    if unproven:
        facts["cannot_show_compliance"] = unproven
    for key in CONSTITUENTS:
        values = [j.value for j in judged if j.parameter == key]
        if values:
            facts[key] = format(max(values).normalize(), "f")
    town = town_flow(on)
    if user.average_daily_flow is not None:
        facts["user_average_daily_flow"] = format(user.average_daily_flow, "f")
        facts["town_average_daily_flow"] = format(town, "f")
    return facts


def _grouped_lines(judged: Sequence[Judged], reason: Callable[[Judged], str]) -> list[dict[str, str]]:
    """One line per parameter and basis: its first day and that day's reason, with the last day when there are
    several (the review says what the findings say, on the days they rest on)."""
    by_limit: dict[tuple[str, str], list[Judged]] = {}
    for j in sorted(judged, key=lambda j: j.day):
        by_limit.setdefault((j.parameter, j.basis), []).append(j)
    lines = []
    for found in by_limit.values():
        first, last = found[0], found[-1]
        more = f" So on {len(found)} days, {first.day} to {last.day}." if len(found) > 1 else ""
        lines.append({"day": first.day.isoformat(), "sentence": reason(first) + more})
    return lines


def _unproven_reason(judged: Judged) -> str:
    """The finding's own sentence: why the non-detect cannot show compliance (I-72)."""
    return next(f.sentence for f in judged.decision.discretionary if "I-72" in f.interpretations)


@dataclass
class _Planned:
    user: IndustrialUser
    decision: Decision
    lines: list[dict[str, str]]
    days: list[dt.date]
    on: dt.date


def _planned(user: IndustrialUser, judged: Sequence[Judged], exceeded: Sequence[Judged],
             as_of: dt.date | None) -> _Planned | None:  # fmt: skip
    """The review's decision and lines for one user's triggers, or None when the topic asks for no review."""
    thresholds = [j for j in judged if j.decision.outcome == "review-required"]
    unproven = sorted((j for j in judged if cannot_show_compliance(j)), key=lambda j: j.day)
    days = [j.day for j in (*thresholds, *exceeded, *unproven)]
    on = max(days, default=as_of or timezone.localdate())
    substances = sorted({j.parameter for j in exceeded})
    unseen = sorted({j.parameter for j in unproven})
    decision = run_determination("town-engineer-review", review_facts(user, thresholds, substances, on, unseen),
                                 as_of=on)  # fmt: skip
    if decision.outcome != "review-required":
        return None
    lines = [{"day": j.day.isoformat(), "sentence": f.sentence} for j in thresholds for f in j.decision.discretionary
             if f.requirement.startswith("review-")]  # fmt: skip
    lines += _grouped_lines(exceeded, lambda j: j.decision.failed[0].sentence)
    lines += [{"day": j.day.isoformat(), "sentence": _unproven_reason(j)} for j in unproven]
    return _Planned(user, decision, lines, days, on)


def open_or_extend_reviews(
    asked: Sequence[tuple[IndustrialUser, Sequence[Judged], Sequence[Judged]]], as_of: dt.date | None = None
) -> int:
    """Open each user's review for these triggers, or add them to the one open (I-74); how many were opened.

    ``asked``: (user, judged, exceeded) a user. ``judged``: §118-39 thresholds exceeded, and non-detects that
    cannot show compliance (I-72, I-180: the line gives the finding's own reason); ``exceeded``: the user's new
    exceedances of §118-37. Each line is dated by the day of the value it rests on. A trigger already on one of
    the user's reviews, open or decided, is not raised again (an evaluation judging the same days again finds
    the same triggers). Set-based: the users' reviews read, their decisions stored, the reviews opened and those
    extended written, each kind in one statement with its history rows, whatever the number of users."""
    planned = [p for user, judged, exceeded in asked if (p := _planned(user, judged, exceeded, as_of)) is not None]
    seen: dict[int, set[tuple[str, str]]] = defaultdict(set)
    for user_id, triggers in EngineerReview.objects.filter(user__in=[p.user for p in planned]).values_list(
            "user_id", "triggers"):  # fmt: skip
        seen[user_id].update((t["day"], t["sentence"]) for t in triggers)
    fresh: list[_Planned] = []
    for p in planned:
        kept = []
        for line in p.lines:
            if (line["day"], line["sentence"]) not in seen[p.user.pk]:
                seen[p.user.pk].add((line["day"], line["sentence"]))
                kept.append(line)
        if kept:
            p.lines = kept
            fresh.append(p)
    if not fresh:
        return 0
    with transaction.atomic():
        open_now = {r.user_id: r for r in EngineerReview.objects.select_for_update().filter(
            user__in=[p.user for p in fresh], status=ReviewStatus.OPEN)}  # fmt: skip
        stored = store_decisions([(p.decision, p.user) for p in fresh])
        stamp_story(StoredDecision, stored)
        extended, opened = [], []
        for p, decision in zip(fresh, stored, strict=True):
            review = open_now.get(p.user.pk)
            if review is not None:
                known = {(t["day"], t["sentence"]) for t in review.triggers}
                review.triggers = review.triggers + [t for t in p.lines if (t["day"], t["sentence"]) not in known]
                review.decision = decision
                review._change_reason = "Further triggers found (I-74)"  # type: ignore[attr-defined]
                extended.append(review)
                continue
            review = EngineerReview(user=p.user, opened_on=min(p.days, default=p.on), triggers=p.lines,
                                    decision=decision)  # fmt: skip
            review._change_reason = "Opened: subject to the Town Engineer's review (§118-39)"  # type: ignore[attr-defined]
            review._occurred_at = events.as_moment(review.opened_on)  # type: ignore[attr-defined]
            opened.append(review)
        update_with_history(EngineerReview, extended, ["triggers", "decision"])
        create_with_history(EngineerReview, opened)
    return len(opened)


def do_decide_review(review: EngineerReview, *, status: str, reasoning: str, acting_user: Any,
                     decided_on: dt.date | None = None) -> EngineerReview:  # fmt: skip
    """The Town Engineer approves, requires preliminary treatment (§118-40), or accepts it subject to the
    §118-52 surcharge. The choice is the Engineer's discretion: the reasons are required."""
    require(acting_user, "pretreatment.decide_review", "decide a §118-39 review", who_may="the Town Engineer")
    if not reasoning.strip():
        raise ValidationError({"reasoning": "Give the reasons (§118-39: it is the Town Engineer's opinion)."})
    with transaction.atomic():
        locked = EngineerReview.objects.select_for_update().get(pk=review.pk)
        at = events.event_moment(decided_on, field="decided_on", what="The decision", not_before=locked.opened_on,
                                 start="the review was opened")  # fmt: skip
        locked.decided_on = decided_on or timezone.localdate(at)
        locked.decided_by, locked.reasoning = acting_user, reasoning.strip()
        try:
            pipelines.move(locked, status, why=reasoning.strip(), acting_user=acting_user,
                           also=("decided_on", "decided_by", "reasoning"), occurred_at=at)  # fmt: skip
        except pipelines.InvalidTransition as exc:
            raise ValidationError({"status": str(exc)}) from None
        return locked
