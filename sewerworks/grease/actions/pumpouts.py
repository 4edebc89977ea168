"""The pump-out log and the licensed haulers (§118-38 Maintenance and Recordkeeping)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from sewerworks.core.access.permissions import require
from sewerworks.core.attachments.files import JPEG, PDF, PNG, check_upload
from sewerworks.core.text import without_nul
from sewerworks.enforcement.actions.common import not_in_future
from sewerworks.grease.actions.correction import open_violation, try_correct
from sewerworks.grease.models import Hauler, Interceptor, PumpOut

__all__ = ["do_add_hauler", "do_attach_receipt", "do_record_pump_out", "licensed_on"]

RECEIPT_KINDS = (PDF, JPEG, PNG)


def do_add_hauler(
    *, name: str, license_number: str, acting_user: Any, license_expires_on: dt.date | None = None, phone: str = ""
) -> Hauler:
    """Add a licensed contract hauler (its NYSDEC waste transporter permit)."""
    require(acting_user, "grease.manage_haulers", "add a licensed hauler")
    name, license_number = without_nul(name).strip(), without_nul(license_number).strip()
    if Hauler.objects.filter(license_number__iexact=license_number).exists():
        raise ValidationError({"license_number": f"A hauler with license {license_number} is already recorded."})
    hauler = Hauler(name=name, license_number=license_number, license_expires_on=license_expires_on, phone=phone)
    hauler.full_clean()
    with transaction.atomic():
        hauler._history_user = acting_user  # type: ignore[attr-defined]
        hauler.save()
    return hauler


def licensed_on(hauler: Hauler, day: dt.date) -> bool:
    return hauler.license_expires_on is None or hauler.license_expires_on >= day


def _check_receipt(receipt: Any) -> str:
    return check_upload(receipt, allowed=RECEIPT_KINDS, use="hauler's receipts", field="receipt").content_type


def do_record_pump_out(
    *,
    interceptor: Interceptor,
    pumped_on: dt.date,
    hauler: Hauler,
    volume_gal: Decimal,
    acting_user: Any,
    disposal_facility: str = "",
    nysdec_approved_disposal: bool | None = None,
    manifest_number: str = "",
    receipt: Any = None,
    receipt_service_date: dt.date | None = None,
    receipt_volume_gal: Decimal | None = None,
) -> PumpOut:
    """Enter one pump-out in the log. A pump-out by a licensed hauler on or after the inspection that found
    the trap due corrects the maintenance noncompliance; with a passed reinspection it meets the 72-hour order.

    An exact repeat of an entry (the same interceptor, day, hauler, volume and manifest number) is that
    entry: it is returned with ``entered`` False and nothing is written (a form or request sent twice, I-175).
    Another pump-out the same day (another volume, hauler or manifest) is a second entry."""
    require(acting_user, "grease.record_pump_out", "record a pump-out")
    not_in_future("pumped_on", pumped_on, "A pump-out")
    if pumped_on < interceptor.installed_on:
        raise ValidationError(
            {"pumped_on": f"The interceptor was installed on {interceptor.installed_on}, after that."}
        )
    if not licensed_on(hauler, pumped_on):  # I-101: an expired license is no license
        raise ValidationError(
            {"hauler": f"{hauler.name}'s license expired on {hauler.license_expires_on}: §118-38 asks for a "
             "licensed contract hauler."}
        )  # fmt: skip
    if volume_gal is None or volume_gal <= 0:
        raise ValidationError({"volume_gal": "Give the volume pumped out, in gallons (more than 0)."})
    if receipt_service_date is not None and receipt_service_date > pumped_on + dt.timedelta(days=31):
        raise ValidationError({"receipt_service_date": "The receipt's service date is long after the pump-out."})
    manifest_number = without_nul(manifest_number).strip()
    with transaction.atomic():
        Interceptor.objects.select_for_update().filter(pk=interceptor.pk).exists()  # one entry at a time per trap
        repeated = _repeated(interceptor, pumped_on, hauler, volume_gal, manifest_number)
        if repeated is not None:
            return repeated
        return _enter(
            interceptor, pumped_on, hauler, volume_gal, acting_user, disposal_facility, nysdec_approved_disposal,
            manifest_number, receipt, receipt_service_date, receipt_volume_gal,
        )  # fmt: skip


def _repeated(
    interceptor: Interceptor, pumped_on: dt.date, hauler: Hauler, volume_gal: Decimal, manifest_number: str
) -> PumpOut | None:
    """The entry in the log that this one repeats exactly (I-175), marked as not entered again."""
    same = PumpOut.objects.filter(
        interceptor=interceptor, pumped_on=pumped_on, hauler=hauler, volume_gal=volume_gal,
        manifest_number=manifest_number,
    ).order_by("id").first()  # fmt: skip
    if same is not None:
        same.entered = False
    return same


def _enter(
    interceptor: Interceptor, pumped_on: dt.date, hauler: Hauler, volume_gal: Decimal, acting_user: Any,
    disposal_facility: str, nysdec_approved_disposal: bool | None, manifest_number: str, receipt: Any,
    receipt_service_date: dt.date | None, receipt_volume_gal: Decimal | None,
) -> PumpOut:  # fmt: skip
    if manifest_number and PumpOut.objects.filter(hauler=hauler, manifest_number=manifest_number).exists():
        raise ValidationError(
            {"manifest_number": f"Manifest {manifest_number} of {hauler.name} is already in the log."}
        )
    pump_out = PumpOut(
        interceptor=interceptor, pumped_on=pumped_on, hauler=hauler, volume_gal=volume_gal,
        disposal_facility=without_nul(disposal_facility).strip(), nysdec_approved_disposal=nysdec_approved_disposal,
        manifest_number=manifest_number, receipt_service_date=receipt_service_date,
        receipt_volume_gal=receipt_volume_gal, recorded_by=acting_user,
    )  # fmt: skip
    if receipt is not None:
        pump_out.receipt_content_type = _check_receipt(receipt)
        pump_out.receipt = receipt
    pump_out.full_clean(exclude=["receipt"])
    try:
        with transaction.atomic():
            pump_out._history_user = acting_user  # type: ignore[attr-defined]
            pump_out.save()
            violation = open_violation(interceptor.establishment)
            if violation is not None:
                try_correct(violation, interceptor.establishment, acting_user=acting_user)
    except IntegrityError as exc:
        raise ValidationError(
            {"manifest_number": f"Manifest {manifest_number} of {hauler.name} is already in the log."}
        ) from exc
    return pump_out


def do_attach_receipt(
    pump_out: PumpOut,
    *,
    receipt: Any,
    acting_user: Any,
    receipt_service_date: dt.date | None = None,
    receipt_volume_gal: Decimal | None = None,
) -> PumpOut:
    """Keep the hauler's receipt with a pump-out already in the log (§118-38 Recordkeeping)."""
    require(acting_user, "grease.record_pump_out", "attach a hauler's receipt")
    content_type = _check_receipt(receipt)
    with transaction.atomic():
        locked = PumpOut.objects.select_for_update().get(pk=pump_out.pk)
        if locked.receipt:
            raise ValidationError({"receipt": "This pump-out already has its receipt."})
        locked.receipt_content_type, locked.receipt = content_type, receipt
        locked.receipt_service_date = receipt_service_date or locked.receipt_service_date
        locked.receipt_volume_gal = receipt_volume_gal or locked.receipt_volume_gal
        locked._history_user = acting_user  # type: ignore[attr-defined]
        locked._change_reason = "Hauler's receipt attached"  # type: ignore[attr-defined]
        locked.save()
        return locked
