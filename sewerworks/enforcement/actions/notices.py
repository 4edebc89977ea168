"""Written notices: issuing one, and recording its service (which starts its clock: ``actions.clocks``)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.enforcement.actions.clocks import start_clock
from sewerworks.enforcement.actions.common import not_in_future
from sewerworks.enforcement.actions.violations import current_owner
from sewerworks.enforcement.choices import NoticeKind
from sewerworks.enforcement.models import Notice, Violation
from sewerworks.registry.models import Parcel

PREFIX = {
    NoticeKind.NOTICE_TO_CONNECT: "NTC",
    NoticeKind.NOTICE_OF_VIOLATION: "NOV",
    NoticeKind.PUMP_OUT_ORDER: "PO",
    NoticeKind.APPEARANCE_TICKET: "AT",
    NoticeKind.DAMAGE_REPORT: "DR",
    NoticeKind.REEXCAVATION_ORDER: "RX",
}
SECTION = {
    NoticeKind.NOTICE_TO_CONNECT: "118-5",
    NoticeKind.PUMP_OUT_ORDER: "118-38",
    NoticeKind.APPEARANCE_TICKET: "118-38",
    NoticeKind.DAMAGE_REPORT: "118-44",
    NoticeKind.REEXCAVATION_ORDER: "118-26",
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
    authorized_by: str = "",
) -> Notice:
    """Issue a written notice on a property, addressed to its owner of record, or to ``addressee_name`` at
    ``addressee_block`` (the plumber holding a permit, a developer, an industrial user's operator). It is
    not served yet. Its time limit is in days or in hours (``correction_hours``: a 72-hour maintenance
    notice), never both. A program that gives the notice as part of its own act (an inspector serving the
    §118-38 72-hour order as the inspection is recorded) names the permission it asked: ``authorized_by``
    (never for an appearance ticket, which stays the Building Inspector's)."""
    if authorized_by and kind != NoticeKind.APPEARANCE_TICKET:
        require(acting_user, authorized_by, "give a notice as part of this act")
    elif kind == NoticeKind.APPEARANCE_TICKET:
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
        start_clock(notice, acting_user)
        return notice
