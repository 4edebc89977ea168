"""What the public side does when other records change.

- I-161: a new ownership of a parcel that already had one (``do_transfer_ownership``, or the roll import,
  which announces the ownerships it writes) means the parcel changed hands: its owners' links end and its
  accounts' access codes are replaced, in the same transaction.
- A public account is a user with no role, ever: adding a role (a Django group) to its user, or making it staff
  or superuser, is refused (``PublicAccountHoldsNoRole``) whatever path tries (the admin's form says so first).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db.models.signals import m2m_changed, post_save, pre_save

from sewerworks.core.records.bulk import records_written
from sewerworks.public.actions.links import end_links_of_parcels
from sewerworks.public.models import PublicAccount
from sewerworks.registry.models import Ownership

User = get_user_model()
NO_ROLE = "A public account holds no role, ever: a member of the public cannot become staff (issue 37)."


class PublicAccountHoldsNoRole(ValidationError):
    pass


def _changed_hands(ownerships: list[Ownership]) -> None:
    parcels: dict[int, Any] = {}
    for new in ownerships:
        earlier = Ownership.objects.filter(parcel_id=new.parcel_id).exclude(pk=new.pk)
        if earlier.exists():
            parcels[new.parcel_id] = new.start
    for parcel_id, start in parcels.items():
        when = f" on {start}" if start else ""  # a date, or the ISO text a caller gave the model
        end_links_of_parcels([parcel_id], why=f"the parcel changed hands{when} (I-161)")


def ownership_saved(sender: Any, instance: Ownership, created: bool, **kw: Any) -> None:
    if created and not kw.get("raw"):
        _changed_hands([instance])


def ownerships_written(sender: Any, pks: Collection[Any] | None = None, **kw: Any) -> None:
    if pks:
        _changed_hands(list(Ownership.objects.filter(pk__in=list(pks))))


def _is_public(user_id: Any) -> bool:
    return user_id is not None and PublicAccount.objects.filter(user_id=user_id).exists()


def refuse_roles(sender: Any, instance: Any, action: str, pk_set: Any = None, reverse: bool = False, **kw: Any) -> None:
    if action != "pre_add" or not pk_set:
        return
    users = pk_set if reverse else {instance.pk}
    if PublicAccount.objects.filter(user_id__in=list(users)).exists():
        raise PublicAccountHoldsNoRole(NO_ROLE)


def refuse_staff_flags(sender: Any, instance: Any, **kw: Any) -> None:
    if (instance.is_staff or instance.is_superuser) and _is_public(instance.pk):
        raise PublicAccountHoldsNoRole(NO_ROLE)


def refuse_account_of_staff(sender: Any, instance: PublicAccount, **kw: Any) -> None:
    """The other way round: no public account for a user who holds a role or a staff flag (the fence reads a
    user with a role as staff without looking for an account, public.scope.account_of)."""
    user = User.objects.filter(pk=instance.user_id).first()
    if user is not None and (user.is_staff or user.is_superuser or user.groups.exists()):
        raise PublicAccountHoldsNoRole(NO_ROLE)


post_save.connect(ownership_saved, sender=Ownership, dispatch_uid="public-ownership-saved")
records_written.connect(ownerships_written, sender=Ownership, dispatch_uid="public-ownerships-written")
m2m_changed.connect(refuse_roles, sender=User.groups.through, dispatch_uid="public-no-role")
pre_save.connect(refuse_staff_flags, sender=User, dispatch_uid="public-no-staff-flags")
pre_save.connect(refuse_account_of_staff, sender=PublicAccount, dispatch_uid="public-no-account-of-staff")
