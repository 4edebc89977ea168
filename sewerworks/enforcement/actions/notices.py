"""Written notices: issuing one, and recording its service (which starts its clock)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from sewerworks.core.permissions import require
from sewerworks.enforcement import pipeline
from sewerworks.enforcement.actions.common import deadline_named, decide, not_in_future
from sewerworks.enforcement.actions.deadlines import do_open_deadline
from sewerworks.enforcement.actions.followups import close_follow_ups
from sewerworks.enforcement.actions.violations import current_owner, move
from sewerworks.enforcement.choices import DeadlineKind, NoticeKind, Program
from sewerworks.enforcement.models import AbandonmentFine, Notice, Violation
from sewerworks.registry.choices import ConnectionStatus
from sewerworks.registry.models import Connection, Parcel

PREFIX = {
    NoticeKind.NOTICE_TO_CONNECT: "NTC",
    NoticeKind.NOTICE_OF_VIOLATION: "NOV",
    NoticeKind.PUMP_OUT_ORDER: "PO",
    NoticeKind.APPEARANCE_TICKET: "AT",
    NoticeKind.DAMAGE_REPORT: "DR",
}
SECTION = {
    NoticeKind.NOTICE_TO_CONNECT: "118-5",
    NoticeKind.PUMP_OUT_ORDER: "118-38",
    NoticeKind.APPEARANCE_TICKET: "118-38",
    NoticeKind.DAMAGE_REPORT: "118-44",
}


def _number(kind: str, year: int) -> str:
    prefix = f"{PREFIX[NoticeKind(kind)]}-{year}-"
    last = Notice.objects.filter(number__startswith=prefix).order_by("-number").values_list("number", flat=True)
    n = int(last[0].rsplit("-", 1)[1]) + 1 if last else 1
    return f"{prefix}{n:04d}"


def do_issue_notice(
    *,
    kind: str,
    parcel: Parcel,
    facts: str,
    acting_user: Any,
    violation: Violation | None = None,
    correction_days: int | None = None,
    correction_hours: int | None = None,
    issued_on: dt.date | None = None,
    section: str | None = None,
    addressee_name: str = "",
    addressee_block: str = "",
) -> Notice:
    """Issue a written notice on a property, addressed to its owner of record, or to ``addressee_name`` at
    ``addressee_block`` (the plumber holding a permit, a developer, an industrial user's operator). It is
    not served yet. Its time limit is in days or in hours (``correction_hours``: a 72-hour maintenance
    notice), never both."""
    if kind == NoticeKind.APPEARANCE_TICKET:
        require(acting_user, "enforcement.issue_appearance_ticket", "issue an appearance ticket")
    else:
        require(acting_user, "enforcement.issue_notice", "issue a notice")
    if kind not in PREFIX:
        raise ValidationError({"kind": f"Unknown kind of notice {kind!r}."})
    if kind in (NoticeKind.NOTICE_OF_VIOLATION, NoticeKind.APPEARANCE_TICKET) and violation is None:
        raise ValidationError({"violation": "A notice of violation or an appearance ticket names the violation."})
    if kind == NoticeKind.PUMP_OUT_ORDER:
        correction_hours = correction_hours or 72
    if correction_days and correction_hours:
        raise ValidationError(
            {"correction_hours": "A notice states its time limit in days or in hours, not both (§118-47)."}
        )
    if violation is not None and violation.parcel_id != parcel.pk:
        raise ValidationError({"violation": "The violation is on another property."})
    addressee_name, addressee_block = addressee_name.strip(), addressee_block.strip()
    if bool(addressee_name) != bool(addressee_block):
        field = "addressee_block" if addressee_name else "addressee_name"
        raise ValidationError({field: "Give both the name and the mailing address of the person addressed."})
    owner = None if addressee_name else (violation.responsible_owner if violation else None) or current_owner(parcel)
    if addressee_name and addressee_name.lower() not in addressee_block.lower():
        addressee_block = f"{addressee_name}\n{addressee_block}"
    notice_section = section or (violation.section if violation else SECTION[NoticeKind(kind)])
    for _attempt in range(5):
        try:
            with transaction.atomic():
                notice = Notice(
                    number=_number(kind, (issued_on or timezone.localdate()).year),
                    kind=kind,
                    section=notice_section,
                    parcel=parcel,
                    violation=violation,
                    addressee=owner,
                    addressee_name=addressee_name,
                    addressee_block=addressee_block
                    or (owner.mailing_block if owner else f"Owner of {parcel}"),
                    facts=facts,
                    correction_days=correction_days,
                    correction_hours=correction_hours,
                    issued_on=issued_on or timezone.localdate(),
                    issued_by=acting_user,
                )
                notice.full_clean()
                notice._history_user = acting_user  # type: ignore[attr-defined]
                notice.save()
                return notice
        except IntegrityError:
            continue  # another clerk took that number at the same moment: take the next
    raise ValidationError("Could not number the notice; please try again.")


def do_record_service(
    notice: Notice,
    *,
    method: str,
    served_on: dt.date,
    served_by_name: str,
    served_at: dt.datetime | None = None,
    acting_user: Any,
) -> Notice:
    """Record how, when and by whom the notice was served; its clock starts now."""
    require(acting_user, "enforcement.record_service", "record service of a notice")
    with transaction.atomic():
        notice = Notice.objects.select_for_update().get(pk=notice.pk)
        if notice.served:
            raise ValidationError({"served_on": f"Notice {notice.number} was already served on {notice.served_on}."})
        not_in_future("served_on", served_on, "Service")
        if served_on < notice.issued_on:
            raise ValidationError({"served_on": "A notice cannot be served before it was issued."})
        if served_at is not None and timezone.is_naive(served_at):
            raise ValidationError({"served_at": "Give the time of service with its time zone."})
        if served_at is not None and timezone.localtime(served_at).date() != served_on:
            raise ValidationError({"served_at": f"{served_at} is not on the day served ({served_on})."})
        notice.served_method, notice.served_on, notice.served_by_name = method, served_on, served_by_name
        notice.served_at = served_at or timezone.make_aware(dt.datetime.combine(served_on, dt.time(9, 0)))
        notice.full_clean()
        notice._history_user = acting_user  # type: ignore[attr-defined]
        notice._change_reason = f"Served by {notice.get_served_method_display().lower()}"  # type: ignore[attr-defined]
        notice.save()
        _start_clock(notice, acting_user)
        return notice


def _start_clock(notice: Notice, acting_user: Any) -> None:
    served_on = notice.served_on
    assert served_on is not None
    if notice.kind == NoticeKind.NOTICE_TO_CONNECT:
        decision, stored = decide(
            "connection-deadlines",
            {"notice_served_on": served_on.isoformat()},
            as_of=served_on,
            subject=notice.parcel,
            acting_user=acting_user,
        )
        due = deadline_named(decision, "connect")
        do_open_deadline(
            program=Program.CONNECTION,
            kind=DeadlineKind.CONNECT,
            section="118-5",
            title=f"Connect {notice.parcel.address or notice.parcel} to the public sewer",
            subject=notice.parcel,
            notice=notice,
            decision=stored,
            due_on=due.due,
            acting_user=acting_user,
            why=f"Notice {notice.number} served",
        )
        Connection.objects.filter(building__parcel=notice.parcel, status=ConnectionStatus.UNSEWERED).update(
            status=ConnectionStatus.NOTIFIED, notified_on=served_on
        )
        return
    if notice.kind == NoticeKind.NOTICE_OF_VIOLATION:
        facts: dict[str, Any] = {"kind": "notice_of_violation", "served_on": served_on.isoformat()}
        if notice.correction_hours:  # a limit in hours runs from the moment of service (I-20, I-36)
            assert notice.served_at is not None
            facts["correction_hours"] = notice.correction_hours
            facts["served_at"] = notice.served_at.isoformat()
        elif notice.correction_days:
            facts["correction_days"] = notice.correction_days
        decision, stored = decide(
            "notice-deadline", facts, as_of=served_on, subject=notice.parcel, acting_user=acting_user
        )
        due = deadline_named(decision, "correct")
        do_open_deadline(
            program=notice.violation.program if notice.violation else Program.GENERAL,
            kind=DeadlineKind.CORRECT,
            section=notice.section,
            title=f"Correct: {notice.facts[:150]}",
            subject=notice.parcel,
            notice=notice,
            decision=stored,
            due_on=due.due if due.due_at is None else None,
            due_at=due.due_at,
            acting_user=acting_user,
            why=f"Notice {notice.number} served",
        )
        violation = notice.violation
        if violation is not None:
            if violation.status == pipeline.OPEN:
                move(violation, pipeline.NOTICED, why=f"Notice {notice.number} served", acting_user=acting_user)
            source = violation.source_deadline
            if source is not None and source.kind == DeadlineKind.ABANDON:
                # I-21: the §118-5 daily fine runs from the notification of the violation
                AbandonmentFine.objects.get_or_create(violation=violation, defaults={"notified_on": served_on})
            close_follow_ups(violation, ("serve_notice_of_violation",), served_on)
        return
    if notice.kind == NoticeKind.PUMP_OUT_ORDER:
        assert notice.served_at is not None
        decision, stored = decide(
            "notice-deadline",
            {"kind": "pump_out_order", "served_at": notice.served_at.isoformat()},
            as_of=served_on,
            subject=notice.parcel,
            acting_user=acting_user,
        )
        due = deadline_named(decision, "pump out")
        do_open_deadline(
            program=Program.GREASE,
            kind=DeadlineKind.PUMP_OUT,
            section="118-38",
            title="Pump out the grease interceptor and call for reinspection",
            subject=notice.parcel,
            notice=notice,
            decision=stored,
            due_at=due.due_at,
            acting_user=acting_user,
            why=f"Order {notice.number} served",
        )
        return
    if notice.kind == NoticeKind.APPEARANCE_TICKET and notice.violation is not None:
        violation = notice.violation
        if violation.status == pipeline.NOTICED:
            move(violation, pipeline.ESCALATED, why="Appearance ticket issued", acting_user=acting_user)
        if violation.status == pipeline.ESCALATED:
            move(violation, pipeline.REFERRED, why=f"Appearance ticket {notice.number} served", acting_user=acting_user)
        close_follow_ups(violation, ("appearance_ticket",), served_on)
