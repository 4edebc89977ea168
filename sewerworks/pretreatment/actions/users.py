"""Registering industrial users, their sampling points and the Board's special agreements."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.core.models import BoardResolution
from sewerworks.pretreatment.actions.common import save
from sewerworks.pretreatment.choices import PointKind
from sewerworks.pretreatment.models import IndustrialUser, SamplingPoint, SpecialAgreement
from sewerworks.registry.choices import BuildingUse
from sewerworks.registry.models import Building, SewerAccount

__all__ = ["do_add_sampling_point", "do_record_special_agreement", "do_register_industrial_user"]


def do_register_industrial_user(
    *,
    building: Building,
    activity: str,
    acting_user: Any,
    account: SewerAccount | None = None,
    average_daily_flow: Decimal | None = None,
) -> IndustrialUser:
    """Register the industrial user in ``building`` (one per building; its use must be industrial)."""
    require(acting_user, "pretreatment.register_user", "register an industrial user")
    if building.use != BuildingUse.INDUSTRIAL:
        use = building.get_use_display().lower()
        raise ValidationError({"building": f"{building} is recorded as {use}, not industrial: §118-37 to 118-43 "
                               "govern establishments producing industrial wastes."})  # fmt: skip
    if IndustrialUser.objects.filter(building=building).exists():
        raise ValidationError({"building": f"{building} already has an industrial user (one per building)."})
    if account is not None and account.parcel_id != building.parcel_id:
        raise ValidationError({"account": f"Account {account.account_number} is not on the building's parcel."})
    with transaction.atomic():
        user = IndustrialUser(building=building, activity=activity.strip(), account=account,
                              average_daily_flow=average_daily_flow, registered_on=timezone.localdate(),
                              registered_by=acting_user)  # fmt: skip
        return save(user, acting_user, "Registered as an industrial user (§118-37)")


def do_add_sampling_point(
    *,
    user: IndustrialUser,
    code: str,
    kind: str,
    location: str,
    acting_user: Any,
    required_on: dt.date | None = None,
    plans_approved_on: dt.date | None = None,
) -> SamplingPoint:
    """A control manhole the Town Engineer required (§118-41), or the nearest downstream public manhole
    where none was (§118-42)."""
    require(acting_user, "pretreatment.register_user", "add a sampling point")
    if kind == PointKind.CONTROL_MANHOLE and required_on is None:
        raise ValidationError({"required_on": "The Town Engineer requires a control manhole: say when (§118-41)."})
    if kind == PointKind.PUBLIC_MANHOLE and (required_on or plans_approved_on):
        raise ValidationError({"kind": "A public manhole was not required of the owner: no requirement or plans."})
    with transaction.atomic():
        point = SamplingPoint(user=user, code=code.strip().upper(), kind=kind, location=location.strip(),
                              required_on=required_on, plans_approved_on=plans_approved_on)  # fmt: skip
        return save(point, acting_user, "Sampling point recorded (§118-41, §118-42)")


def do_record_special_agreement(
    *,
    user: IndustrialUser,
    resolution: BoardResolution,
    parameter: str,
    limit: Decimal,
    starts_on: dt.date,
    acting_user: Any,
    ends_on: dt.date | None = None,
    terms: str = "",
) -> SpecialAgreement:
    """Record a §118-43 special agreement approved by ``resolution``; it cannot start before the Board
    adopted it, and two agreements for one parameter may not overlap (I-71)."""
    require(acting_user, "pretreatment.record_agreement", "record a special agreement")
    if starts_on < resolution.adopted_on:
        raise ValidationError({"starts_on": f"Before {resolution.instrument} approved it ({resolution.adopted_on})."})
    last = dt.date.max
    for other in user.agreements.filter(parameter=parameter):
        if starts_on <= (other.ends_on or last) and other.starts_on <= (ends_on or last):
            raise ValidationError({"starts_on": f"Overlaps the agreement of {other.resolution.instrument} for the "
                                   f"same parameter ({other.starts_on} to {other.ends_on or 'open'})."})  # fmt: skip
    with transaction.atomic():
        agreement = SpecialAgreement(user=user, resolution=resolution, parameter=parameter, limit=limit,
                                     starts_on=starts_on, ends_on=ends_on, terms=terms)  # fmt: skip
        return save(agreement, acting_user, f"Special agreement under {resolution.instrument} (§118-43)")
