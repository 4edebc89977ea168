"""Payments at the counter (§118-53): take one, reverse one (a returned check).

``do_take_payment`` is idempotent on the receipt number: the same receipt entered twice (a double click,
a retried API call, two clerks at once) leaves one payment and one set of ledger entries, and the second
call gets the first payment back. Payments on one account queue on the account's row (``SELECT … FOR
UPDATE`` on PostgreSQL; SQLite writers already queue with ``BEGIN IMMEDIATE``), so each one allocates
against what the ones before it left owing. A bill run never touches the ledger until posting, which is
one transaction: a payment sees a period's charges all or none.

Entries: one per bill part it settles (``payment:<receipt>:bill:<id>:penalty|charge``, negative, posted
on the day received, ``bill`` set) and any excess as a credit (``payment:<receipt>:credit``, ``bill``
empty). I-63 orders the parts; I-65 says what was owed on the day received and what a reversal means.
A payment received on or before a penalty date the sweep has already passed withdraws the penalty it
proves undue, and its reversal puts it back (``billing.penalties.withdrawal.settle_penalties``, I-97).
A payment received before payments already entered (a late check, a lockbox file) settles the bills as if
entered in the order received: what the later receipts paid goes back to their credit and is applied again
(``billing.ledger.reallocation``, I-116).
"""

from __future__ import annotations

import datetime as dt
import re
import secrets
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from sewerworks.billing.actions.credits import apply_credits
from sewerworks.billing.actions.returned import BankReturn, check_returned, record_returned
from sewerworks.billing.choices import LedgerKind, PaymentMethod
from sewerworks.billing.ledger.owed import bills_owed
from sewerworks.billing.ledger.reallocation import release_later_payments, settles_in_received_order
from sewerworks.billing.ledger.receipt_entries import payment_fields
from sewerworks.billing.ledger.tax_roll import closed_to_counter
from sewerworks.billing.models import LedgerEntry, Payment
from sewerworks.billing.penalties.sweep import hold_off_sweep
from sewerworks.billing.penalties.withdrawal import settle_penalties
from sewerworks.core.access.permissions import require
from sewerworks.core.models import AuditEvent
from sewerworks.core.money import dollars
from sewerworks.core.parameters import current_parameters
from sewerworks.core.text import check_text
from sewerworks.ordinance.parameters.model import NotInForce, ParameterError
from sewerworks.ordinance.s118_53_payments import allocate_payment
from sewerworks.registry.models import SewerAccount

RECEIPT = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$")


@dataclass(frozen=True)
class TakenPayment:
    payment: Payment
    created: bool  # False: the receipt was already entered, nothing was written


def new_receipt_number(day: dt.date | None = None) -> str:
    """A receipt number for a form or the demo: the day and six random characters (``261203-3FA9C2``)."""
    return f"{(day or timezone.localdate()):%y%m%d}-{secrets.token_hex(3).upper()}"


def _clean(
    amount: Any, method: str, reference: str, receipt_number: str, received_on: dt.date, payer: str
) -> tuple[Decimal, str, str, str]:
    try:
        paid = dollars(amount, allow_negative=False)
    except ValidationError as exc:
        raise ValidationError({"amount": exc.messages}) from exc
    if paid is None or paid <= 0:
        raise ValidationError({"amount": "A payment is an amount of dollars and cents above zero."})
    if method not in PaymentMethod.values:
        raise ValidationError({"method": f"{method!r} is not a way to pay: cash, check, card or online."})
    number = check_text("receipt_number", (receipt_number or "").strip(), max_length=40)
    if not RECEIPT.match(number):
        raise ValidationError(
            {"receipt_number": "A receipt number is 1 to 40 letters, digits, dot, dash, slash or underscore."}
        )
    ref = check_text("reference", (reference or "").strip(), max_length=60)
    if method != PaymentMethod.CASH and not ref:
        raise ValidationError(
            {
                "reference": f"A payment by {PaymentMethod(method).label.lower()} needs its reference "
                "(check number, card's last four digits, or the online confirmation)."
            }
        )
    check_text("payer", payer or "", max_length=120)
    if received_on > timezone.localdate():
        raise ValidationError({"received_on": f"{received_on} is after today: a payment is never future-dated (I-50)."})
    return paid, method, ref, number


def _same(existing: Payment, account: Any, amount: Decimal) -> TakenPayment:
    if existing.account_id != account.pk or existing.amount != amount:
        raise ValidationError(
            {
                "receipt_number": f"Receipt {existing.receipt_number} was already used for ${existing.amount:,} on "
                f"account {existing.account.account_number} ({existing.received_on}): use a new receipt number."
            }
        )
    return TakenPayment(existing, created=False)


def do_take_payment(
    account: Any,
    *,
    amount: Any,
    method: str,
    receipt_number: str,
    acting_user: Any,
    reference: str = "",
    received_on: dt.date | None = None,
    payer: str = "",
) -> TakenPayment:
    """Take a payment on ``account`` and put it on the ledger, split over the open bills (I-63, I-65)."""
    require(acting_user, "billing.take_payment", "take a payment", who_may="the Clerk's office or the Superintendent")
    day = received_on or timezone.localdate()
    paid, method, ref, number = _clean(amount, method, reference, receipt_number, day, payer)
    existing = Payment.objects.filter(receipt_number=number).select_related("account").first()
    if existing is not None:
        return _same(existing, account, paid)
    try:
        with transaction.atomic():
            return TakenPayment(_write(account, paid, method, ref, number, day, payer, acting_user), created=True)
    except IntegrityError:  # the same receipt committed by another request meanwhile
        existing = Payment.objects.filter(receipt_number=number).select_related("account").first()
        if existing is None:
            raise
        return _same(existing, account, paid)


def _write(
    account: Any, paid: Decimal, method: str, ref: str, number: str, day: dt.date, payer: str, user: Any
) -> Payment:
    hold_off_sweep()  # before the account's row: the sweep's lock comes first everywhere
    account = SewerAccount.objects.select_for_update().select_related("parcel").get(pk=account.pk)
    existing = Payment.objects.filter(receipt_number=number).first()
    if existing is not None:  # entered while we queued for the account
        raise IntegrityError(f"receipt {number} exists")
    now = timezone.now()
    try:
        received_order = settles_in_received_order(day)
    except ValueError as exc:
        raise ValidationError({"received_on": str(exc)}) from exc
    # I-116: what payments received after this one paid goes back to their credit, applied again below
    released = (
        release_later_payments(account, day, run=f"payment:{number}", user=user, now=now) if received_order else set()
    )
    owed = {str(b.bill.pk): b for b in bills_owed(account, on=day, dates=False)}
    closed = closed_to_counter(account.pk, day, [b.bill.pk for b in owed.values()])  # §118-53, I-120
    try:
        order = current_parameters().at(day)
        open_bills = [b for k, b in owed.items() if (b.penalty_due or b.charge_due) and int(k) not in closed]
        parts, credit = allocate_payment(paid, [b.as_open_bill() for b in open_bills], order)
    except (NotInForce, ParameterError) as exc:
        raise ValidationError(
            {"received_on": f"No order of settling payments (I-63) was in force on {day}: {exc}"}
        ) from exc
    if credit > 0 and closed:  # the excess would pay what is paid with the taxes (I-120)
        most = paid - credit
        raise ValidationError(
            {"amount": f"The counter takes at most ${most:,} on account {account.account_number} (its open bills). "
             + "; ".join(closed[b] for b in sorted(closed)) + "."}
        )  # fmt: skip
    payment = Payment(
        receipt_number=number,
        account=account,
        parcel=account.parcel,
        method=method,
        reference=ref,
        payer=payer.strip(),
        amount=paid,
        received_on=day,
        received_by=user,
        credit=credit,
    )
    payment._history_user = user  # type: ignore[attr-defined]
    payment.save()
    common = payment_fields(account.pk, on=day, run=f"payment:{number}", now=now, user=user)
    rows = []
    for part in parts:
        bill = owed[part.key].bill
        rows.append(
            LedgerEntry(
                parcel_id=bill.parcel_id,
                amount=-part.amount,
                source_key=f"payment:{number}:bill:{bill.pk}:{part.part}",
                description=f"Payment, receipt {number}: {part.part} of the bill of {bill.period.bill_date}"[:200],
                period_id=bill.period_id,
                bill=bill,
                **common,
            )
        )
    if credit > 0:
        rows.append(
            LedgerEntry(
                parcel=account.parcel,
                amount=-credit,
                source_key=f"payment:{number}:credit",
                description=f"Payment, receipt {number}: credit beyond every bill (I-63)",
                **common,
            )
        )
    LedgerEntry.objects.bulk_create(rows)
    if released:
        apply_credits(account, day, user)  # each credit on its own day, after what this payment settled
    # I-97: received on or before a penalty date the sweep has passed, it may prove that penalty undue
    settled = {r.bill_id for r in rows if r.bill_id} | released
    settle_penalties(settled, run=f"payment:{number}", user=user, now=now)
    AuditEvent.objects.create(
        actor=user,
        action="do_take_payment",
        run=f"payment:{number}"[:64],
        subject=f"receipt {number} on {account.account_number}"[:200],
        rows=len(rows),
        detail={"payment": payment.pk, "amount": format(paid, "f"), "credit": format(credit, "f")},
    )
    return payment


def do_reverse_payment(
    payment: Payment,
    *,
    acting_user: Any,
    reason: str,
    returned: BankReturn | None = None,
    on: dt.date | None = None,
) -> Payment:
    """Reverse a payment that did not pay (a check returned by the bank): one reversing entry for each of
    its entries and of its credit's applications (``billing.actions.credits``), each on the day of the
    entry it reverses (I-65: a dishonoured check never paid, so the bills were unpaid all along and a
    late penalty falls as if it had never been handed in). Reversing twice changes nothing.

    With ``returned`` (the bank's reference and reason) it is a returned check (I-128,
    ``billing.actions.returned``): also the record of the return, the returned-check fee in force charged on
    the account's next bill, and a note on the account; checked before anything is written. A reversal after
    the payment's deposit closed goes on the next deposit (I-127). ``on``: the day the return was recorded
    (default today; never before the payment was received, never after today)."""
    require(acting_user, "billing.reverse_payment", "reverse a payment", who_may="the Superintendent")
    why = check_text("reason", (reason or "").strip(), max_length=200)
    if not why:
        raise ValidationError({"reason": "Say why the payment is reversed (e.g. check returned: insufficient funds)."})
    today = on or timezone.localdate()
    if today > timezone.localdate() or today < payment.received_on:
        raise ValidationError(
            {
                "on": f"A reversal is recorded between the day received ({payment.received_on}) and "
                f"today, not on {today}."
            }
        )
    fee = None
    if returned is not None:
        returned, fee = check_returned(payment, returned, today)
    with transaction.atomic():
        hold_off_sweep()
        payment = Payment.objects.select_for_update().get(pk=payment.pk)
        if payment.is_reversed:
            return payment
        prefix = f"payment:{payment.receipt_number}:"
        now = timezone.now()
        rows = [
            LedgerEntry(
                parcel_id=e.parcel_id,
                account_id=e.account_id,
                kind=LedgerKind.REVERSAL,
                amount=-e.amount,
                posted_on=e.posted_on,
                source_key="reversal:" + e.source_key.removeprefix("payment:"),  # credit:… keeps its word
                description=f"Reversed: {e.description}"[:200],
                section="118-53",
                period_id=e.period_id,
                bill_id=e.bill_id,
                run=f"reversal:{payment.receipt_number}"[:64],
                created_at=now,
                created_by=acting_user,
            )
            for e in LedgerEntry.objects.filter(
                Q(source_key__startswith=prefix) | Q(source_key__startswith=f"credit:{payment.receipt_number}:"),
                kind=LedgerKind.PAYMENT,
            ).order_by("id")
        ]
        LedgerEntry.objects.bulk_create(rows)
        # a penalty withdrawn for this payment falls again (I-65: a returned check never paid)
        bills = {r.bill_id for r in rows if r.bill_id}
        settle_penalties(bills, run=f"reversal:{payment.receipt_number}", user=acting_user, now=now)
        payment.reversed_on = today
        payment.reversed_by = acting_user
        payment.reversal_reason = why
        payment._history_user = acting_user  # type: ignore[attr-defined]
        payment.save(update_fields=["reversed_on", "reversed_by", "reversal_reason"])
        detail: dict[str, Any] = {"payment": payment.pk, "reason": why}
        if returned is not None and fee is not None:
            record_returned(payment, returned, fee, day=today, user=acting_user)
            detail |= {
                "bank_reference": returned.bank_reference,
                "return_reason": returned.return_reason,
                "fee": format(fee, "f"),
            }
        AuditEvent.objects.create(
            actor=acting_user,
            action="do_reverse_payment",
            run=f"reversal:{payment.receipt_number}"[:64],
            subject=f"receipt {payment.receipt_number}"[:200],
            rows=len(rows),
            detail=detail,
        )
    return payment
