"""Billing posts every kind of pending charge the programs write, through the one registry the programs
declare their kinds in (``core.charges``): the §118-15 permit fee with its payment at filing (I-88, I-111),
a contract user's legal fees and assessment share at once (§118-29.1), the §118-5 fine and §118-47
charges with the next bill; each once, on the account's ledger; with no single open account it waits (I-91)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied

from sewerworks.billing.actions import do_post_period, do_review_period
from sewerworks.billing.corrections.void import do_rebill_account, do_void_bill
from sewerworks.billing.engine.run import run_drafts
from sewerworks.billing.ledger.balances import balance
from sewerworks.billing.ledger.owed import bills_owed
from sewerworks.billing.models import Bill, LedgerEntry
from sewerworks.billing.pending.posting import do_post_pending_charges
from sewerworks.core.charges import CHARGE_KINDS, add_pending_charge
from sewerworks.core.models import AuditEvent, PendingCharge
from sewerworks.enforcement.actions import do_sweep

pytestmark = pytest.mark.django_db
D = dt.date
KINDS = {  # kind: (program, section)
    "permit_fee": ("permits", "118-15"),
    "legal_fees": ("contracts", "118-29.1"),
    "assessment_share": ("contracts", "118-29.1"),
    "abandonment_fine": ("connection", "118-5"),
    "violator_charge": ("connection", "118-47"),
}


def pending(holder: Any, kind: str, amount: str = "125.00", on: dt.date = D(2026, 9, 1), **kw: Any) -> PendingCharge:
    program, section = KINDS[kind]
    return add_pending_charge(
        source_key=f"{program}.{kind}:{holder.pk}", parcel=holder.parcel, amount=Decimal(amount), section=section,
        description=f"{kind} (receipt R-9)", program=program, kind=kind, incurred_on=on, acting_user=None, **kw,
    )  # fmt: skip


def test_every_kind_the_programs_write_is_declared_once_with_its_section() -> None:
    assert set(KINDS) <= set(CHARGE_KINDS)
    for kind, (_program, section) in KINDS.items():
        assert CHARGE_KINDS[kind].section == section and CHARGE_KINDS[kind].ledger_kind == "pending_charge"
    assert [k for k, c in CHARGE_KINDS.items() if c.rides_on_next_bill] == [
        "abandonment_fine",
        "violator_charge",
        "returned_check_fee",
    ]


def test_the_permit_fee_paid_at_filing_is_posted_with_its_payment_and_owed_by_no_one(make_account: Any) -> None:
    account = make_account()
    charge = pending(account, "permit_fee", "150.00")
    assert do_sweep(D(2026, 9, 2)).changes == {"pending_charges_posted": 1}
    fee, paid = LedgerEntry.objects.filter(source_key__startswith=f"pending:{charge.pk}").order_by("id")
    assert (fee.amount, fee.posted_on, fee.section, fee.account_id) == (Decimal("150.00"), D(2026, 9, 1), "118-15",
                                                                        account.pk)  # fmt: skip
    assert (paid.source_key, paid.amount, paid.kind) == (
        f"pending:{charge.pk}:paid",
        Decimal("-150.00"),
        "pending_charge",
    )
    assert balance(account=account) == 0 == balance(parcel=account.parcel)
    charge.refresh_from_db()
    assert (charge.billed_on, charge.billing_reference) == (D(2026, 9, 2), f"pending:{charge.pk}")
    assert do_sweep(D(2026, 9, 3)).changes == {}  # once


@pytest.mark.parametrize("kind", ["legal_fees", "assessment_share"])
def test_a_contract_users_charge_is_billed_at_once_on_the_account(make_account: Any, kind: str, staff: Any) -> None:
    account = make_account(contract_user=True)
    charge = pending(account, kind, "1200.00", account=account)
    with pytest.raises(PermissionDenied):
        do_post_pending_charges(acting_user=staff.inspector)
    assert do_post_pending_charges(acting_user=staff.clerk, on=D(2026, 9, 5)) == (1, 0)
    entry = LedgerEntry.objects.get(source_key=f"pending:{charge.pk}")
    assert (entry.kind, entry.amount, entry.posted_on, entry.bill_id) == ("pending_charge", Decimal("1200.00"),
                                                                          D(2026, 9, 5), None)  # fmt: skip
    assert balance(account=account) == Decimal("1200.00")
    assert do_post_pending_charges(acting_user=staff.clerk, on=D(2026, 9, 6)) == (0, 0)
    assert AuditEvent.objects.filter(action="post_pending_charges").count() == 1


@pytest.mark.parametrize("kind", ["abandonment_fine", "violator_charge"])
def test_a_fine_or_a_violators_charge_rides_on_the_next_bill_and_is_paid_with_it(
    make_account: Any, autumn: Any, staff: Any, kind: str
) -> None:
    account = make_account(meters=[(1_000, 9_000)])
    charge = pending(account, kind, "500.00")
    assert do_sweep(D(2026, 10, 1)).changes.get("pending_charges_posted") is None  # not billed at once
    run_drafts(autumn, acting_user=staff.clerk)
    do_review_period(autumn, acting_user=staff.superintendent)
    do_post_period(autumn, acting_user=staff.superintendent)
    bill = Bill.objects.get(account=account)
    entry = LedgerEntry.objects.get(source_key=f"pending:{charge.pk}:bill:{bill.pk}")
    assert (entry.amount, entry.posted_on, entry.bill_id) == (Decimal("500.00"), D(2026, 10, 10), bill.pk)
    assert bills_owed(account, on=D(2026, 10, 10))[0].charged == Decimal("524.00")
    assert balance(account=account) == Decimal("524.00")
    # voided with the bill, carried to the bill that replaces it
    do_void_bill(bill, by=staff.clerk, reason="misread", on=D(2026, 11, 2))
    assert balance(account=account) == 0
    new = do_rebill_account(autumn, account, by=staff.clerk, on=D(2026, 11, 3)).bill
    assert LedgerEntry.objects.get(source_key=f"pending:{charge.pk}:bill:{new.pk}").amount == Decimal("500.00")
    assert balance(account=account) == Decimal("524.00")
    assert PendingCharge.objects.get(pk=charge.pk).billed_on == D(2026, 10, 10)


def test_with_no_single_open_account_a_charge_stays_pending(make_account: Any) -> None:
    account = make_account()
    account.closed_on = D(2026, 1, 1)
    account.save()
    charge = pending(account, "legal_fees")
    assert do_sweep(D(2026, 9, 2)).changes == {"pending_charges_left": 1}
    assert PendingCharge.objects.get(pk=charge.pk).billed_on is None and not LedgerEntry.objects.exists()
