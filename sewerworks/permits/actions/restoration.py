"""§118-27: "Streets, sidewalks, parkways and other public property disturbed in the course of the work shall be
restored in a manner satisfactory to the town." The restoration is recorded when the town is satisfied; it meets
the permit's restoration deadline (I-131), and the permit may then close."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from sewerworks.core.access.permissions import require
from sewerworks.core.text import check_text
from sewerworks.enforcement.actions.common import not_in_future
from sewerworks.enforcement.actions.deadlines import meet_all
from sewerworks.permits.actions.common import locked
from sewerworks.permits.inspections.facts import open_deadlines
from sewerworks.permits.models import Permit

__all__ = ["do_record_restoration"]


def do_record_restoration(permit: Permit, *, restored_on: dt.date, acting_user: Any, why: str = "") -> Permit:
    """Record the public property restored to the town's satisfaction on ``restored_on`` (§118-27)."""
    require(acting_user, "permits.record_construction", "record the restoration of public property")
    not_in_future("restored_on", restored_on, "A restoration")
    reason = check_text("why", why).strip() or "Public property restored to the town's satisfaction (§118-27)"
    with transaction.atomic():
        current = locked(permit)
        deadlines = open_deadlines(current, "restore")
        first = deadlines.order_by("decision__as_of").first()
        if first is None:
            raise ValidationError({"restored_on": f"{current.number} has no restoration waiting (§118-27)."})
        if first.decision and restored_on < first.decision.as_of:
            raise ValidationError(
                {"restored_on": f"The work ended on {first.decision.as_of}: the restoration follows it."}
            )
        meet_all(deadlines, met_on=restored_on, acting_user=acting_user, why=reason)
        return current
