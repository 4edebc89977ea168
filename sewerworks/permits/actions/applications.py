"""Applications: entering one with its design, correcting the design, attaching plans, recording the fee."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from sewerworks.core.access.permissions import require
from sewerworks.core.attachments.files import JPEG, PDF, PNG, check_upload, stored_name
from sewerworks.core.charges import add_pending_charge
from sewerworks.core.parameters import current_parameters
from sewerworks.core.records import events
from sewerworks.core.text import check_text
from sewerworks.enforcement.actions.common import not_in_future
from sewerworks.ordinance.parameters import NotInForce
from sewerworks.ordinance.s118_14_16_permits import permit_fee
from sewerworks.permits.actions.common import locked, save
from sewerworks.permits.actions.industrial import check_industrial_user
from sewerworks.permits.choices import AttachmentKind, PaymentMethod, PermitClass, PermitKind
from sewerworks.permits.models import FeePayment, Permit, PermitAttachment
from sewerworks.permits.pipelines import FEE_REQUIRED
from sewerworks.registry.models import Building, Parcel

__all__ = ["do_attach_document", "do_file_application", "do_record_fee", "do_update_design", "fee_due"]

PLAN_KINDS = (PDF, PNG, JPEG)
ENGINEER_FACTS = ("examined_by", "engineer_finding")  # §118-18: recorded only by do_record_examination


def _engineer_facts(design: dict[str, Any]) -> dict[str, Any]:
    facts = design.get("old-building-sewer")
    return {k: facts.get(k) for k in ENGINEER_FACTS} if isinstance(facts, dict) else {}


def _no_engineer_facts_from_staff(design: dict[str, Any], kept: dict[str, Any]) -> None:
    """The Town Engineer's examination and finding enter the design only through his own action (§118-18)."""
    given = {k: v for k, v in _engineer_facts(design).items() if v is not None}
    if given != kept:
        raise ValidationError(
            {"design": "The examination and the engineer's finding are recorded by the Town Engineer (§118-18)."}
        )


CLASS_2_FIELDS = ("constituents", "characteristics", "activity")


def _check_kind_and_class(kind: str, permit_class: str, extra: dict[str, str]) -> None:
    if kind not in PermitKind.values:
        raise ValidationError({"kind": f"Unknown kind of permit {kind!r}."})
    if kind == PermitKind.BUILDING_SEWER and permit_class not in PermitClass.values:
        raise ValidationError({"permit_class": "A building sewer permit is Class 1 or Class 2 (§118-15, I-01)."})
    if kind != PermitKind.BUILDING_SEWER and permit_class:
        raise ValidationError({"permit_class": "Only building sewer permits have a class (§118-15)."})
    if permit_class == PermitClass.CLASS_2:
        missing = {
            f: "A Class 2 application describes the wastewater's constituents, characteristics and "
            "type of activity (I-01)."
            for f in CLASS_2_FIELDS
            if not (extra.get(f) or "").strip()
        }
        if missing:
            raise ValidationError(missing)


def do_file_application(
    *,
    kind: str,
    parcel: Parcel,
    applicant: str,
    filed_on: dt.date,
    acting_user: Any,
    permit_class: str = "",
    building: Building | None = None,
    applicant_is_agent: bool = False,
    description: str = "",
    design: dict[str, Any] | None = None,
    county_conditions: str = "",
    industrial_user: Any = None,
    **extra: str,
) -> Permit:
    """Staff enter an application the owner or his agent filed (§118-15); the review runs as it is saved. A
    Class 2 application may name the pretreatment program's industrial user on its parcel (I-172)."""
    require(acting_user, "permits.enter_application", "enter a permit application")
    not_in_future("filed_on", filed_on, "An application")
    if kind == PermitKind.PRIVATE_SYSTEM:
        raise ValidationError({"kind": "Record a private system with do_record_private_system (§118-7)."})
    _check_kind_and_class(kind, permit_class, extra)
    if building is not None and building.parcel_id != parcel.pk:
        raise ValidationError({"building": f"{building} is not on parcel {parcel}."})
    _no_engineer_facts_from_staff(design or {}, {})
    unknown = set(extra) - set(CLASS_2_FIELDS)
    if unknown:
        raise ValidationError({sorted(unknown)[0]: "Not a field of a permit application."})
    check_industrial_user(industrial_user, permit_class=permit_class, parcel=parcel, building=building)
    with transaction.atomic():
        permit = Permit(
            kind=kind,
            permit_class=permit_class,
            parcel=parcel,
            building=building,
            applicant=check_text("applicant", applicant, max_length=120),
            applicant_is_agent=applicant_is_agent,
            filed_on=filed_on,
            description=check_text("description", description),
            design=design or {},
            county_conditions=check_text("county_conditions", county_conditions),
            industrial_user=industrial_user,
            entered_by=acting_user,
            **{k: check_text(k, v) for k, v in extra.items()},
        )
        # its history begins on the filing (I-114)
        permit._occurred_at = events.as_moment(filed_on)  # type: ignore[attr-defined]
        return save(permit, acting_user, "Application filed (§118-15)")


def do_update_design(permit: Permit, *, design: dict[str, Any], acting_user: Any, why: str = "") -> Permit:
    """Correct the design (the review letter asked for it); the review runs again on saving."""
    require(acting_user, "permits.enter_application", "correct a permit application")
    with transaction.atomic():
        current = locked(permit)
        if current.status not in ("submitted", "under_review"):
            raise ValidationError(
                {"design": f"The design of a permit that is {current.status_label.lower()} is final."}
            )
        _no_engineer_facts_from_staff(design, {k: v for k, v in _engineer_facts(current.design).items() if v})
        current.design = design
        return save(current, acting_user, why or "Design corrected; review re-run", update_fields=["design"])


def fee_due(permit: Permit) -> Decimal:
    """The fee in force on the filing date for the permit's class (§118-15, I-88); ValidationError if none."""
    try:
        return permit_fee(permit.permit_class or "class_1", current_parameters().at(permit.filed_on)).value
    except NotInForce:
        raise ValidationError({"amount": f"No permit fee was in force on {permit.filed_on} (§118-15)."}) from None


def do_record_fee(
    permit: Permit, *, amount: Decimal, receipt_number: str, method: str, paid_on: dt.date, acting_user: Any
) -> FeePayment:
    """The Town Clerk received the fee when the application was filed (§118-15): recorded with its receipt, and
    kept as a pending charge with its payment for billing to post (I-88)."""
    require(acting_user, "permits.record_fee", "record a permit fee", who_may="the Town Clerk's office")
    if permit.kind not in FEE_REQUIRED:
        raise ValidationError({"amount": f"No §118-15 fee is set for a {permit.get_kind_display().lower()}."})
    if method not in PaymentMethod.values:
        raise ValidationError({"method": f"Unknown payment method {method!r}."})
    receipt = check_text("receipt_number", receipt_number, max_length=40).strip()
    if not receipt:
        raise ValidationError({"receipt_number": "Give the Town Clerk's receipt number."})
    not_in_future("paid_on", paid_on, "A payment")
    if paid_on != permit.filed_on:
        raise ValidationError(
            {"paid_on": f"The fee is paid when the application is filed ({permit.filed_on}), §118-15."}
        )
    due = fee_due(permit)
    if amount != due:
        raise ValidationError(
            {"amount": f"The fee for this class on {permit.filed_on} is ${due:,.2f}, not ${amount:,.2f}."}
        )
    with transaction.atomic():
        current = locked(permit)
        if hasattr(current, "fee"):
            raise ValidationError(
                {"receipt_number": f"The fee was already recorded (receipt {current.fee.receipt_number})."}
            )
        payment = FeePayment(
            permit=current,
            amount=amount,
            receipt_number=receipt,
            method=method,
            paid_on=paid_on,
            received_by=acting_user,
        )
        try:
            with transaction.atomic():
                save(payment, acting_user, f"Fee paid, receipt {receipt} (§118-15)")
        except IntegrityError:
            raise ValidationError({"receipt_number": f"Receipt {receipt} is already recorded."}) from None
        add_pending_charge(
            source_key=f"permits.permit_fee:{current.pk}",
            parcel=current.parcel,
            amount=amount,
            section="118-15",
            description=f"Permit and inspection fee, {current.number} (paid at filing, receipt {receipt})",
            program="permits",
            kind="permit_fee",
            incurred_on=paid_on,
            acting_user=acting_user,
        )
        return payment


def do_attach_document(permit: Permit, *, file: Any, kind: str, acting_user: Any) -> PermitAttachment:
    """Attach plans, specifications or the county's permit (PDF, PNG or JPEG judged by content; size limited)."""
    require(acting_user, "permits.enter_application", "attach documents to a permit")
    if kind not in AttachmentKind.values:
        raise ValidationError({"kind": f"Unknown kind of document {kind!r}."})
    checked = check_upload(file, allowed=PLAN_KINDS, use="plans and specifications")
    with transaction.atomic():
        attachment = PermitAttachment(
            permit=permit,
            kind=kind,
            content_type=checked.content_type,
            size=checked.size,
            given_name=checked.given_name,
            uploaded_by=acting_user,
        )
        attachment.file.save(stored_name(f"permits/{permit.pk}", checked.content_type), file, save=False)
        attachment._history_user = acting_user  # type: ignore[attr-defined]
        attachment._change_reason = f"{attachment.get_kind_display()} attached"  # type: ignore[attr-defined]
        attachment.save()
        return attachment
