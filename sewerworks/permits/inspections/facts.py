"""The facts of the ``inspection-order`` topic, read from the records: where the trench stands, the meter."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.db.models import Q

from sewerworks.enforcement.actions.common import decide
from sewerworks.enforcement.choices import DeadlineStatus
from sewerworks.enforcement.models import Deadline
from sewerworks.inspections.choices import Result
from sewerworks.inspections.models import Inspection
from sewerworks.permits.models import Permit
from sewerworks.registry.choices import MeterPurpose
from sewerworks.registry.models import WaterMeter

OPEN = (DeadlineStatus.OPEN, DeadlineStatus.OVERDUE)


def inspections_of(permit: Permit, kind: str) -> Any:
    return Inspection.objects.filter(
        subject_type=ContentType.objects.get_for_model(Permit), subject_id=permit.pk, kind=kind
    )


def passed(permit: Permit, kind: str) -> Inspection | None:
    return inspections_of(permit, kind).filter(result=Result.PASSED).order_by("-inspected_on").first()


def trench_result(permit: Permit) -> str:
    """passed once a trench inspection passed; else failed if the last one with a result failed; else none."""
    if passed(permit, "trench") is not None:
        return "passed"
    last = inspections_of(permit, "trench").exclude(result="").order_by("-inspected_on", "-id").first()
    return "failed" if last is not None and last.result == Result.FAILED else "none"


def meter_of(permit: Permit, on: dt.date) -> WaterMeter | None:
    """The meter of the permit's property that §118-25 asks to be certified: the last one installed on or before
    ``on`` on any of its accounts, for sewer use, not removed by then."""
    return (
        WaterMeter.objects.filter(
            account__parcel=permit.parcel,
            purpose=MeterPurpose.SEWER_USE,
            installed_on__isnull=False,
            installed_on__lte=on,
        )
        .filter(Q(removed_on__isnull=True) | Q(removed_on__gt=on))
        .order_by("-installed_on", "-id")
        .first()
    )


def order_facts(permit: Permit, step: str, on: dt.date, *, trench: str | None = None) -> dict[str, Any]:
    """The seven facts of ``inspection-order`` for ``step`` on ``on``; ``trench``: as the inspector found it now."""
    facts: dict[str, Any] = {
        "permit_kind": permit.kind,
        "status": permit.status,
        "step": step,
        "on": on.isoformat(),
        "trench_result": trench or trench_result(permit),
    }
    if step == "pass_connection":
        meter = meter_of(permit, on)
        if meter is not None:
            facts["meter_installed_on"] = meter.installed_on.isoformat() if meter.installed_on else None
            facts["meter_certified_on"] = meter.certified_on.isoformat() if meter.certified_on else None
    return facts


def in_order(permit: Permit, step: str, on: dt.date, acting_user: Any, *, field: str, trench: str | None = None) -> Any:
    """Apply the order to the step and keep the decision with the permit; a step out of order is refused with
    each unmet gate, naming ``field``. Returns (decision, stored)."""
    from django.core.exceptions import ValidationError

    decision, stored = decide(
        "inspection-order",
        order_facts(permit, step, on, trench=trench),
        as_of=on,
        subject=permit,
        acting_user=acting_user,
    )
    if decision.outcome != "complies" and not (step == "pass_trench" and trench == "filled"):
        reasons = [
            f"§{f.section}: {f.sentence}" + (f" ({', '.join(f.interpretations)})" if f.interpretations else "")
            for f in decision.failed
        ]
        raise ValidationError({field: [f"{permit.number}: not in the order Chapter 118 sets.", *reasons]})
    return decision, stored


def open_deadlines(permit: Permit, kind: str) -> Any:
    return Deadline.objects.filter(
        subject_type=ContentType.objects.get_for_model(Permit), subject_id=permit.pk, kind=kind, status__in=OPEN
    )
