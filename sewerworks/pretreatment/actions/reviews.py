"""The Town Engineer's review (§118-39): opened by a trigger, extended while open (I-74), decided by the
Town Engineer alone."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.core.determinations.run import run_determination, store_decision
from sewerworks.core.parameters import current_parameters
from sewerworks.core.records import events, pipelines
from sewerworks.ordinance.s118_37_limits import PARAMETERS
from sewerworks.pretreatment.choices import ReviewStatus
from sewerworks.pretreatment.models import EngineerReview, IndustrialUser

if TYPE_CHECKING:
    from sewerworks.pretreatment.evaluation import Judged

__all__ = ["do_decide_review", "open_or_extend_review", "town_flow"]

CONSTITUENTS = ("bod", "suspended_solids", "chlorine_demand")


def town_flow(on: dt.date) -> Decimal:
    """The town's average daily sewage flow in force on ``on`` (a dated parameter, I-32)."""
    return current_parameters().at(on).number("pretreatment.town_average_daily_flow")


def review_facts(user: IndustrialUser, judged: list[Judged], substances: list[str], on: dt.date) -> dict[str, Any]:
    """The strongest 24-hour value of each constituent found above its threshold, and the substances."""
    facts: dict[str, Any] = {"substances_over_limits": substances}
    for key in CONSTITUENTS:
        values = [j.value for j in judged if j.parameter == key]
        if values:
            facts[key] = format(max(values).normalize(), "f")
    town = town_flow(on)
    if user.average_daily_flow is not None:
        facts["user_average_daily_flow"] = format(user.average_daily_flow, "f")
        facts["town_average_daily_flow"] = format(town, "f")
    return facts


def open_or_extend_review(
    user: IndustrialUser, judged: list[Judged], substances: list[str], as_of: dt.date | None = None
) -> bool:
    """Open the user's review for these triggers, or add them to the one open (I-74). True if one was opened.

    A trigger is a §118-39 threshold exceeded, or a non-detect that cannot show compliance (I-72); a trigger
    already on one of the user's reviews, open or decided, is not raised again (an evaluation judging the same
    days again finds the same triggers)."""
    on = max([j.day for j in judged], default=as_of or timezone.localdate())
    decision = run_determination("town-engineer-review", review_facts(user, judged, substances, on), as_of=on)
    unproven = [{"day": j.day.isoformat(), "sentence": f.sentence} for j in judged for f in j.decision.discretionary
                if "I-72" in f.interpretations]  # fmt: skip
    if decision.outcome != "review-required" and not unproven:
        return False
    lines = [{"day": j.day.isoformat(), "sentence": f.sentence} for j in judged for f in j.decision.discretionary
             if f.requirement.startswith("review-")]  # fmt: skip
    lines += [{"day": on.isoformat(), "sentence": f"{PARAMETERS[s].words}: found above its §118-37 limit"}
              for s in substances]  # fmt: skip
    seen = {(t["day"], t["sentence"]) for review in user.reviews.all() for t in review.triggers}
    lines = [t for t in lines + unproven if (t["day"], t["sentence"]) not in seen]
    if not lines:
        return False
    with transaction.atomic():
        review = EngineerReview.objects.select_for_update().filter(user=user, status=ReviewStatus.OPEN).first()
        stored = store_decision(decision, subject=user)
        if review is not None:
            seen = {(t["day"], t["sentence"]) for t in review.triggers}
            review.triggers = review.triggers + [t for t in lines if (t["day"], t["sentence"]) not in seen]
            review.decision = stored
            review._change_reason = "Further triggers found (I-74)"  # type: ignore[attr-defined]
            review.save(update_fields=["triggers", "decision"])
            return False
        review = EngineerReview(user=user, opened_on=min([j.day for j in judged], default=on), triggers=lines,
                                decision=stored)  # fmt: skip
        review._change_reason = "Opened: subject to the Town Engineer's review (§118-39)"  # type: ignore[attr-defined]
        review._occurred_at = events.as_moment(review.opened_on)  # type: ignore[attr-defined]
        review.save()
        return True


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
