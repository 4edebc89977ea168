"""The Town Board appoints a person to supervise connections (§118-25); the clerk records it with its resolution."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from sewerworks.core.access.permissions import require
from sewerworks.core.access.roles import is_staff_member
from sewerworks.core.models import BoardResolution
from sewerworks.inspections.actions.common import save
from sewerworks.inspections.models import Appointment

__all__ = ["do_record_appointment"]


def do_record_appointment(
    *, user: Any, resolution: BoardResolution, starts_on: dt.date, acting_user: Any, ends_on: dt.date | None = None
) -> Appointment:
    """Record that ``resolution`` appointed ``user`` to supervise connections from ``starts_on`` (until
    ``ends_on``): only from the day the resolution was adopted, and only a user who signs in with a role."""
    require(
        acting_user,
        "inspections.record_appointment",
        "record a Town Board appointment",
        who_may="the Town Clerk's office",
    )
    if starts_on < resolution.adopted_on:
        raise ValidationError(
            {
                "starts_on": f"{resolution.instrument} was adopted on {resolution.adopted_on}: "
                "the appointment cannot start before it."
            }
        )
    if ends_on is not None and ends_on < starts_on:
        raise ValidationError({"ends_on": "An appointment ends on or after the day it starts."})
    if not is_staff_member(user):
        raise ValidationError({"user": f"{user} has no role in sewerworks: give the appointee a user with one."})
    with transaction.atomic():
        appointment = Appointment(
            user=user, resolution=resolution, starts_on=starts_on, ends_on=ends_on, recorded_by=acting_user
        )
        return save(appointment, acting_user, f"Appointed by {resolution.instrument} to supervise connections")
