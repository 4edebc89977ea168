"""When a §118-38 violation found at an inspection is corrected (I-36, I-68).

- A maintenance noncompliance (a pump-out due at 80%, with its written notice and correction hours) is
  corrected by the pump-out recorded on or after the day of the inspection that found it (I-100).
- The 72-hour order is met, and its violation corrected, only by **both** a pump-out by a licensed hauler
  on or after the inspection and a passed reinspection on or after the pump-out ("the owner shall then
  contact the designee for a reinspection"): met on the day of the reinspection, late if after the 72 hours.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.utils import timezone

from sewerworks.enforcement import pipeline
from sewerworks.enforcement.actions import do_meet_deadline
from sewerworks.enforcement.actions.violations import correct
from sewerworks.enforcement.choices import DeadlineStatus, NoticeKind, Program
from sewerworks.enforcement.models import Deadline, Notice, Violation
from sewerworks.grease.choices import InspectionOutcome
from sewerworks.grease.models import FoodServiceEstablishment, GreaseInspection, PumpOut

__all__ = ["governing_notice", "open_violation", "try_correct"]

OPEN_STATUSES = (pipeline.OPEN, pipeline.NOTICED, pipeline.ESCALATED, pipeline.REFERRED)
NOTICE_KINDS = (NoticeKind.PUMP_OUT_ORDER, NoticeKind.NOTICE_OF_VIOLATION)


def open_violation(establishment: FoodServiceEstablishment) -> Violation | None:
    """The establishment's §118-38 violation not yet corrected, if any: the one an inspection found, or one
    of the grease program recorded on its property by other means (a notice given from enforcement's screens,
    a missed order's violation opened by the sweep)."""
    found_here = Q(grease_inspections__interceptor__establishment=establishment)
    on_parcel = Q(parcel_id=establishment.building.parcel_id, program=Program.GREASE, section="118-38")
    return (
        Violation.objects.filter(found_here | on_parcel, status__in=OPEN_STATUSES)
        .distinct()
        .order_by("discovered_on", "id")
        .first()
    )


def governing_notice(violation: Violation) -> Notice | None:
    """The served notice whose clock the violation runs on: the 72-hour order or the written notice (or, for a
    violation the sweep opened for a missed order, that order)."""
    notice = violation.notices.filter(kind__in=NOTICE_KINDS, served_at__isnull=False).order_by("served_at").first()
    if notice is None and violation.source_deadline is not None:
        notice = violation.source_deadline.notice
    return notice


def try_correct(violation: Violation, establishment: FoodServiceEstablishment, *, acting_user: Any) -> bool:
    """Meet the violation's deadlines and correct it if what the law asks has been recorded; True if done."""
    notice = governing_notice(violation)
    interceptor = establishment.current_interceptor()
    if notice is None or notice.served_at is None or interceptor is None:
        return False
    found_at = notice.served_at
    found_on = timezone.localtime(found_at).date()
    pump_out = PumpOut.objects.filter(interceptor=interceptor, pumped_on__gte=found_on).order_by("pumped_on").first()
    if pump_out is None:
        return False
    corrected_on = pump_out.pumped_on
    what = f"pumped out on {pump_out.pumped_on:%Y-%m-%d} by {pump_out.hauler.name}"
    if notice.kind == NoticeKind.PUMP_OUT_ORDER:
        reinspection = (
            GreaseInspection.objects.filter(
                interceptor=interceptor, inspected_at__gt=found_at, outcome=InspectionOutcome.IN_ORDER
            )
            .filter(inspected_at__date__gte=pump_out.pumped_on)
            .order_by("inspected_at")
            .first()
        )
        if reinspection is None:
            return False
        corrected_on = timezone.localtime(reinspection.inspected_at).date()
        what += f", reinspected and passed on {corrected_on:%Y-%m-%d}"
    by = acting_user if acting_user is not None and acting_user.has_perm("enforcement.record_correction") else None
    why = f"Interceptor {what} (§118-38); recorded by {acting_user}"
    for deadline in Deadline.objects.filter(notice=notice).exclude(
        status__in=[DeadlineStatus.MET, DeadlineStatus.CANCELLED]
    ):
        do_meet_deadline(deadline, met_on=corrected_on, acting_user=by, why=why)
    locked = Violation.objects.select_for_update().get(pk=violation.pk)
    correct(locked, corrected_on, why=why, acting_user=by)
    return True
