"""The §118-54 connection charge (I-42, I-12, I-123): billed on its own bill when a connection is recorded, on the
parcel's account at once, paid at the counter by name (never taken as a credit for the sewer bills, nor settled
by a sewer bill's payment), reversed like any receipt, and what is unpaid is known to the cent."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from sewerworks.billing.actions import do_reverse_payment, do_take_payment
from sewerworks.billing.ledger.balances import balance
from sewerworks.billing.ledger.owed import unapplied_credit
from sewerworks.billing.ledger.receipts import settled_by
from sewerworks.billing.models import ConnectionCharge, LedgerEntry
from sewerworks.billing.property.connection import (
    bill_of,
    do_pay_connection_charge,
    do_post_connection_charge,
    post_connection_charge,
    unpaid,
)
from sewerworks.core.models import PendingCharge, StoredDecision
from sewerworks.registry.models import SewerAccount
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db
D = dt.date
OFFERED = D(2026, 11, 20)


@pytest.fixture
def parcel(area: Any) -> Any:
    p = f.parcel("108.5-1-1", improvement_area=area)
    SewerAccount.objects.create(account_number="MAR-000501", parcel=p)
    return p


def _bill(parcel: Any, staff: Any, inches: str = "4", **kw: Any) -> ConnectionCharge:
    return do_post_connection_charge(parcel=parcel, diameter_in=inches, offered_on=OFFERED, acting_user=staff.clerk,
                                     **kw)  # fmt: skip


def test_a_four_inch_connection_is_billed_1500_on_its_own_bill_and_on_the_account_at_once(
    parcel: Any, staff: Any
) -> None:
    charge = _bill(parcel, staff)
    assert (charge.amount, charge.due_on, charge.number) == (Decimal("1500.00"), D(2026, 12, 20), "CC-2026-0001")
    entry = LedgerEntry.objects.get(source_key=f"pending:{charge.pending_charge_id}")
    assert (entry.amount, entry.bill_id, entry.section) == (Decimal("1500.00"), None, "118-54")
    assert entry.posted_on == OFFERED
    assert PendingCharge.objects.get().billed_on == OFFERED
    assert StoredDecision.objects.get(pk=charge.decision_id).outcome == "charged"
    assert unpaid(charge) == Decimal("1500.00") and balance(parcel=parcel) == Decimal("1500.00")


def test_a_six_inch_connection_pays_more(parcel: Any, staff: Any) -> None:
    assert _bill(parcel, staff, "6").amount == Decimal("2250.00")


@pytest.mark.parametrize(("inches", "why"), [("3", "four inches as the minimum"), ("5", "schedule lists no charge")])
def test_a_diameter_under_four_inches_or_not_in_the_schedule_is_refused_and_nothing_written(
    parcel: Any, staff: Any, inches: str, why: str
) -> None:
    with pytest.raises(ValidationError) as refused:
        _bill(parcel, staff, inches)
    assert why in str(refused.value.message_dict["diameter_in"]) and "§118-54" in str(refused.value)
    assert not ConnectionCharge.objects.exists() and not PendingCharge.objects.exists()
    assert not LedgerEntry.objects.exists()


def test_the_same_source_twice_is_the_one_charge(parcel: Any, staff: Any) -> None:
    first = post_connection_charge(parcel=parcel, diameter_in="4", offered_on=OFFERED, source_key="inspection:7",
                                   acting_user=staff.clerk)  # fmt: skip
    again = post_connection_charge(parcel=parcel, diameter_in="6", offered_on=OFFERED, source_key="inspection:7",
                                   acting_user=staff.clerk)  # fmt: skip
    assert first == again and ConnectionCharge.objects.count() == 1 and LedgerEntry.objects.count() == 1


def test_with_no_account_the_charge_waits_pending_and_cannot_be_paid_yet(area: Any, staff: Any) -> None:
    bare = f.parcel("108.5-1-2", improvement_area=area)
    charge = _bill(bare, staff)
    assert PendingCharge.objects.get().billed_on is None and not LedgerEntry.objects.exists()
    with pytest.raises(ValidationError, match="not on a sewer account yet"):
        do_pay_connection_charge(charge, amount="1500.00", method="cash", acting_user=staff.clerk)


def test_paid_in_part_then_in_full_by_name_and_never_a_credit_for_the_sewer_bills(parcel: Any, staff: Any) -> None:
    charge = _bill(parcel, staff)
    do_pay_connection_charge(charge, amount="500.00", method="check", reference="1001", acting_user=staff.clerk,
                             receipt_number="R-1")  # fmt: skip
    assert unpaid(charge) == Decimal("1000.00")
    account = SewerAccount.objects.get()
    assert unapplied_credit(account) == Decimal("0.00")
    last = do_pay_connection_charge(charge, amount="1000.00", method="cash", acting_user=staff.clerk,
                                    receipt_number="R-2")  # fmt: skip
    assert unpaid(charge) == Decimal("0.00") and balance(parcel=parcel) == Decimal("0.00")
    assert [s["part"] for s in settled_by(last)] == ["item"]


def test_a_payment_of_more_than_is_left_is_refused_and_writes_nothing(parcel: Any, staff: Any) -> None:
    charge = _bill(parcel, staff)
    with pytest.raises(ValidationError, match=r"more than the \$1,500.00 left"):
        do_pay_connection_charge(charge, amount="1500.01", method="cash", acting_user=staff.clerk)
    assert not LedgerEntry.objects.filter(kind="payment").exists()


def test_a_sewer_bill_payment_does_not_settle_the_connection_charge(parcel: Any, staff: Any) -> None:
    charge = _bill(parcel, staff)
    do_take_payment(SewerAccount.objects.get(), amount="100.00", method="cash", receipt_number="R-9",
                    acting_user=staff.clerk)  # fmt: skip
    assert unpaid(charge) == Decimal("1500.00")  # the $100 is a credit for the sewer bills, not toward this bill
    assert unapplied_credit(SewerAccount.objects.get()) == Decimal("100.00")


def test_a_returned_check_toward_it_makes_it_unpaid_again(parcel: Any, staff: Any) -> None:
    charge = _bill(parcel, staff)
    check = do_pay_connection_charge(charge, amount="1500.00", method="check", reference="77", acting_user=staff.clerk)
    do_reverse_payment(check, acting_user=staff.superintendent, reason="Check returned: insufficient funds")
    assert unpaid(charge) == Decimal("1500.00") and bill_of(charge).paid == Decimal("0.00")
    assert unapplied_credit(SewerAccount.objects.get()) == Decimal("0.00")


def test_what_was_unpaid_on_a_past_day_counts_only_what_was_paid_by_then(parcel: Any, staff: Any) -> None:
    charge = _bill(parcel, staff)
    do_pay_connection_charge(charge, amount="300.00", method="cash", acting_user=staff.clerk,
                             received_on=D(2026, 11, 25))  # fmt: skip
    assert unpaid(charge, on=D(2026, 11, 24)) == Decimal("1500.00")
    assert unpaid(charge, on=D(2026, 11, 25)) == Decimal("1200.00")


def test_only_the_clerks_office_and_the_superintendent_bill_it(parcel: Any, staff: Any) -> None:
    for user in (staff.inspector, staff.board):
        with pytest.raises(PermissionDenied):
            _bill(parcel, SimpleStaff(user))
    assert not ConnectionCharge.objects.exists()


class SimpleStaff:
    def __init__(self, user: Any) -> None:
        self.clerk = user


def test_a_bill_offered_after_today_is_refused(parcel: Any, staff: Any) -> None:
    with pytest.raises(ValidationError, match="after today"):
        do_post_connection_charge(parcel=parcel, diameter_in="4", offered_on=D(2999, 1, 1), acting_user=staff.clerk)
