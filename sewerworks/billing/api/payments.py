"""Payments over REST (§118-53), on billing's router: take one (idempotent on the receipt number: 201 the
first time, 200 with the same payment every time after, never a second payment), list them, reverse one,
and an account's statement. The same actions as the counter, role-checked and audited. Refusals: 401, 403
for the wrong role, 404 for an unknown id, 422 naming the field and the rule.

Money is a decimal string of dollars (``"57.30"``): a JSON number is refused, as 0.1 is not ten cents.
"""

import datetime as dt
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.utils import timezone
from ninja import Field, Query, Schema, Status
from ninja.pagination import paginate

from sewerworks.billing import actions
from sewerworks.billing.api.router import VIEW, router
from sewerworks.billing.models import LedgerEntry, Payment
from sewerworks.billing.statements.account import statement
from sewerworks.core.api.auth import require
from sewerworks.core.api.errors import record_or_404 as _get
from sewerworks.core.api.errors import refused as _refused
from sewerworks.core.api.schemas import Day
from sewerworks.registry.api import REFUSALS, RegistryPagination
from sewerworks.registry.models import SewerAccount

PUBLISHED_AS = "sewerworks.billing.api_payments"  # this module's operation ids, kept when it moved


class PaymentIn(Schema):
    account_id: int = Field(..., description="The sewer account paid on.")
    receipt_number: str = Field(
        ..., max_length=40, description="The idempotency key: sending the same receipt again returns the same payment."
    )
    amount: str = Field(..., description='Dollars and cents as a string, e.g. "57.30".', examples=["57.30"])
    method: str = Field(..., description="cash, check, card or online.", examples=["check"])
    reference: str = Field("", max_length=60, description="Check number, card's last four, online confirmation.")
    payer: str = Field("", max_length=120, description="Who paid, if known.")
    received_on: Day | None = Field(None, description="The day received (default today; never after today).")


class AllocationOut(Schema):
    bill_id: int | None = Field(..., description="The bill settled; empty for a credit on the account.")
    part: str = Field(..., description="penalty, charge or credit.")
    amount: Decimal = Field(..., description="Dollars applied (positive).")


class PaymentOut(Schema):
    id: int
    receipt_number: str
    account_id: int
    parcel_id: int
    method: str
    reference: str
    payer: str
    amount: Decimal
    received_on: dt.date
    received_by_id: int
    credit: Decimal = Field(..., description="What was more than the account owed, left as a credit (I-63).")
    reversed_on: dt.date | None
    reversal_reason: str
    allocations: list[AllocationOut] = Field(..., description="Oldest bill first, its penalty before its charge.")

    @staticmethod
    def resolve_allocations(obj: Payment) -> list[dict[str, Any]]:
        entries = getattr(obj, "_allocation_entries", None)  # read for a whole page by with_allocations
        if entries is None:
            entries = LedgerEntry.objects.filter(
                source_key__startswith=f"payment:{obj.receipt_number}:", kind="payment"
            ).order_by("id")
        return [{"bill_id": e.bill_id, "part": e.source_key.rsplit(":", 1)[-1], "amount": -e.amount} for e in entries]


def with_allocations(payments: list[Payment]) -> list[Payment]:
    """``payments`` with the ledger entries that allocated each, read in one query for the page (by their
    accounts' index; the entries name the receipt only in ``source_key``), not one per payment (issue 19).
    A payment's entries are posted on the day it was received (``actions.payments``): only the days of the
    page are read, not each account's every payment."""
    if not payments:
        return payments
    mine: dict[str, list[LedgerEntry]] = {f"payment:{p.receipt_number}:": [] for p in payments}
    days = [p.received_on for p in payments]
    entries = LedgerEntry.objects.filter(
        account_id__in={p.account_id for p in payments},
        posted_on__range=(min(days), max(days)),
        kind="payment",
        source_key__startswith="payment:",
    ).order_by("id")
    for entry in entries:  # each prefix of the key that ends at a colon, looked up (was: every payment's tried)
        key = entry.source_key
        end = key.find(":", len("payment:"))
        while end != -1:
            found = mine.get(key[: end + 1])
            if found is not None:
                found.append(entry)
            end = key.find(":", end + 1)
    for payment in payments:
        payment._allocation_entries = mine[f"payment:{payment.receipt_number}:"]  # type: ignore[attr-defined]
    return payments


class PaymentPagination(RegistryPagination):
    """The registry's ``limit`` and ``offset``, each page's allocations read at once."""

    def paginate_queryset(self, queryset: Any, pagination: Any, request: HttpRequest, **params: Any) -> Any:
        page = super().paginate_queryset(queryset, pagination, request, **params)
        page["items"] = with_allocations(list(page["items"]))
        return page


class ReversalIn(Schema):
    reason: str = Field(..., max_length=200, description="Why: e.g. check returned for insufficient funds.")
    bank_reference: str = Field(
        "", max_length=60, description="A returned check: the bank's reference (then the fee, a note, a letter)."
    )
    return_reason: str = Field("", max_length=120, description="A returned check: the bank's reason, e.g. NSF.")


class StatementBillOut(Schema):
    bill_id: int
    bill_date: dt.date
    due_date: dt.date
    penalty_date: dt.date | None = Field(..., description="Pay through this day to avoid the penalty (I-25, I-20).")
    charged: Decimal
    penalty: Decimal
    paid: Decimal
    balance: Decimal
    overdue: bool


class StatementEntryOut(Schema):
    id: int
    posted_on: dt.date
    kind: str
    description: str
    source_key: str
    bill_id: int | None
    amount: Decimal
    balance: Decimal = Field(..., description="The running balance after this entry.")


class StatementOut(Schema):
    account_id: int
    on: dt.date
    balance: Decimal
    overdue: Decimal
    credit: Decimal
    bills: list[StatementBillOut]
    entries: list[StatementEntryOut]


@router.post(
    "/billing/payments",
    response={200: PaymentOut, 201: PaymentOut, **REFUSALS},
    summary="Take a payment (idempotent on the receipt number: 201 once, then 200 with the same payment)",
)
def take_payment(request: HttpRequest, payload: PaymentIn) -> Any:
    require(request, "billing.take_payment")
    account = _get(SewerAccount, payload.account_id, "sewer account")
    try:
        taken = actions.do_take_payment(
            account,
            amount=payload.amount,
            method=payload.method,
            receipt_number=payload.receipt_number,
            reference=payload.reference,
            payer=payload.payer,
            received_on=payload.received_on,
            acting_user=request.user,
        )
    except ValidationError as exc:
        raise _refused(exc) from exc
    return Status(201 if taken.created else 200, taken.payment)


@router.get("/billing/payments", response={200: list[PaymentOut], **REFUSALS}, summary="Payments, newest first")
@paginate(PaymentPagination)
def list_payments(
    request: HttpRequest,
    account_id: int | None = Query(None, description="One account's payments."),  # type: ignore[type-arg]
    received_on: Day | None = Query(None, description="The payments received on one day."),  # type: ignore[type-arg]
) -> Any:
    require(request, VIEW)
    qs = Payment.objects.order_by("-received_on", "-id")
    if account_id is not None:
        qs = qs.filter(account=_get(SewerAccount, account_id, "sewer account"))
    if received_on is not None:
        qs = qs.filter(received_on=received_on)
    return qs


@router.get("/billing/payments/{payment_id}", response={200: PaymentOut, **REFUSALS}, summary="A payment")
def get_payment(request: HttpRequest, payment_id: int) -> Any:
    require(request, VIEW)
    return _get(Payment, payment_id, "payment")


@router.post(
    "/billing/payments/{payment_id}/reversal",
    response={200: PaymentOut, **REFUSALS},
    summary="Reverse a payment that did not pay (a returned check, I-65); reversing twice changes nothing",
)
def reverse_payment(request: HttpRequest, payment_id: int, payload: ReversalIn) -> Any:
    require(request, "billing.reverse_payment")
    try:
        bank = payload.bank_reference.strip()
        returned = actions.BankReturn(bank, payload.return_reason) if bank else None
        payment = actions.do_reverse_payment(
            _get(Payment, payment_id, "payment"), acting_user=request.user, reason=payload.reason, returned=returned
        )
    except ValidationError as exc:
        raise _refused(exc) from exc
    return payment


@router.get(
    "/billing/accounts/{account_id}/statement",
    response={200: StatementOut, **REFUSALS},
    summary="An account's statement: entries with the running balance, bills with what is overdue",
)
def account_statement(
    request: HttpRequest,
    account_id: int,
    on: Day | None = Query(None, description="As of this day (default today)."),  # type: ignore[type-arg]
) -> Any:
    require(request, VIEW)
    st = statement(_get(SewerAccount, account_id, "sewer account"), on=on or timezone.localdate())
    return {
        "account_id": account_id,
        "on": st.on,
        "balance": st.balance,
        "overdue": st.overdue,
        "credit": st.credit,
        "bills": [
            {
                "bill_id": b.bill.pk,
                "bill_date": b.bill.period.bill_date,
                "due_date": b.bill.period.due_date,
                "penalty_date": b.penalty_date,
                "charged": b.charged,
                "penalty": b.penalty,
                "paid": b.paid,
                "balance": b.balance,
                "overdue": b.overdue_on(st.on),
            }
            for b in st.bills
        ],
        "entries": [
            {
                **{
                    k: getattr(line.entry, k)
                    for k in ("id", "posted_on", "kind", "description", "source_key", "bill_id")
                },
                "amount": line.entry.amount,
                "balance": line.balance,
            }
            for line in st.lines
        ],
    }
