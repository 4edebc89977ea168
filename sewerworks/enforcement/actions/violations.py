"""Violations: opening one, moving it along its pipeline, correcting it, charging the violator."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any, TypeVar

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.core.charges import add_pending_charge
from sewerworks.core.records import events, pipelines
from sewerworks.enforcement import pipeline
from sewerworks.enforcement.actions.common import not_in_future
from sewerworks.enforcement.choices import DeadlineKind, Discovery, Program
from sewerworks.enforcement.models import CourtFine, Deadline, StatusChange, Violation, ViolatorCharge
from sewerworks.registry.models import Owner, Parcel

FOLLOW_UP_KINDS = ("serve_notice_of_violation", "appearance_ticket", "consider_court_referral",
                    "review_missed_deadline", "check_interceptor")


def current_owner(parcel: Parcel) -> Owner | None:
    ownership = parcel.ownerships.filter(end__isnull=True).select_related("owner").order_by("-start").first()
    return ownership.owner if ownership else None


def do_open_violation(
    *,
    parcel: Parcel,
    section: str,
    description: str,
    discovered_on: dt.date,
    how_discovered: str = Discovery.INSPECTION,
    program: str = Program.GENERAL,
    responsible_owner: Owner | None = None,
    source_deadline: Deadline | None = None,
    acting_user: Any,
) -> Violation:
    """Record a violation of ``section`` on ``parcel`` (status open)."""
    if acting_user is not None:
        require(acting_user, "enforcement.open_violation", "record a violation")
    not_in_future("discovered_on", discovered_on, "A violation")
    with transaction.atomic():
        owner = responsible_owner or current_owner(parcel)
        violation = new_violation(parcel=parcel, section=section, description=description,
                                  discovered_on=discovered_on, how_discovered=how_discovered, program=program,
                                  owner=owner, source_deadline=source_deadline, acting_user=acting_user)  # fmt: skip
        violation.full_clean()
        violation.save()
        opened(violation).save()
        return violation


def new_violation(
    *, parcel: Parcel, section: str, description: str, discovered_on: dt.date, how_discovered: str, program: str,
    owner: Owner | None, source_deadline: Deadline | None, acting_user: Any,
) -> Violation:  # fmt: skip
    """The violation as it is recorded (not saved), its history row to name ``acting_user`` and be dated on its
    discovery (I-114)."""
    violation = Violation(
        section=section.replace("§", "").strip(),
        program=program,
        parcel=parcel,
        responsible_owner=owner,
        responsible_name=owner.name if owner else "",
        discovered_on=discovered_on,
        how_discovered=how_discovered,
        description=description,
        source_deadline=source_deadline,
        created_by=acting_user,
    )
    violation._history_user = acting_user  # type: ignore[attr-defined]
    violation._occurred_at = events.as_moment(discovered_on)  # type: ignore[attr-defined]
    return violation


def opened(violation: Violation) -> StatusChange:
    """The status change that records a new violation (not saved): as of its discovery (I-114)."""
    return StatusChange(
        violation=violation,
        from_status="",
        to_status=pipeline.OPEN,
        occurred_at=events.as_moment(violation.discovered_on),
        by=violation.created_by,
        why=f"Recorded ({violation.get_how_discovered_display().lower()}).",
    )


def move(
    violation: Violation,
    target: str,
    *,
    why: str,
    acting_user: Any,
    occurred_at: dt.date | dt.datetime | None = None,
) -> Violation:
    """Move along the pipeline (no role check: the caller's action checked its own). ``occurred_at``: when
    the move happened (the notice's service, the sweep's day), never before the discovery; default now."""
    from_status = violation.status
    at = max(events.as_moment(occurred_at) if occurred_at else events.now(), events.as_moment(violation.discovered_on))
    meaning = pipelines.move(violation, target, why=why, acting_user=acting_user, occurred_at=at)
    StatusChange.objects.create(
        violation=violation,
        from_status=from_status,
        to_status=target,
        occurred_at=at,
        by=acting_user,
        why=why or meaning,
    )
    from sewerworks.enforcement.actions.followups import close_follow_ups

    today = timezone.localdate()
    if target == pipeline.REFERRED:
        close_follow_ups(violation, ("consider_court_referral",), today)
    elif target in (pipeline.CORRECTED, pipeline.CLOSED):
        close_follow_ups(violation, tuple(FOLLOW_UP_KINDS), violation.corrected_on or today)
    return violation


def do_move_violation(
    violation: Violation, target: str, *, why: str, acting_user: Any, occurred_on: dt.date | None = None
) -> Violation:
    """A person moves a case (e.g. refers it to court) on ``occurred_on`` (default today: not in the future,
    not before the discovery); the pipeline says whether the move is allowed."""
    require(acting_user, "enforcement.move_violation", "move a violation along its pipeline")
    if not why.strip():
        raise ValidationError({"why": "Say why the case moves."})
    at = events.event_moment(
        occurred_on, field="occurred_on", what="The move", not_before=violation.discovered_on,
        start="the violation was discovered",
    )  # fmt: skip
    with transaction.atomic():
        locked = Violation.objects.select_for_update().get(pk=violation.pk)
        try:
            return move(locked, target, why=why, acting_user=acting_user, occurred_at=at)
        except pipeline.InvalidTransition as exc:
            raise ValidationError({"status": str(exc)}) from exc


def correct(violation: Violation, corrected_on: dt.date, *, why: str, acting_user: Any) -> Violation:
    """Mark corrected (deadlines met; an accruing §118-5 fine becomes final). Idempotent."""
    if violation.status in (pipeline.CORRECTED, pipeline.CLOSED):
        return violation
    not_in_future("corrected_on", corrected_on, "A correction")
    if corrected_on < violation.discovered_on:
        raise ValidationError({"corrected_on": "A violation cannot be corrected before it was discovered."})
    violation.corrected_on = corrected_on
    violation.save(update_fields=["corrected_on"])
    move(violation, pipeline.CORRECTED, why=why, acting_user=acting_user, occurred_at=corrected_on)
    from sewerworks.enforcement.actions.deadlines import meet_all

    meet_all(
        Deadline.objects.filter(notice__violation=violation, kind=DeadlineKind.CORRECT),
        met_on=corrected_on,
        acting_user=acting_user,
        why=why or "Violation corrected",
    )
    fine = getattr(violation, "abandonment_fine", None)
    if fine is not None and fine.corrected_on is None:
        from sewerworks.enforcement.actions.fines import post_fine
        from sewerworks.enforcement.fines import refresh_fine

        # Corrected, the fine is final and posted (I-21); one the Superintendent posted earlier keeps its amount.
        fine.corrected_on = corrected_on
        fine.save(update_fields=["corrected_on"])
        if fine.posted_on is None:
            refresh_fine(fine, as_of=corrected_on)
            post_fine(fine, posted_on=corrected_on, acting_user=acting_user)
    return violation


def do_record_correction(violation: Violation, *, corrected_on: dt.date, why: str = "", acting_user: Any) -> Violation:
    """Record that the violation was corrected on ``corrected_on``."""
    require(acting_user, "enforcement.record_correction", "record a correction")
    with transaction.atomic():
        locked = Violation.objects.select_for_update().get(pk=violation.pk)
        try:
            return correct(locked, corrected_on, why=why or "Correction found", acting_user=acting_user)
        except pipeline.InvalidTransition as exc:
            raise ValidationError({"status": str(exc)}) from exc


M = TypeVar("M", CourtFine, ViolatorCharge)


def _save_validated(record: M, acting_user: Any) -> M:
    record.full_clean()
    with transaction.atomic():
        record._history_user = acting_user  # type: ignore[attr-defined]
        record.save()
    return record


def do_record_court_fine(
    violation: Violation, *, imposed_on: dt.date, amount: Decimal, docket: str = "", court: str = "", acting_user: Any
) -> CourtFine:
    """Record a fine a court imposed on conviction (§118-47, I-22): the software never imposes one."""
    require(acting_user, "enforcement.record_court_fine", "record a court fine")
    not_in_future("imposed_on", imposed_on, "A court fine")
    # Paid to the court, not billed by the Town: a court fine is never a pending charge.
    fine = CourtFine(violation=violation, imposed_on=imposed_on, amount=amount, docket=docket,
                     recorded_by=acting_user, **({"court": court} if court else {}))
    return _save_validated(fine, acting_user)


def do_record_charge(
    violation: Violation, *, description: str, amount: Decimal, incurred_on: dt.date, acting_user: Any
) -> ViolatorCharge:
    """Charge the violator an expense, loss or damage the Town incurred (§118-47): the charge is recorded with
    the violation and, in the same transaction, written as a pending charge on the parcel for billing."""
    require(acting_user, "enforcement.record_charge", "charge an expense to a violator")
    not_in_future("incurred_on", incurred_on, "An expense")
    from sewerworks.enforcement.fines import billing_account

    with transaction.atomic():
        charge = _save_validated(
            ViolatorCharge(violation=violation, description=description, amount=amount, incurred_on=incurred_on,
                           recorded_by=acting_user),
            acting_user,
        )
        charge.pending_charge = add_pending_charge(
            source_key=charge.source_key,
            parcel=violation.parcel,
            account=billing_account(violation.parcel),
            amount=charge.amount,
            section=violation.section,
            description=charge.description,
            program=violation.program,
            kind="violator_charge",
            incurred_on=incurred_on,
            acting_user=acting_user,
        )
        charge.save(update_fields=["pending_charge"])
        return charge
