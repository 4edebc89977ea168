"""The Town Engineer's examination and test of an old building sewer (§118-18): recorded into the design, so the
review states his finding; until then the review waits on him (a discretion naming the Town Engineer)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from sewerworks.core.access.permissions import require
from sewerworks.core.text import check_text
from sewerworks.enforcement.actions.common import not_in_future
from sewerworks.permits.actions.common import locked, save
from sewerworks.permits.choices import Examiner, PermitKind
from sewerworks.permits.models import Permit

__all__ = ["do_record_examination"]
FINDINGS = ("meets_all_requirements", "does_not_meet")


def do_record_examination(
    permit: Permit, *, examined_by: str, examined_on: dt.date, finding: str, test: str, acting_user: Any
) -> Permit:
    """Record the examination and test and the engineer's finding; the review re-runs on the new facts."""
    require(acting_user, "permits.examine_old_sewer", "record an old sewer's examination", who_may="the Town Engineer")
    not_in_future("examined_on", examined_on, "An examination")
    if examined_by not in Examiner.values:
        raise ValidationError({"examined_by": f"Unknown examiner {examined_by!r}."})
    if finding not in FINDINGS:
        raise ValidationError({"finding": "Meets all requirements, or does not meet them."})
    if not (test or "").strip():
        raise ValidationError({"test": "Describe the test made (§118-18: examination and test)."})
    with transaction.atomic():
        current = locked(permit)
        if current.kind != PermitKind.OLD_SEWER_REUSE or current.status != "under_review":
            raise ValidationError({"finding": f"{current.number} is not an old-sewer reuse under review."})
        if examined_on < current.filed_on:
            raise ValidationError({"examined_on": f"Before the application was filed ({current.filed_on})."})
        facts = dict(current.design.get("old-building-sewer") or {"new_building": True})
        facts |= {"examined_by": examined_by, "engineer_finding": finding}
        current.design = {
            **current.design,
            "old-building-sewer": facts,
            "examination": {"on": examined_on.isoformat(), "test": check_text("test", test)},
        }
        return save(
            current, acting_user, "Town Engineer's examination and test recorded (§118-18)", update_fields=["design"]
        )
