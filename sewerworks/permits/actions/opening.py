"""Permits to uncover, connect to, open, alter or disturb a public sewer: granted by the Town Board (§118-14)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from sewerworks.core.models import BoardResolution
from sewerworks.permits.actions.common import locked
from sewerworks.permits.actions.moves import transition
from sewerworks.permits.choices import PermitKind
from sewerworks.permits.models import Permit

__all__ = ["do_grant_opening_permit"]


def do_grant_opening_permit(permit: Permit, *, resolution: BoardResolution, acting_user: Any) -> Permit:
    """Record that the Town Board granted the written permit by ``resolution`` (adopted on or after filing)."""
    with transaction.atomic():
        current = locked(permit)
        if current.kind != PermitKind.OPENING:
            raise ValidationError({"resolution": f"{current.number} is not a §118-14 permit: no Board grant."})
        if resolution.adopted_on < current.filed_on:
            raise ValidationError(
                {"resolution": f"{resolution} was adopted before the application was filed ({current.filed_on})."}
            )
        current.resolution = resolution
        transition(
            current,
            "granted",
            why=f"Granted by {resolution.instrument} (§118-14)",
            acting_user=acting_user,
            also=("resolution",),
            occurred_at=resolution.adopted_on,
        )
        return current
