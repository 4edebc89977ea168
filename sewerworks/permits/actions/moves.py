"""Moving a permit along its pipeline, and the officials' decisions the approval waits for (I-88, I-90)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from sewerworks.core.access.permissions import require
from sewerworks.core.records import events
from sewerworks.core.records.pipelines import InvalidTransition, move
from sewerworks.core.text import check_text
from sewerworks.permits.actions.common import locked, save
from sewerworks.permits.choices import DiscretionVerdict, Official
from sewerworks.permits.models import DiscretionDecision, Permit
from sewerworks.permits.pipelines import FEE_REQUIRED, REVIEWED, move_for
from sewerworks.permits.review import approval_blockers, findings

__all__ = ["BY_INSPECTION", "blockers", "do_move_permit", "do_record_discretion", "OFFICIAL_PERMISSIONS"]

# Moves that carry data of their own go through their own action.
OWN_ACTION = {
    "granted": "do_grant_opening_permit (with the Town Board's resolution)",
    "county_permitted": "do_record_county_permit",
    "county_notified": "do_record_county_notice",
    "effective": "do_record_county_inspection",
}
# Moves that only an inspection's result (or the notice asking for one) makes (§§118-25, 26).
BY_INSPECTION = {
    "inspected": ("trench", "a passed trench inspection (§118-26)"),
    "ready_for_connection": (
        "connection",
        "the applicant's notice, recorded as a request for the connection inspection (§118-25)",
    ),
    "connected": ("connection", "a passed connection inspection (§118-25)"),
}
OFFICIAL_PERMISSIONS: dict[str, str] = {
    Official.TOWN_ENGINEER: "permits.decide_as_town_engineer",
    Official.SEWER_DEPARTMENT: "permits.decide_as_sewer_department",
    Official.SUPERINTENDENT: "permits.decide_as_sewer_department",
    Official.SUPERINTENDENT_AVAILABILITY: "permits.decide_as_sewer_department",
    Official.INSPECTOR: "permits.decide_as_inspector",
    Official.COUNTY: "permits.record_county",
}


def blockers(permit: Permit) -> list[str]:
    """What stands between the permit and approval: its fee, failing findings, undecided discretion (I-90)."""
    reasons = []
    if permit.kind in FEE_REQUIRED and not hasattr(permit, "fee"):
        reasons.append("The §118-15 permit and inspection fee has not been paid (I-88).")
    if permit.kind in REVIEWED:
        decided = permit.discretions.values_list("topic", "requirement", "compared", "verdict").order_by(
            "decided_at", "id"
        )
        reasons += approval_blockers(permit.review, decided)
    return reasons


def _gate(permit: Permit, target: str) -> None:
    if (
        permit.kind in FEE_REQUIRED
        and permit.status == "submitted"
        and target != "withdrawn"
        and not hasattr(permit, "fee")
    ):
        raise ValidationError(
            {"status": "The application cannot leave “submitted” until the Town Clerk records the §118-15 fee (I-88)."}
        )
    if target == "approved":
        found = blockers(permit)
        if found:
            raise ValidationError({"status": ["The permit cannot be approved yet (I-90):", *found]})
    if target == "closed":
        from sewerworks.permits.inspections.facts import open_deadlines

        restore = open_deadlines(permit, "restore").order_by("due_on").first()
        if restore is not None:
            message = (
                f"{permit.number} closes when the public property its work disturbed is restored (§118-27): due "
                f"{restore.due_on}, not yet recorded."
            )
            raise ValidationError({"status": message})


def transition(
    permit: Permit,
    target: str,
    *,
    why: str,
    acting_user: Any,
    also: tuple[str, ...] = (),
    occurred_at: dt.date | dt.datetime | None = None,
) -> str:
    """Check the declared move, its permission and the gates, then move (inside the caller's transaction);
    ``occurred_at``: when the step happened (checked: not in the future, not before the filing; I-114)."""
    at = events.event_moment(
        occurred_at, field="occurred_on", what="The step", not_before=permit.filed_on,
        start="the application was filed",
    )  # fmt: skip
    declared = move_for(permit.kind, permit.status, target)
    if declared is None:
        try:
            permit.pipeline.check(permit.status, target)
        except InvalidTransition as exc:
            raise ValidationError({"status": str(exc)}) from exc
        raise ValidationError({"status": f"No move of {permit.number} to {target!r} is declared."})
    require(acting_user, declared.permission, f"move {permit.number} to {permit.pipeline.statuses[target].lower()}")
    _gate(permit, target)
    why = check_text("why", why or declared.meaning)
    return move(permit, target, why=why, acting_user=acting_user, also=also, occurred_at=at)


def do_move_permit(
    permit: Permit, *, to: str, acting_user: Any, why: str = "", occurred_on: dt.date | None = None
) -> Permit:
    """Move a permit one declared step (submitted → under review → approved ...), with who, when and why;
    ``occurred_on``: the day the step happened (default today)."""
    if to in OWN_ACTION:
        raise ValidationError({"status": f"Use {OWN_ACTION[to]} to record that step."})
    if to in BY_INSPECTION:
        kind, what = BY_INSPECTION[to]
        message = (
            f"{permit.number} becomes {to.replace('_', ' ')} only through {what}; none is recorded. Record the "
            f"{kind} inspection on the permit's page."
        )
        raise ValidationError({"status": message})
    with transaction.atomic():
        current = locked(permit)
        transition(current, to, why=why, acting_user=acting_user, occurred_at=occurred_on)
        return current


def do_record_discretion(
    permit: Permit, *, topic: str, requirement: str, verdict: str, reason: str, acting_user: Any
) -> DiscretionDecision:
    """The official a discretion finding names decides it; the decision holds for the values the finding now
    compares (a changed design asks again). Only that official's role may decide it."""
    if verdict not in DiscretionVerdict.values:
        raise ValidationError({"verdict": "Accepted or refused."})
    if not (reason or "").strip():
        raise ValidationError({"reason": "Say why: the decision is printed on the permit."})
    with transaction.atomic():
        current = locked(permit)
        if current.status not in ("submitted", "under_review"):
            raise ValidationError(
                {"topic": f"{current.number} is {current.status_label.lower()}: its review is closed."}
            )
        found = next(
            (f for t, f in findings(current.review, "discretion") if t == topic and f["requirement"] == requirement),
            None,
        )
        if found is None:
            raise ValidationError({"requirement": f"The review has no discretion finding {topic}/{requirement}."})
        official = found["decided_by"]
        permission = OFFICIAL_PERMISSIONS.get(official)
        if permission is None:
            raise ValidationError({"requirement": f"No role in sewerworks decides for {official!r}."})
        require(acting_user, permission, f"decide for the {official}", who_may=f"the {official}")
        decision = DiscretionDecision(
            permit=current,
            topic=topic,
            requirement=requirement,
            compared=found.get("compared", {}),
            official=official,
            verdict=verdict,
            reason=check_text("reason", reason),
            decided_by=acting_user,
        )
        return save(decision, acting_user, f"{official}: {verdict} {topic}/{requirement}")
