"""A bill held for a person when its period was posted (I-61), billed once its read is in (I-182).

Posting leaves a held bill a $0 draft: no read in the window, an implausible rollover, wash water above the
water used. The period's other bills are final, but the held account has not been billed at all. The law
bills every user for the water used in the period (§118-52), so the clerk enters the held account's read (the
reads import takes, for a posted period, the reads of the accounts it held and no other) and then
``do_bill_held_account`` bills it: a supplementary bill computed by the bill run's own rules
(``corrections.void``'s gather and compute), posted on its own bill date with its own penalty date (I-110 as
for a rebill: the later of the due date and 30 days after this bill date). The held draft, never on the ledger,
is closed as void with the reason, and the new bill records that it replaces it (``Rebill``).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from sewerworks.billing import pipeline
from sewerworks.billing.choices import Basis, BillStatus
from sewerworks.billing.corrections.void import WHO, _compute, _post
from sewerworks.billing.models import Bill, BillVoid, Rebill
from sewerworks.billing.penalties.sweep import hold_off_sweep, rebill_penalty_date
from sewerworks.core.access.permissions import require
from sewerworks.ordinance.parameters.model import NotInForce, ParameterError
from sewerworks.registry.models import SewerAccount


def held_after_posting(bill: Bill) -> bool:
    """A live held draft of a posted period: what ``do_bill_held_account`` bills."""
    return bill.status == BillStatus.DRAFT and bill.basis == Basis.HELD and bill.period.status == pipeline.POSTED


def do_bill_held_account(bill: Bill, *, by: Any, on: dt.date | None = None) -> Rebill:
    """Bill the account of a bill held when its period was posted (see the module); refused while the account is
    still held (naming why), for a bill that is not a held draft of a posted period, or a day not today or
    earlier and on or after the period's bill date."""
    require(by, "billing.rebill_account", "bill a held account", who_may=WHO)
    day = on or timezone.localdate()
    with transaction.atomic():
        hold_off_sweep()
        account = SewerAccount.objects.select_for_update().select_related("parcel").get(pk=bill.account_id)
        locked = Bill.objects.select_for_update().select_related("period").get(pk=bill.pk)
        if not held_after_posting(locked):
            state = "held, but its period is not posted: run the period again" if locked.basis == Basis.HELD else (
                f"not held ({locked.get_status_display().lower()}, billed on {locked.get_basis_display().lower()})")
            raise ValidationError({"bill": f"Bill {locked.pk} is {state}: a supplementary bill is for a bill held "
                                   "when its period was posted (I-182)."})  # fmt: skip
        if not locked.period.bill_date <= day <= timezone.localdate():
            raise ValidationError({"on": f"A supplementary bill is posted between the period's bill date "
                                   f"({locked.period.bill_date}) and today, not {day}."})  # fmt: skip
        try:
            due, runs_from = rebill_penalty_date(locked.period, day)
        except (NotInForce, ParameterError, ValueError) as exc:
            raise ValidationError({"on": f"No §118-53 penalty terms can be read for {day}: {exc}"}) from exc
        row = _compute(locked.period, account)  # refused, naming why, while the account is still held
        why = f"Held when the period was posted: {locked.note.rstrip('.')}. Billed on {day} once corrected (I-182)."
        Bill.objects.filter(pk=locked.pk).update(status=BillStatus.VOID, live=False)
        BillVoid.objects.create(bill=locked, reason=why[:300], voided_on=day, voided_at=timezone.now(), voided_by=by)
        note = f"Supplementary bill: replaces bill {locked.pk}, held when the period was posted (I-182)"
        return _post(locked.period, account, row, locked, day=day, due=due, runs_from=runs_from, by=by, note=note,
                     action="do_bill_held_account")
