"""Recording an inspection of an interceptor (§118-38 Inspection, I-36, I-68).

The inspector's measurements go to the ``grease-inspection`` topic. What it finds is acted on at once, as
the inspector stands at the premises:

- **pump-out due** (80% or more): a maintenance noncompliance; a §118-38 violation is opened and the written
  notice, with its correction time in hours (``grease.maintenance_notice_hours``), is served at the moment of
  the inspection, so its clock runs from the inspection (I-68);
- **72-hour order** (at or above capacity and not adequately performing): the violation, and the statutory
  order served at the moment of the inspection; its deadline runs 72 hours in elapsed time (I-20);
- while a violation found earlier is still open, an inspection is its reinspection: no second violation or
  notice; a passed one may correct it (``actions.correction``).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.core.parameters import current_parameters
from sewerworks.enforcement.actions import do_issue_notice, do_open_violation, do_record_service
from sewerworks.enforcement.actions.common import decide
from sewerworks.enforcement.choices import Discovery, NoticeKind, Program, ServiceMethod
from sewerworks.grease.actions.correction import open_violation, try_correct
from sewerworks.grease.choices import InspectionOutcome, InterceptorKind
from sewerworks.grease.models import GreaseInspection, Interceptor

__all__ = ["do_record_inspection", "inspection_facts"]


def inspection_facts(
    interceptor: Interceptor,
    *,
    inspected_at: dt.datetime,
    adequately_performing: bool,
    grease_depth_in: Decimal | None = None,
    solids_depth_in: Decimal | None = None,
    grease_retained_lb: Decimal | None = None,
) -> dict[str, Any]:
    """The facts of the ``grease-inspection`` topic, from the interceptor's rating and what was measured."""
    facts: dict[str, Any] = {
        "inspected_at": inspected_at.isoformat(),
        "interceptor": interceptor.kind,
        "adequately_performing": adequately_performing,
    }
    if interceptor.kind == InterceptorKind.EXTERIOR:
        facts.update(
            working_depth_in=str(interceptor.working_depth_in),
            grease_depth_in=None if grease_depth_in is None else str(grease_depth_in),
            solids_depth_in=None if solids_depth_in is None else str(solids_depth_in),
        )
    else:
        facts.update(
            rated_pounds=str(interceptor.rated_pounds),
            grease_retained_lb=None if grease_retained_lb is None else str(grease_retained_lb),
        )
    return facts


def _check_moment(interceptor: Interceptor, inspected_at: dt.datetime) -> None:
    if timezone.is_naive(inspected_at):
        raise ValidationError({"inspected_at": "Give the time of the inspection with its time zone (I-20)."})
    if inspected_at > timezone.now():
        raise ValidationError(
            {"inspected_at": f"An inspection cannot be recorded for a moment still to come ({inspected_at})."}
        )
    if timezone.localtime(inspected_at).date() < interceptor.installed_on:
        raise ValidationError(
            {"inspected_at": f"The interceptor was installed on {interceptor.installed_on}, after that."}
        )


def _give_notice(inspection: GreaseInspection, acting_user: Any) -> None:
    """Open the violation and serve, at the moment of the inspection, the notice its outcome calls for."""
    interceptor = inspection.interceptor
    establishment = interceptor.establishment
    parcel = establishment.parcel
    measured = f"{inspection.fill_percent}% of its capacity"
    ordered = inspection.outcome == InspectionOutcome.PUMP_OUT_ORDER
    on = timezone.localtime(inspection.inspected_at).date()
    if ordered:
        description = (f"Grease interceptor at {establishment} at or above capacity ({measured}) and not adequately "
                       "performing its intended function (§118-38 Inspection).")  # fmt: skip
    else:
        description = (f"Grease interceptor at {establishment} at {measured}, at or above the 80% at which it "
                       "must be pumped out: a maintenance noncompliance (§118-38 Maintenance).")  # fmt: skip
    violation = do_open_violation(
        parcel=parcel, section="118-38", program=Program.GREASE, discovered_on=on,
        how_discovered=Discovery.INSPECTION, description=description, acting_user=acting_user,
    )  # fmt: skip
    if ordered:
        facts = (f"At the inspection of {inspection.inspected_at:%B %-d, %Y at %-I:%M %p} the {interceptor} was at "
                 f"or above capacity ({measured}) and not adequately performing. Within 72 hours of the inspection "
                 "have a licensed contract hauler pump it out and properly dispose of the contents, then call the "
                 "Town for a reinspection (§118-38).")  # fmt: skip
        notice = do_issue_notice(
            kind=NoticeKind.PUMP_OUT_ORDER, parcel=parcel, violation=violation, facts=facts, issued_on=on,
            acting_user=acting_user, authorized_by="grease.record_inspection",
        )  # fmt: skip
    else:
        hours = int(current_parameters().at(on).number("grease.maintenance_notice_hours"))
        facts = (f"At the inspection of {inspection.inspected_at:%B %-d, %Y at %-I:%M %p} the {interceptor} was at "
                 f"{measured}; §118-38 requires it to be pumped out at 80% and the contents disposed of at a "
                 f"NYSDEC-approved facility. Have it pumped out within {hours} hours of the inspection.")  # fmt: skip
        notice = do_issue_notice(
            kind=NoticeKind.NOTICE_OF_VIOLATION, parcel=parcel, violation=violation, facts=facts, issued_on=on,
            correction_hours=hours, acting_user=acting_user, authorized_by="grease.record_inspection",
        )  # fmt: skip
    notice = do_record_service(
        notice, method=ServiceMethod.PERSONAL_DELIVERY, served_on=on, served_at=inspection.inspected_at,
        served_by_name=acting_user.get_full_name() or acting_user.get_username(), acting_user=acting_user,
    )  # fmt: skip
    inspection.violation, inspection.notice = violation, notice


def do_record_inspection(
    *,
    interceptor: Interceptor,
    inspected_at: dt.datetime,
    adequately_performing: bool,
    acting_user: Any,
    grease_depth_in: Decimal | None = None,
    solids_depth_in: Decimal | None = None,
    grease_retained_lb: Decimal | None = None,
    log_made_available: bool = True,
    notes: str = "",
) -> GreaseInspection:
    """Record an inspection, apply §118-38 to it, and give the notice or order it calls for (see above)."""
    require(acting_user, "grease.record_inspection", "record a grease inspection")
    if interceptor.removed_on is not None:
        raise ValidationError({"interceptor": f"That interceptor was removed on {interceptor.removed_on}."})
    _check_moment(interceptor, inspected_at)
    facts = inspection_facts(
        interceptor, inspected_at=inspected_at, adequately_performing=adequately_performing,
        grease_depth_in=grease_depth_in, solids_depth_in=solids_depth_in, grease_retained_lb=grease_retained_lb,
    )  # fmt: skip
    on = timezone.localtime(inspected_at).date()
    with transaction.atomic():
        decision, stored = decide("grease-inspection", facts, as_of=on, subject=interceptor, acting_user=acting_user)
        fill = decision.amount_for("fill").value
        inspection = GreaseInspection(
            interceptor=interceptor, inspected_at=inspected_at, inspector=acting_user,
            grease_depth_in=grease_depth_in, solids_depth_in=solids_depth_in, grease_retained_lb=grease_retained_lb,
            adequately_performing=adequately_performing, log_made_available=log_made_available,
            fill_percent=fill, outcome=decision.outcome, decision=stored, notes=notes,
        )  # fmt: skip
        earlier = open_violation(interceptor.establishment)
        if earlier is not None:
            inspection.violation = earlier  # a reinspection of the violation still open
        elif inspection.outcome in (InspectionOutcome.PUMP_OUT_DUE, InspectionOutcome.PUMP_OUT_ORDER):
            _give_notice(inspection, acting_user)
        inspection.full_clean()
        inspection._history_user = acting_user  # type: ignore[attr-defined]
        inspection._change_reason = decision.summary[:100]  # type: ignore[attr-defined]
        inspection.save()
        if earlier is not None and inspection.passed:
            try_correct(earlier, interceptor.establishment, acting_user=acting_user)
        return inspection
