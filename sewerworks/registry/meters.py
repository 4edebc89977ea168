"""A meter change: the old meter's final read, the new meter's initial read, the old meter retired.

When the Water District replaces a meter, the water it measured in the period is the old meter's final
read less its previous read plus the new meter's current read less its initial read (§118-52; the bill
run counts it so, ``billing.engine.usage``). :func:`do_replace_meter` records the whole change at once:
both reads pass the one validator of reads (``registry.reads.check_meter_reads``: a final read lower
than the previous read is refused unless it is a plausible rollover, I-48), the old meter gets its
removal date and the new one its installation date in their histories, and one AuditEvent names both.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.core.models import AuditEvent
from sewerworks.core.text import check_text
from sewerworks.registry.actions import do_create_record, do_update_record
from sewerworks.registry.choices import ReadSource
from sewerworks.registry.models import MeterRead, WaterMeter
from sewerworks.registry.reads import check_meter_reads, new_run


@dataclass(frozen=True)
class MeterChange:
    """A meter change recorded: the retired meter, its replacement, the two reads and the audit record."""

    old: WaterMeter
    new: WaterMeter
    final_read: MeterRead
    initial_read: MeterRead
    audit_event: AuditEvent


FIELDS_KEPT = ("dials", "unit", "size_in", "purpose")  # the new meter takes the old one's unless told


def _refuse(field: str, message: str) -> ValidationError:
    return ValidationError({field: message})


def do_replace_meter(
    old: WaterMeter,
    *,
    new_serial: str,
    replaced_on: dt.date,
    final_reading: int,
    initial_reading: int = 0,
    source: str = ReadSource.MANUAL,
    new_meter: dict[str, Any] | None = None,
    acting_user: Any,
    reason: str = "",
) -> MeterChange:
    """Replace ``old`` on ``replaced_on``: its final read, then the new meter (``new_serial``, on the same
    account; dials, unit, size and purpose as the old one unless ``new_meter`` says otherwise) with its
    initial read on the same day. All of it or nothing; every refusal names its field."""
    require(acting_user, "registry.replace_watermeter", "replace a water meter")
    if not isinstance(replaced_on, dt.date) or replaced_on > timezone.localdate():
        raise _refuse("replaced_on", "The day of the change is a date, not in the future (I-50).")
    if source not in (ReadSource.MANUAL, ReadSource.WATER_DISTRICT):
        raise _refuse("source", "A meter change is read, not estimated: manual or water_district.")
    new_serial = check_text("new_serial", str(new_serial or "").strip().upper(), max_length=40)
    reason = check_text("reason", str(reason or ""), max_length=100)
    if not new_serial:
        raise _refuse("new_serial", "The new meter's serial no. is required.")
    run = new_run(f"meter-change-{timezone.now():%Y%m%d%H%M%S}-{old.pk}")
    why = reason or f"Replaced by {new_serial} on {replaced_on}"
    with transaction.atomic():
        fresh = WaterMeter.objects.select_for_update().get(pk=old.pk)
        if fresh.removed_on is not None:
            raise _refuse("removed_on", f"Meter {fresh.serial} was already removed on {fresh.removed_on}.")
        later = MeterRead.objects.filter(meter=fresh, read_on__gt=replaced_on).order_by("read_on").first()
        if later is not None:
            raise _refuse("replaced_on", f"Meter {fresh.serial} has a read on {later.read_on}, after {replaced_on}.")
        final, errors = check_meter_reads(
            [{"meter": fresh.pk, "read_on": replaced_on, "reading": final_reading, "source": source}],
            acting_user=acting_user,
            run=run,
        )
        if errors:
            raise _refuse("final_reading", errors[0].message)
        data: dict[str, Any] = {f: getattr(fresh, f) for f in FIELDS_KEPT}
        data.update(new_meter or {})
        data.update(serial=new_serial, account=fresh.account, installed_on=replaced_on, removed_on=None)
        new = do_create_record("watermeter", data, acting_user=acting_user, reason=f"Replaces {fresh.serial}")
        assert isinstance(new, WaterMeter)
        initial, errors = check_meter_reads(
            [{"meter": new.pk, "read_on": replaced_on, "reading": initial_reading, "source": source}],
            acting_user=acting_user,
            run=run,
        )
        if errors:
            raise _refuse("initial_reading", errors[0].message)
        do_update_record(fresh, {"removed_on": replaced_on}, acting_user=acting_user, reason=why[:100])
        MeterRead.objects.bulk_create([*final, *initial])
        event = AuditEvent.objects.create(
            actor=acting_user,
            action="do_replace_meter",
            run=run,
            subject=f"{fresh.serial} → {new.serial}",
            rows=2,
            detail={
                "account": fresh.account.account_number,
                "old": fresh.serial,
                "new": new.serial,
                "replaced_on": replaced_on.isoformat(),
                "final_reading": final_reading,
                "initial_reading": initial_reading,
                "size_in": str(Decimal(str(data["size_in"]))),
            },
        )
    old.refresh_from_db()
    return MeterChange(old=old, new=new, final_read=final[0], initial_read=initial[0], audit_event=event)
