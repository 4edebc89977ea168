"""A sale of a parcel: the final read, the final bill and the ownership moved, in one transaction (I-125).

§118-53 makes unpaid sewer charges a lien on the property: the account and its ledger stay with the parcel, so
an unpaid balance stays on it and shows on the next search letter. At the sale the Clerk records:

1. the final (special) read of the account's meter on the day of sale, checked as every read is (a reading
   below the last one is a rollover only when plausible, I-48; otherwise refused, naming ``final_reading``);
2. the final bill up to that day: the ``user-charge`` topic on the water since the last posted bill's end read,
   for the days since that bill's period ended. It is the amount the buyer and seller settle at the closing; it
   is not posted to the ledger, because §118-51 bills sewer charges semiannually with the water district and
   the period's bill charges the same water when its reads arrive: posting both would bill it twice (I-125);
3. the buyer's ownership from the day of sale (``registry.actions.do_transfer_ownership``).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from sewerworks.billing.choices import BillStatus
from sewerworks.billing.models import Bill, Sale
from sewerworks.core.access.permissions import require
from sewerworks.core.determinations.run import store_decision
from sewerworks.core.models import AuditEvent
from sewerworks.core.parameters import current_parameters
from sewerworks.ordinance.topics import FactsError, determine
from sewerworks.registry.actions import do_transfer_ownership
from sewerworks.registry.choices import ReadSource
from sewerworks.registry.models import MeterRead, Owner, Ownership, Parcel, SewerAccount
from sewerworks.registry.reads import RowErrors, do_record_meter_reads

WHO = "the Clerk's office or the Superintendent"


def _account(parcel: Parcel) -> SewerAccount:
    accounts = list(parcel.accounts.filter(closed_on__isnull=True).order_by("pk")[:2])
    if len(accounts) != 1:
        raise ValidationError(
            {
                "parcel": f"Parcel {parcel.tax_map_number} has {len(accounts) or 'no'} open sewer "
                "accounts: a sale's final bill is of one account."
            }
        )
    return accounts[0]


def _meter(account: SewerAccount, on: dt.date) -> Any:
    meters = [m for m in account.meters.order_by("pk") if m.removed_on is None or m.removed_on >= on]
    if len(meters) != 1:
        raise ValidationError(
            {
                "final_reading": f"Account {account.account_number} has {len(meters) or 'no'} meters in "
                "service: record each meter's read, then the transfer, by hand."
            }
        )
    return meters[0]


def _start(account: SewerAccount, meter: Any, on: dt.date) -> tuple[dt.date, int]:
    """The first day not yet billed and the reading billed to: the last posted bill's end read (I-60)."""
    bill = (
        Bill.objects.filter(account=account, status=BillStatus.POSTED, reads_end__isnull=False, period__end__lt=on)
        .select_related("period")
        .order_by("-period__end", "-pk")
        .first()
    )
    if bill is not None and bill.reads_end is not None:
        return bill.period.end + dt.timedelta(days=1), int(bill.reads_end)
    first = MeterRead.objects.filter(meter=meter, read_on__lt=on).exclude(source=ReadSource.ESTIMATE)
    read = first.order_by("read_on", "pk").first()
    if read is None:
        raise ValidationError({"final_reading": f"Meter {meter.serial} has no read before {on} to bill from."})
    return read.read_on, int(read.reading)


def do_record_sale(parcel: Parcel, *, buyer: Owner, sold_on: dt.date, final_reading: int, acting_user: Any) -> Sale:
    """Record the sale of ``parcel`` to ``buyer`` on ``sold_on`` with the meter's final reading (see the module)."""
    require(acting_user, "billing.record_sale", "record a sale", who_may=WHO)
    if sold_on > timezone.localdate():
        raise ValidationError({"sold_on": f"{sold_on} is after today: record a sale on or after its day."})
    if not isinstance(final_reading, int) or isinstance(final_reading, bool) or final_reading < 0:
        raise ValidationError({"final_reading": "A reading is a whole number of the register, zero or more."})
    account = _account(parcel)
    meter = _meter(account, sold_on)
    seller = (
        "; ".join(
            o.owner.name for o in Ownership.objects.filter(parcel=parcel, end__isnull=True).select_related("owner")
        )
        or "(none recorded)"
    )
    with transaction.atomic():
        try:
            batch = do_record_meter_reads(
                [{"meter": meter.pk, "read_on": sold_on, "reading": final_reading, "source": ReadSource.MANUAL}],
                acting_user=acting_user,
                run=f"sale-{parcel.pk}-{sold_on:%Y%m%d}",
            )
        except RowErrors as exc:
            raise ValidationError({"final_reading": [f"{r.message} (§118-52, I-48)" for r in exc.rows]}) from exc
        read = MeterRead.objects.get(run=batch.run, meter=meter)
        since, start = _start(account, meter, sold_on)
        facts = {
            "period_start": since.isoformat(),
            "period_end": sold_on.isoformat(),
            "user_class": account.user_class,
            "reads": {"start": start, "end": final_reading, "unit": meter.unit, "dials": meter.dials},
        }
        try:
            decision = determine("user-charge", facts, as_of=sold_on, params=current_parameters())
        except FactsError as exc:
            raise ValidationError({"final_reading": str(exc)}) from exc
        amount = next((a.value for a in decision.amounts if a.key == "charge"), None)
        gallons = next((a.value for a in decision.amounts if a.unit == "gal"), Decimal(0))
        if amount is None:
            raise ValidationError({"final_reading": f"No final bill: {decision.summary}"})
        ownership = do_transfer_ownership(
            parcel,
            buyer,
            sold_on,
            acting_user=acting_user,
            reason=f"Sold to {buyer} on {sold_on} (final read {final_reading:,})",
        )
        sale = Sale.objects.create(
            parcel=parcel,
            account=account,
            sold_on=sold_on,
            seller=seller[:200],
            ownership=ownership,
            final_read=read,
            billed_from=since,
            start_reading=start,
            gallons=gallons,
            amount=amount,
            decision=store_decision(decision, subject=account, acting_user=acting_user),
            created_by=acting_user,
        )
        AuditEvent.objects.create(
            actor=acting_user,
            action="do_record_sale",
            subject=f"sale of {parcel.tax_map_number}",
            rows=1,
            detail={"sale": sale.pk, "buyer": buyer.pk, "final_reading": final_reading, "amount": format(amount, "f")},
        )
    return sale
