"""Private sewage disposal systems (§§118-7..11): recorded only where no public sewer is available (I-46), with
the Ulster County Health Department's permit, its notice and its final inspection. The 48 hours of §118-9 are
the county's: shown when they pass, never a deadline on the owner (I-89)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.core.parameters import current_parameters
from sewerworks.core.text import check_text
from sewerworks.enforcement.actions.common import not_in_future
from sewerworks.ordinance.registry import determine
from sewerworks.permits.actions.common import locked, save
from sewerworks.permits.actions.moves import transition
from sewerworks.permits.choices import PermitKind
from sewerworks.permits.models import Permit
from sewerworks.registry.availability import sewer_available
from sewerworks.registry.models import Building, Parcel

__all__ = [
    "do_record_county_inspection",
    "do_record_county_notice",
    "do_record_county_permit",
    "do_record_private_system",
]


def do_record_private_system(
    *,
    parcel: Parcel,
    applicant: str,
    filed_on: dt.date,
    acting_user: Any,
    building: Building | None = None,
    description: str = "",
    county_conditions: str = "",
) -> Permit:
    """Record a private system for a parcel no public sewer is available to (§118-7, ``private-system``, I-46);
    refused, with the main and its distance, where one is."""
    require(acting_user, "permits.record_county", "record a private sewage disposal system")
    not_in_future("filed_on", filed_on, "An application")
    found = sewer_available(parcel, on=filed_on)
    facts: dict[str, Any] = {"public_sewer_available": found.available}
    if found.distance_ft is not None:
        facts["distance_to_public_sewer_ft"] = f"{found.distance_ft:.1f}"
    decision = determine("private-system", facts, as_of=filed_on, params=current_parameters())
    if decision.outcome != "permitted":
        raise ValidationError({"parcel": f"{found.sentence} A private system is allowed only where none is (§118-7)."})
    with transaction.atomic():
        permit = Permit(
            kind=PermitKind.PRIVATE_SYSTEM,
            parcel=parcel,
            building=building,
            applicant=check_text("applicant", applicant, max_length=120),
            filed_on=filed_on,
            description=check_text("description", description),
            county_conditions=check_text("county_conditions", county_conditions),
            availability={"sentence": found.sentence, "decision": decision.model_dump(mode="json")},
            entered_by=acting_user,
        )
        return save(permit, acting_user, "Private system recorded: no public sewer available (§118-7)")


def _private(permit: Permit) -> Permit:
    current = locked(permit)
    if current.kind != PermitKind.PRIVATE_SYSTEM:
        raise ValidationError({"kind": f"{current.number} is not a private sewage disposal system permit."})
    return current


def do_record_county_permit(
    permit: Permit, *, number: str, issued_on: dt.date, acting_user: Any, conditions: str = ""
) -> Permit:
    """The Ulster County Health Department's written permit, obtained before construction (§118-8, I-02)."""
    not_in_future("issued_on", issued_on, "A county permit")
    number = check_text("county_permit_number", number, max_length=40).strip()
    if not number:
        raise ValidationError({"county_permit_number": "Give the county's permit number (§118-8)."})
    with transaction.atomic():
        current = _private(permit)
        if issued_on < current.filed_on:
            raise ValidationError({"issued_on": f"Before the system was recorded ({current.filed_on})."})
        current.county_permit_number, current.county_permit_on = number, issued_on
        current.county_conditions = check_text("county_conditions", conditions or current.county_conditions)
        transition(
            current,
            "county_permitted",
            why=f"County permit {number}",
            acting_user=acting_user,
            also=("county_permit_number", "county_permit_on", "county_conditions"),
            occurred_at=issued_on,
        )
        return current


def do_record_county_notice(permit: Permit, *, notified_at: dt.datetime, acting_user: Any) -> Permit:
    """The work is ready for final inspection, before any underground part is covered: the county was notified
    (§118-9). Its 48 hours run from here (I-89)."""
    if notified_at > timezone.now():
        raise ValidationError({"notified_at": "A notice cannot be recorded for a moment still to come (I-50)."})
    with transaction.atomic():
        current = _private(permit)
        current.county_notified_at = notified_at
        transition(
            current,
            "county_notified",
            why="County notified: ready for final inspection (§118-9)",
            acting_user=acting_user,
            also=("county_notified_at",),
            occurred_at=notified_at,
        )
        return current


def do_record_county_inspection(permit: Permit, *, inspected_at: dt.datetime, acting_user: Any) -> Permit:
    """The county's final inspection: the permit becomes effective (§118-9)."""
    if inspected_at > timezone.now():
        raise ValidationError({"inspected_at": "An inspection cannot be recorded for a moment still to come (I-50)."})
    with transaction.atomic():
        current = _private(permit)
        if current.county_notified_at and inspected_at < current.county_notified_at:
            raise ValidationError(
                {"inspected_at": f"Before the county was notified ({current.county_notified_at:%Y-%m-%d %H:%M})."}
            )
        current.county_inspected_at = inspected_at
        transition(
            current,
            "effective",
            why="County final inspection recorded (§118-9)",
            acting_user=acting_user,
            also=("county_inspected_at",),
            occurred_at=inspected_at,
        )
        return current
