"""Establishments and their interceptors: registering one, recording its interceptor, approving the plans."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.enforcement.actions import do_meet_deadline
from sewerworks.enforcement.actions.common import not_in_future
from sewerworks.enforcement.choices import DeadlineKind, DeadlineStatus
from sewerworks.enforcement.models import Deadline
from sewerworks.grease.choices import InterceptorKind, PlanApprover, Premises
from sewerworks.grease.models import FoodServiceEstablishment, Interceptor
from sewerworks.registry.choices import BuildingUse
from sewerworks.registry.models import Building

__all__ = ["do_approve_plan", "do_record_interceptor", "do_record_opinion", "do_register_establishment"]


def _save(record: Any, acting_user: Any, why: str) -> Any:
    record.full_clean()
    record._history_user = acting_user
    record._change_reason = why
    record.save()
    return record


def do_register_establishment(
    *,
    building: Building,
    acting_user: Any,
    premises: str = Premises.RESTAURANT,
    exterior_space_available: bool | None = None,
    compliance_note: str = "",
) -> FoodServiceEstablishment:
    """Register the food service establishment in ``building`` (a building whose use is food service: a
    commercial kitchen or restaurant, §118-1; private living quarters and dwelling units need no interceptor)."""
    require(acting_user, "grease.register_establishment", "register a food service establishment")
    if building.use != BuildingUse.FOOD_SERVICE:
        raise ValidationError(
            {"building": f"{building} is recorded as {building.get_use_display().lower()}, not food service: "
             "§118-38 requires interceptors of commercial kitchens and restaurants only."}
        )  # fmt: skip
    if building.established_on is None:
        raise ValidationError({"building": f"Record when {building} was established first (I-35 sizes by it)."})
    if FoodServiceEstablishment.objects.filter(building=building).exists():
        raise ValidationError({"building": f"{building} is already registered in the grease program."})
    with transaction.atomic():
        establishment = FoodServiceEstablishment(
            building=building,
            premises=premises,
            exterior_space_available=exterior_space_available,
            compliance_note=compliance_note,
            registered_on=timezone.localdate(),
        )
        return _save(establishment, acting_user, "Registered in the grease program (§118-38)")


def do_record_opinion(
    establishment: FoodServiceEstablishment,
    *,
    found_incapable: bool | None,
    exterior_space_available: bool | None,
    acting_user: Any,
) -> FoodServiceEstablishment:
    """The Building Inspector's opinion of an existing installation and of the space on the premises."""
    require(
        acting_user, "grease.approve_plan_as_building_inspector", "give the Building Inspector's opinion",
        who_may="the Building Inspector",
    )  # fmt: skip
    with transaction.atomic():
        locked = FoodServiceEstablishment.objects.select_for_update().get(pk=establishment.pk)
        locked.found_incapable, locked.exterior_space_available = found_incapable, exterior_space_available
        return _save(locked, acting_user, "Building Inspector's opinion recorded (§118-38 Existing installations)")


def _rated(kind: str, gallons: Decimal | None, depth: Decimal | None, pounds: Decimal | None) -> None:
    if kind == InterceptorKind.EXTERIOR:
        missing = {f: "An exterior interceptor is rated in gallons with its working liquid depth (I-36)."
                   for f, v in (("rated_gallons", gallons), ("working_depth_in", depth)) if not v}  # fmt: skip
        if pounds:
            missing["rated_pounds"] = "An exterior interceptor is rated in gallons, not pounds."
    elif kind == InterceptorKind.INTERIOR:
        missing = {"rated_pounds": "An interior grease trap is rated in pounds of grease (I-36)."} if not pounds else {}
        if gallons or depth:
            missing["rated_gallons"] = "An interior trap has no rated gallons or working depth."
    else:
        missing = {"kind": f"Unknown kind of interceptor {kind!r}; exterior or interior."}
    if missing:
        raise ValidationError(missing)


def do_record_interceptor(
    *,
    establishment: FoodServiceEstablishment,
    kind: str,
    installed_on: dt.date,
    acting_user: Any,
    rated_gallons: Decimal | None = None,
    working_depth_in: Decimal | None = None,
    rated_pounds: Decimal | None = None,
    location: str = "",
) -> Interceptor:
    """Record the interceptor installed at ``establishment`` (replacing the one it had, which is marked
    removed). An open deadline to install one (§118-38, 30 days after connecting) is met on ``installed_on``."""
    require(acting_user, "grease.record_interceptor", "record a grease interceptor")
    _rated(kind, rated_gallons, working_depth_in, rated_pounds)
    not_in_future("installed_on", installed_on, "An installation")
    with transaction.atomic():
        for old in establishment.interceptors.filter(removed_on__isnull=True):
            old.removed_on = installed_on
            _save(old, acting_user, "Replaced by a new interceptor")
        interceptor = Interceptor(
            establishment=establishment,
            kind=kind,
            rated_gallons=rated_gallons,
            working_depth_in=working_depth_in,
            rated_pounds=rated_pounds,
            installed_on=installed_on,
            location=location,
            recorded_by=acting_user,
        )
        _save(interceptor, acting_user, "Interceptor recorded (§118-38)")
        building_type = ContentType.objects.get_for_model(Building)
        owed = Deadline.objects.filter(
            kind=DeadlineKind.INSTALL_INTERCEPTOR,
            subject_type=building_type,
            subject_id=establishment.building_id,
            status__in=[DeadlineStatus.OPEN, DeadlineStatus.OVERDUE],
        )
        met_by = acting_user if acting_user.has_perm("enforcement.record_correction") else None
        for deadline in owed:
            do_meet_deadline(
                deadline, met_on=installed_on, acting_user=met_by,
                why=f"{interceptor} installed on {installed_on:%Y-%m-%d}, recorded by {acting_user}",
            )  # fmt: skip
        return interceptor


def do_approve_plan(interceptor: Interceptor, *, approver: str, approved_on: dt.date, acting_user: Any) -> Interceptor:
    """The manufacturer's specification and installation plan, approved by the Building Inspector and by the
    Superintendent before installation (§118-38): each records their own approval."""
    if approver == PlanApprover.BUILDING_INSPECTOR:
        perm, field, who = (
            "grease.approve_plan_as_building_inspector",
            "approved_by_building_inspector_on",
            "the Building Inspector",
        )
    elif approver == PlanApprover.SUPERINTENDENT:
        perm, field, who = (
            "grease.approve_plan_as_superintendent",
            "approved_by_superintendent_on",
            "the Superintendent",
        )
    else:
        raise ValidationError({"approver": f"Unknown approver {approver!r}; building_inspector or superintendent."})
    require(acting_user, perm, "approve an interceptor's plan for " + who, who_may=who)
    not_in_future("approved_on", approved_on, "An approval")
    with transaction.atomic():
        locked = Interceptor.objects.select_for_update().get(pk=interceptor.pk)
        if getattr(locked, field) is not None:
            raise ValidationError({"approved_on": f"{who.capitalize()} already approved this plan."})
        setattr(locked, field, approved_on)
        return _save(locked, acting_user, f"Plan approved by {who} (§118-38)")
