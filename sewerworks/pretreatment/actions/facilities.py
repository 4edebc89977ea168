"""Preliminary treatment (§118-40), SPDES cooling-water permits (§118-28) and inspection visits (§118-45)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from sewerworks.core.access.permissions import require
from sewerworks.enforcement.actions.common import not_in_future
from sewerworks.pretreatment.actions.common import save
from sewerworks.pretreatment.choices import CHECKLIST, Observed
from sewerworks.pretreatment.models import CoolingWaterPermit, IndustrialUser, InspectionVisit, PreliminaryTreatment

__all__ = ["do_record_cooling_water_permit", "do_record_preliminary_treatment", "do_record_visit"]


def do_record_preliminary_treatment(
    *,
    user: IndustrialUser,
    description: str,
    plans_submitted_on: dt.date,
    acting_user: Any,
    town_engineer_approved_on: dt.date | None = None,
    state_approved_on: dt.date | None = None,
    construction_started_on: dt.date | None = None,
    treatment: PreliminaryTreatment | None = None,
) -> PreliminaryTreatment:
    """Record (or bring up to date) a preliminary treatment facility. No construction shall be commenced until
    the Town Engineer's and the State's approvals are obtained, in writing (§118-40)."""
    require(acting_user, "pretreatment.record_facility", "record preliminary treatment")
    if construction_started_on is not None:
        missing = [who for who, day in (("the Town Engineer", town_engineer_approved_on),
                                        ("the Water Resources Commission and NYSDEC", state_approved_on))
                   if day is None or day > construction_started_on]  # fmt: skip
        if missing:
            raise ValidationError({"construction_started_on": "No construction before the written approval of "
                                   f"{' and '.join(missing)} (§118-40)."})  # fmt: skip
    for name, day in (("plans_submitted_on", plans_submitted_on), ("construction_started_on", construction_started_on)):
        if day is not None:
            not_in_future(name, day, "A preliminary treatment record")
    with transaction.atomic():
        record = treatment or PreliminaryTreatment(user=user)
        record.description, record.plans_submitted_on = description.strip(), plans_submitted_on
        record.town_engineer_approved_on, record.state_approved_on = town_engineer_approved_on, state_approved_on
        record.construction_started_on = construction_started_on
        return save(record, acting_user, "Preliminary treatment recorded (§118-40)")


def do_record_cooling_water_permit(
    *,
    user: IndustrialUser,
    spdes_number: str,
    town_engineer_approved_on: dt.date,
    issued_on: dt.date,
    expires_on: dt.date,
    outfall: str,
    acting_user: Any,
) -> CoolingWaterPermit:
    """Cooling water to natural drainage needs the Town Engineer's approval and a SPDES permit (§118-28)."""
    require(acting_user, "pretreatment.record_facility", "record a SPDES cooling-water permit")
    if expires_on <= issued_on:
        raise ValidationError({"expires_on": "A permit expires after it is issued."})
    with transaction.atomic():
        permit = CoolingWaterPermit(user=user, spdes_number=spdes_number.strip(), outfall=outfall.strip(),
                                    town_engineer_approved_on=town_engineer_approved_on, issued_on=issued_on,
                                    expires_on=expires_on)  # fmt: skip
        return save(permit, acting_user, "SPDES cooling-water permit recorded (§118-28)")


def do_record_visit(
    *,
    user: IndustrialUser,
    visited_on: dt.date,
    visitor: str,
    agency: str,
    credentials: str,
    reason: str,
    checklist: dict[str, str],
    acting_user: Any,
    notes: str = "",
) -> InspectionVisit:
    """An entry under §118-45: the visitor bears proper credentials and has a reason; the checklist records
    each narrative prohibition of §118-37 (and §118-2, 3) as seen, not seen or not checked."""
    require(acting_user, "pretreatment.record_visit", "record an inspection visit")
    not_in_future("visited_on", visited_on, "A visit")
    if not credentials.strip():
        raise ValidationError({"credentials": "§118-45 admits only those bearing proper credentials: name them."})
    if not reason.strip():
        raise ValidationError({"reason": "§118-45 admits only those having a reason for inspection: give it."})
    unknown = sorted(set(checklist) - set(CHECKLIST))
    if unknown:
        raise ValidationError({"checklist": f"Not an item of the checklist: {', '.join(unknown)}."})
    wrong = sorted(k for k, v in checklist.items() if v not in Observed.values)
    if wrong:
        raise ValidationError({"checklist": f"{', '.join(wrong)}: answer seen, not_seen or not_checked."})
    full = {key: checklist.get(key, Observed.NOT_CHECKED) for key in CHECKLIST}
    with transaction.atomic():
        visit = InspectionVisit(user=user, visited_on=visited_on, visitor=visitor.strip(), agency=agency,
                                credentials=credentials.strip(), reason=reason.strip(), checklist=full,
                                notes=notes, recorded_by=acting_user)  # fmt: skip
        return save(visit, acting_user, "Inspection visit recorded (§118-45)")
