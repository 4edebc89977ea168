"""The Town Engineer's full-time inspection billed to who builds the extension (§118-31: "the expenses for this
inspection shall be paid for by the owner, builder or developer"), one calendar month at a time (I-141).

A month is billed once it has ended: the hours of its daily reports, each day's at the rate in force that day
(``engineering.inspection_hourly_rate``, set by the Town Board), summed and rounded half up to the cent
(I-23), become a pending charge of kind ``extension_inspection`` (section 118-31) on the project's parcel of
record. Billing posts it as a bill of its own, not with a semiannual bill (``engineering/charges.py``): the
developer often has no sewer account of his own, and pays it at the counter. A month is billed once (source
key and a unique constraint); a report for a day of a billed month is then refused. A town-built extension
(§118-30) is not billed: the town pays its own engineer.
"""

from __future__ import annotations

import calendar
import datetime as dt
from collections import defaultdict
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.core.charges import add_pending_charge
from sewerworks.core.models import AuditEvent
from sewerworks.core.parameters import current_parameters
from sewerworks.engineering.choices import Builder
from sewerworks.engineering.models import ExtensionProject, InspectionMonth
from sewerworks.ordinance.parameters import NotInForce

__all__ = ["RATE", "do_bill_inspection_month", "month_end", "reckon", "unbilled_months"]

RATE = "engineering.inspection_hourly_rate"
KIND = "extension_inspection"
CENT = Decimal("0.01")


def month_end(month: dt.date) -> dt.date:
    return month.replace(day=calendar.monthrange(month.year, month.month)[1])


def reckon(project: ExtensionProject, month: dt.date) -> tuple[Decimal, Decimal, str]:
    """(hours, amount, working) of ``month``'s daily reports, each day's hours at the rate in force that day."""
    first, last = month.replace(day=1), month_end(month)
    params = current_parameters()
    by_rate: dict[Decimal, Decimal] = defaultdict(Decimal)
    for day, hours in project.daily_reports.filter(report_date__range=(first, last)).values_list("report_date",
                                                                                                 "hours"):  # fmt: skip
        try:
            rate = params.at(day).number(RATE)
        except NotInForce:
            raise ValidationError({"month": f"No inspection rate was in force on {day} ({RATE})."}) from None
        by_rate[rate] += hours
    hours = sum(by_rate.values(), Decimal(0))
    exact = sum((h * r for r, h in by_rate.items()), Decimal(0))
    amount = exact.quantize(CENT, rounding=ROUND_HALF_UP)
    working = "; ".join(f"{h} h at ${r:,.2f}/h" for r, h in sorted(by_rate.items()))
    return hours, amount, f"{working} = ${amount:,.2f}" if working else ""


def unbilled_months(project: ExtensionProject, today: dt.date) -> list[dt.date]:
    """The ended months with reports that are not billed yet, oldest first (none for a town-built one)."""
    if project.builder == Builder.TOWN:
        return []
    billed = set(project.inspection_months.values_list("month", flat=True))
    months = {d.replace(day=1) for d in project.daily_reports.values_list("report_date", flat=True)}
    return sorted(m for m in months - billed if month_end(m) < today)


def do_bill_inspection_month(
    *, project: ExtensionProject, month: dt.date, acting_user: Any, billed_on: dt.date | None = None
) -> InspectionMonth:
    """Bill ``month``'s inspection to the project's parcel of record (see the module)."""
    require(acting_user, "engineering.bill_inspection", "bill the Town Engineer's inspection",
            who_may="the clerk or the Superintendent")  # fmt: skip
    today = timezone.localdate()
    day = billed_on or today
    first = month.replace(day=1)
    if day > today:
        raise ValidationError({"billed_on": f"A bill cannot be dated {day}, still to come."})
    if project.builder == Builder.TOWN:
        raise ValidationError({"month": "The town builds this extension (§118-30): its inspection is not billed "
                               "to anyone (I-141)."})  # fmt: skip
    if month_end(first) >= day:
        raise ValidationError({"month": f"{first:%B %Y} has not ended: a month is billed after its last day."})
    with transaction.atomic():
        project = ExtensionProject.objects.select_for_update().get(pk=project.pk)
        if project.parcel_id is None:
            raise ValidationError({"month": "The project names no parcel of record to bill (§118-31)."})
        done = project.inspection_months.filter(month=first).first()
        if done is not None:
            raise ValidationError({"month": f"{first:%B %Y} was billed on {done.billed_on}."})
        hours, amount, working = reckon(project, first)
        if hours <= 0:
            raise ValidationError({"month": f"No inspection hours are reported in {first:%B %Y}."})
        charge = add_pending_charge(
            source_key=f"engineering.{KIND}:{project.pk}/{first:%Y-%m}", parcel=project.parcel, amount=amount,
            section="118-31", program="engineering", kind=KIND, incurred_on=month_end(first), acting_user=acting_user,
            description=f"Town Engineer's inspection of {project.name}, {first:%B %Y}: {working}"[:200],
        )  # fmt: skip
        billed = InspectionMonth.objects.create(project=project, month=first, hours=hours, amount=amount,
                                                working=working, charge=charge, billed_on=day,
                                                billed_by=acting_user)  # fmt: skip
        AuditEvent.objects.create(actor=acting_user, action="do_bill_inspection_month", subject=str(billed)[:200],
                                  rows=2, detail={"hours": str(hours), "amount": str(amount), "charge": charge.pk})
        return billed
