"""§118-53 payments (I-63): oldest bill first, its penalty before its charge; the rest is a credit."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sewerworks.ordinance.parameters import load_jurisdiction
from sewerworks.ordinance.s118_53_payments import Allocation, OpenBill, allocate_payment

VIEW = load_jurisdiction().at(date(2026, 6, 1))
OLDER = OpenBill("2025-autumn", date(2025, 10, 10), Decimal("3.62"), Decimal("36.20"))
NEWER = OpenBill("2026-spring", date(2026, 4, 10), Decimal("0.00"), Decimal("41.90"))


def test_50_dollars_settles_the_older_bill_s_penalty_and_charge_then_part_of_the_newer() -> None:
    parts, credit = allocate_payment(Decimal("50.00"), [NEWER, OLDER], VIEW)
    assert parts == [
        Allocation("2025-autumn", "penalty", Decimal("3.62")),
        Allocation("2025-autumn", "charge", Decimal("36.20")),
        Allocation("2026-spring", "charge", Decimal("10.18")),
    ]
    assert credit == Decimal("0.00")


@pytest.mark.parametrize(
    ("payment", "last", "credit"),
    [
        ("3.00", Allocation("2025-autumn", "penalty", Decimal("3.00")), "0.00"),  # less than the penalty
        ("81.72", Allocation("2026-spring", "charge", Decimal("41.90")), "0.00"),  # exactly everything
        ("81.73", Allocation("2026-spring", "charge", Decimal("41.90")), "0.01"),  # a cent more is a credit
    ],
)
def test_parts_and_credit_add_up_to_the_payment(payment: str, last: Allocation, credit: str) -> None:
    parts, left = allocate_payment(Decimal(payment), [OLDER, NEWER], VIEW)
    assert parts[-1] == last and left == Decimal(credit)
    assert sum(p.amount for p in parts) + left == Decimal(payment)


def test_an_amount_that_is_not_dollars_and_cents_is_refused() -> None:
    with pytest.raises(ValueError, match="dollars and cents"):
        allocate_payment(Decimal("1.005"), [OLDER], VIEW)


cents = st.decimals(min_value=0, max_value=10000, places=2)
open_bills = st.lists(
    st.tuples(st.dates(min_value=date(2020, 1, 1), max_value=date(2026, 12, 31)), cents, cents), max_size=5
)


@given(cents, open_bills)
def test_a_payment_is_never_lost_or_doubled_and_no_part_exceeds_what_is_owed(
    payment: Decimal, bills: list[tuple[date, Decimal, Decimal]]
) -> None:
    owed = [OpenBill(f"b{i}", day, penalty, charge) for i, (day, penalty, charge) in enumerate(bills)]
    parts, credit = allocate_payment(payment, owed, VIEW)
    assert sum(p.amount for p in parts) + credit == payment and credit >= 0
    total_owed = sum((b.penalty_due + b.charge_due for b in owed), Decimal(0))
    assert credit == max(Decimal(0), payment - total_owed)
    for bill in owed:
        for part, due in (("penalty", bill.penalty_due), ("charge", bill.charge_due)):
            assert sum(p.amount for p in parts if (p.key, p.part) == (bill.key, part)) <= due
