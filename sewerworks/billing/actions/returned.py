"""A check the bank returned (§118-53, I-65, I-128): what ``do_reverse_payment`` adds to its reversal when the
bank's return is given. No second reversal path: the reversal's entries are ``do_reverse_payment``'s own.

Checked before anything is written (``check_returned``): the payment was a check, the bank's reference and
reason are given, and the returned-check fee in force on the day (``charges.returned_check_fee``, a Board
resolution value, none by default) is not negative. Written in the reversal's transaction
(``record_returned``): the record of the return, the fee as a pending charge on the account that rides on its
next bill (``billing.cash.charges``), and a note on the account. The letter to the payer is printed from the
record (``billing.cash.documents.returned_check_letter``).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError

from sewerworks.billing.cash.charges import RETURNED_CHECK_FEE
from sewerworks.billing.choices import PaymentMethod
from sewerworks.billing.models import AccountNote, Payment, ReturnedCheck
from sewerworks.core.charges import add_pending_charge
from sewerworks.core.parameters import current_parameters
from sewerworks.core.records.events import now as event_now
from sewerworks.core.text import check_text
from sewerworks.ordinance.parameters.model import NotInForce, ParameterError

FEE = "charges.returned_check_fee"


@dataclass(frozen=True)
class BankReturn:
    """What the bank said when it returned the check."""

    bank_reference: str
    return_reason: str


def returned_check_fee(day: dt.date) -> Decimal:
    """The returned-check fee in force on ``day`` (I-128); a negative one is refused, naming the parameter."""
    try:
        fee = current_parameters().at(day).number(FEE)
    except (NotInForce, ParameterError, KeyError) as exc:
        raise ValidationError({"fee": f"{FEE} cannot be read on {day}: {exc}"}) from exc
    if fee < 0:
        raise ValidationError(
            {
                "fee": f"{FEE} in force on {day} is ${fee}: a fee is never negative; the Board's resolution setting "
                "it must be corrected before the return is recorded (I-128)."
            }
        )
    return Decimal(fee).quantize(Decimal("0.01"))


def check_returned(payment: Payment, bank: BankReturn, day: dt.date) -> tuple[BankReturn, Decimal]:
    """The bank's return checked, and the fee to charge; a ValidationError naming the field, nothing written."""
    if payment.method != PaymentMethod.CHECK:
        raise ValidationError(
            {
                "bank_reference": f"Receipt {payment.receipt_number} was paid by "
                f"{payment.get_method_display().lower()}: only a check is returned by the bank; reverse it "
                "without a bank return."
            }
        )
    reference = check_text("bank_reference", (bank.bank_reference or "").strip(), max_length=60)
    if not reference:
        raise ValidationError({"bank_reference": "Give the bank's reference of the returned item."})
    reason = check_text("return_reason", (bank.return_reason or "").strip(), max_length=120)
    if not reason:
        raise ValidationError({"return_reason": "Give the bank's reason (e.g. NSF: insufficient funds)."})
    return BankReturn(reference, reason), returned_check_fee(day)


def record_returned(payment: Payment, bank: BankReturn, fee: Decimal, *, day: dt.date, user: Any) -> ReturnedCheck:
    """Inside the reversal's transaction: the return, its fee as a charge riding on the next bill, the note."""
    charge = None
    if fee > 0:
        charge = add_pending_charge(
            source_key=f"billing.returned_check:{payment.receipt_number}",
            parcel=payment.parcel,
            account=payment.account,
            amount=fee,
            section="118-53",
            description=f"Returned-check fee: check {payment.reference} of receipt {payment.receipt_number}"[:200],
            program="billing",
            kind=RETURNED_CHECK_FEE,
            incurred_on=day,
            acting_user=user,
        )
    returned = ReturnedCheck.objects.create(
        payment=payment,
        bank_reference=bank.bank_reference,
        return_reason=bank.return_reason,
        returned_on=day,
        fee=fee,
        fee_charge=charge,
        recorded_at=event_now(),
        recorded_by=user,
    )
    fee_text = f"; fee ${fee:,} on the next bill (I-128)" if fee > 0 else ""
    AccountNote.objects.create(
        account=payment.account,
        written_on=day,
        text=f"Check {payment.reference} (receipt {payment.receipt_number}, ${payment.amount:,}) returned by the bank"
        f" {bank.bank_reference}: {bank.return_reason}{fee_text}."[:300],
        source=f"returned-check:{payment.receipt_number}"[:80],
        written_at=event_now(),
        written_by=user,
    )
    return returned
