"""The clerk's day and month (§118-53, I-127): close the drawer into a deposit, close a month's turnover.

``do_close_deposit`` writes, in one transaction, the deposit of a business day with every payment and reversal
waiting for one (``billing.cash.deposits.pending``), each with its fund (I-126), and the cash counted against
the cash in it (a difference needs its reason). A day is closed once, in order, never after today nor in a
closed month; nothing else ever writes a deposit's items, and a closed deposit is never changed.

``do_close_month`` writes the month's turnover to the Supervisor: its deposits summed per fund, frozen. It is
refused while the month is not over, or while a payment received (or a reversal recorded) in it waits for a
deposit.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from sewerworks.billing.cash.deposits import ZERO, last_deposit_day, pending
from sewerworks.billing.cash.funds import fund_named, funds
from sewerworks.billing.cash.turnover import first_of, fund_totals_of_deposits, last_of, month_closed, waiting_in
from sewerworks.billing.choices import PaymentMethod
from sewerworks.billing.models import Deposit, DepositItem, MonthlyTurnover, TurnoverLine
from sewerworks.core.access.permissions import require
from sewerworks.core.models import AuditEvent
from sewerworks.core.money import MoneySum, dollars
from sewerworks.core.records.events import now as event_now
from sewerworks.core.text import check_text

WHO = "the Clerk's office or the Superintendent"


def _counted(value: Any) -> Decimal:
    try:
        counted = dollars(value, allow_negative=False)
    except ValidationError as exc:
        raise ValidationError({"cash_counted": exc.messages}) from exc
    if counted is None:
        raise ValidationError({"cash_counted": "Count the cash in the drawer and enter it (0.00 if none)."})
    return counted


def do_close_deposit(day: dt.date, *, cash_counted: Any, acting_user: Any, difference_reason: str = "") -> Deposit:
    """Close the drawer of ``day`` into its deposit (see the module). Refused, writing nothing: a day already
    closed, a day before the last deposit or after today, a day of a closed month, nothing to deposit, a
    difference between the cash counted and the cash in the items without its reason."""
    require(acting_user, "billing.close_deposit", "close the day's deposit", who_may=WHO)
    counted = _counted(cash_counted)
    why = check_text("difference_reason", (difference_reason or "").strip(), max_length=200)
    if day > timezone.localdate():
        raise ValidationError({"day": f"{day} is after today: a deposit is closed on or after its day (I-127)."})
    with transaction.atomic():
        done = Deposit.objects.filter(day=day).first()
        if done is not None:
            raise ValidationError(
                {
                    "day": f"The deposit of {day} ({done.number}, ${done.total:,}) is already closed: a closed deposit "
                    "never changes; what came in since goes on the next day's deposit (I-127)."
                }
            )
        last = last_deposit_day()
        if last is not None and day < last:
            raise ValidationError(
                {
                    "day": f"The deposit of {last} is closed: deposits close in order of their days, so {day} can "
                    "no longer be closed; what is waiting goes on the next one (I-127)."
                }
            )
        closed = month_closed(day)
        if closed is not None:
            raise ValidationError(
                {
                    "day": f"{day:%B %Y} was turned over to the Supervisor and closed on {closed.closed_at:%Y-%m-%d}: "
                    "no deposit is closed on its days (I-127)."
                }
            )
        lines = pending(day)
        if not lines:
            raise ValidationError({"day": f"No payment or reversal on or before {day} is waiting for a deposit."})
        expected = sum((ln.amount for ln in lines if ln.method == PaymentMethod.CASH), ZERO)
        difference = counted - expected
        if difference and not why:
            over = "over" if difference > 0 else "short"
            raise ValidationError(
                {
                    "difference_reason": f"The cash counted (${counted:,}) is ${abs(difference):,} {over} of the cash "
                    f"received (${expected:,}): say why before closing the deposit."
                }
            )
        deposit = Deposit(
            day=day,
            total=sum((ln.amount for ln in lines), ZERO),
            cash_expected=expected,
            cash_counted=counted,
            cash_difference=difference,
            difference_reason=why if difference else "",
            closed_at=event_now(),
            closed_by=acting_user,
        )
        deposit.save()
        items = [
            DepositItem(
                deposit=deposit,
                payment_id=ln.payment_id,
                kind=ln.kind,
                method=ln.method,
                reference=ln.reference,
                receipt_number=ln.receipt_number,
                account_id=ln.account_id,
                fund_id=ln.fund_id,
                amount=ln.amount,
            )
            for ln in lines
        ]
        try:
            with transaction.atomic():
                DepositItem.objects.bulk_create(items)
        except IntegrityError as exc:  # another deposit took one of them meanwhile
            raise ValidationError({"day": "Another deposit was closed at the same moment: look again."}) from exc
        AuditEvent.objects.create(
            actor=acting_user,
            action="do_close_deposit",
            run=f"deposit:{deposit.number}",
            subject=f"deposit {deposit.number}",
            rows=len(items) + 1,
            detail={
                "deposit": deposit.pk,
                "total": format(deposit.total, "f"),
                "items": len(items),
                "cash_difference": format(difference, "f"),
                "reason": deposit.difference_reason,
            },
        )
    return deposit


def do_close_month(month: dt.date, *, acting_user: Any) -> MonthlyTurnover:
    """Close ``month``'s turnover to the Supervisor (see the module): its deposits summed per fund, frozen."""
    require(acting_user, "billing.close_month", "close the month's turnover", who_may="the Town Clerk's office")
    month = first_of(month)
    if last_of(month) >= timezone.localdate():
        raise ValidationError({"month": f"{month:%B %Y} is not over: a month is closed after its last day."})
    with transaction.atomic():
        done = month_closed(month)
        if done is not None:
            raise ValidationError(
                {"month": f"{month:%B %Y} was closed on {done.closed_at:%Y-%m-%d}: it never changes."}
            )
        waiting = waiting_in(month)
        if waiting:
            total = sum((ln.amount for ln in waiting), ZERO)
            raise ValidationError(
                {
                    "month": f"{len(waiting)} payments or reversals of {month:%B %Y} (${total:,}) wait for a deposit: "
                    "close the deposit of its last business day first (I-127)."
                }
            )
        per_fund = fund_totals_of_deposits(month)
        deposits = Deposit.objects.filter(day__range=(month, last_of(month)))
        turnover = MonthlyTurnover.objects.create(
            month=month,
            total=sum((amount for _, amount in per_fund.values()), ZERO),
            deposits=deposits.count(),
            cash_difference=deposits.aggregate(t=MoneySum("cash_difference"))["t"],
            closed_at=event_now(),
            closed_by=acting_user,
        )
        known = {f.id: f for f in funds()}
        TurnoverLine.objects.bulk_create(
            TurnoverLine(
                turnover=turnover, fund_id=fund_id, fund_name=fund_named(fund_id, known).name, amount=amount, items=n
            )
            for fund_id, (n, amount) in per_fund.items()
        )
        AuditEvent.objects.create(
            actor=acting_user,
            action="do_close_month",
            run=f"turnover:{month:%Y-%m}",
            subject=f"turnover {month:%B %Y}",
            rows=len(per_fund) + 1,
            detail={"turnover": turnover.pk, "total": format(turnover.total, "f"), "deposits": turnover.deposits},
        )
    return turnover
