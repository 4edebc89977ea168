"""§ 118-53 Payments: the order in which a payment settles what an account owes (I-63).

    The bills for sewer user charges shall become due and payable to the Marlboro Sewer Improvement or
    Milton Sewer Improvement Area, and such payments shall be made to the Town Clerk, at the Clerk's
    office, semiannually. [...] a penalty of 10% of the amount of such bill will be added thereto.

The chapter does not say which of several open bills a partial payment settles. I-63: the order is a
dated parameter, ``charges.payment_allocation``; its value ``oldest_bill_first_penalty_before_charge``
settles the oldest bill first (by bill date, then by its key), and on each bill its penalty before its
charge. What is left after every open item is paid is an unapplied credit. Example: $50.00 against a
bill of 2025-10-10 owing a $3.62 penalty and $36.20, and a bill of 2026-04-10 owing $41.90 → $3.62
penalty and $36.20 charge on the first bill, $10.18 of the second bill's charge, no credit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Literal

from sewerworks.ordinance.money import to_cents
from sewerworks.ordinance.parameters import ParameterView

SECTION = "118-53"
ORDERS = ("oldest_bill_first_penalty_before_charge",)
Part = Literal["penalty", "charge"]


@dataclass(frozen=True)
class OpenBill:
    """What is still owed on one bill: its penalty and its charge, in dollars and cents."""

    key: str
    bill_date: date
    penalty_due: Decimal
    charge_due: Decimal


@dataclass(frozen=True)
class Allocation:
    """One part of a payment, applied to one bill's penalty or charge."""

    key: str
    part: Part
    amount: Decimal


def _cents(name: str, amount: Decimal) -> Decimal:
    if amount < 0 or amount != to_cents(amount):
        raise ValueError(f"{name} must be a non-negative amount in dollars and cents, not {amount}")
    return amount


def allocate_payment(
    amount: Decimal, bills: Sequence[OpenBill], view: ParameterView
) -> tuple[list[Allocation], Decimal]:
    """The payment split over the open bills in the order of ``charges.payment_allocation`` (I-63), and
    the credit left over. Parts of zero are not listed; the parts and the credit add up to the payment."""
    order = view["charges.payment_allocation"]
    if order not in ORDERS:
        raise ValueError(f"charges.payment_allocation {order!r} is not an order sewerworks knows (I-63)")
    left = _cents("the payment", amount)
    allocations: list[Allocation] = []
    for bill in sorted(bills, key=lambda b: (b.bill_date, b.key)):
        parts: tuple[tuple[Part, Decimal], ...] = (
            ("penalty", _cents(f"bill {bill.key}'s penalty", bill.penalty_due)),
            ("charge", _cents(f"bill {bill.key}'s charge", bill.charge_due)),
        )
        for part, due in parts:
            applied = min(left, due)
            if applied > 0:
                allocations.append(Allocation(bill.key, part, applied))
                left -= applied
    return allocations, left
