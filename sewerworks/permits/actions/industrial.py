"""A Class 2 permit's industrial user: the pretreatment program's record of it (I-01, I-172).

The permits program names the industrial user through the permit's foreign key and never imports the
pretreatment program: the users it may name are read through that key's model, on the permit's parcel.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import QuerySet

from sewerworks.core.access.permissions import require
from sewerworks.permits.actions.common import locked, save
from sewerworks.permits.choices import PermitClass
from sewerworks.permits.models import Permit

__all__ = ["check_industrial_user", "do_link_industrial_user", "industrial_users_on"]


def industrial_users_on(parcel: Any) -> QuerySet[Any]:
    """The pretreatment program's industrial users on the buildings of ``parcel``."""
    users = Permit._meta.get_field("industrial_user").related_model
    return users.objects.filter(building__parcel=parcel).select_related("building")  # type: ignore[union-attr]


def check_industrial_user(industrial_user: Any, *, permit_class: str, parcel: Any, building: Any = None) -> None:
    """Only a Class 2 permit names an industrial user, one on its own parcel (and building, when it has one)."""
    if industrial_user is None:
        return
    if permit_class != PermitClass.CLASS_2:
        raise ValidationError({"industrial_user": "Only a Class 2 permit names an industrial user (I-01)."})
    if industrial_user.building.parcel_id != parcel.pk:
        raise ValidationError({"industrial_user": f"{industrial_user} is not on parcel {parcel}."})
    if building is not None and industrial_user.building_id != building.pk:
        raise ValidationError({"industrial_user": f"{industrial_user} is not in {building}."})


def do_link_industrial_user(permit: Permit, *, industrial_user: Any, acting_user: Any) -> Permit:
    """Link a Class 2 permit to the pretreatment program's industrial user; the text first entered, if any, is
    cleared (it is kept in the permit's history)."""
    require(acting_user, "permits.enter_application", "link a permit to its industrial user")
    with transaction.atomic():
        current = locked(permit)
        check_industrial_user(
            industrial_user, permit_class=current.permit_class, parcel=current.parcel, building=current.building
        )
        if industrial_user is None:
            raise ValidationError({"industrial_user": "Choose the industrial user of the pretreatment program."})
        current.industrial_user, current.industrial_user_legacy = industrial_user, ""
        why = f"Industrial user: {industrial_user} (I-172)"
        return save(current, acting_user, why, update_fields=["industrial_user", "industrial_user_legacy"])
