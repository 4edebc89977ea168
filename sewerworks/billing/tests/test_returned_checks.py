"""A check the bank returns (§118-53, I-65, I-128): ``do_reverse_payment`` with the bank's reference and reason
records the return, charges the fee the Board resolved (none by default) on the next bill, notes the account
and prints a letter to the payer. No second reversal path."""

from __future__ import annotations

import datetime as dt
import io
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone
from pypdf import PdfReader

from sewerworks.billing.actions import BankReturn, do_reverse_payment, do_take_payment
from sewerworks.billing.cash.documents import returned_check_letter
from sewerworks.billing.ledger.balances import balance
from sewerworks.billing.models import AccountNote, LedgerEntry, ReturnedCheck
from sewerworks.billing.tests.ledger_factory import posted_bill
from sewerworks.core.models import AuditEvent, PendingCharge
from sewerworks.core.resolutions.actions import ProposedValue, do_record_resolution

pytestmark = pytest.mark.django_db
NSF = BankReturn("RT-2026-0412", "NSF: insufficient funds")


def fee_resolution(clerk: Any, fee: str, instrument: str = "Res. 2026-90") -> None:
    do_record_resolution(
        instrument=instrument,
        adopted_on=dt.date(2026, 1, 12),
        effective_on=dt.date(2026, 2, 1),
        title="Returned-check fee",
        values=[ProposedValue("charges.returned_check_fee", fee)],
        acting_user=clerk,
    )


@pytest.fixture
def paid_by_check(staff: Any, make_account: Any, autumn: Any) -> Any:
    account = make_account()
    posted_bill(account, autumn, "50.00")
    return do_take_payment(
        account,
        amount="50.00",
        method="check",
        reference="2231",
        receipt_number="R-2231",
        received_on=dt.date(2026, 10, 20),
        payer="Ann Lee",
        acting_user=staff.clerk,
    ).payment


def test_a_returned_check_reverses_the_payment_and_charges_the_resolved_fee_on_the_next_bill(
    staff: Any, paid_by_check: Any
) -> None:
    fee_resolution(staff.clerk, "20.00")
    do_reverse_payment(paid_by_check, acting_user=staff.superintendent, reason="Check returned", returned=NSF)
    returned = ReturnedCheck.objects.get(payment=paid_by_check)
    assert (returned.bank_reference, returned.return_reason, returned.fee) == (
        "RT-2026-0412",
        "NSF: insufficient funds",
        Decimal("20.00"),
    )
    charge = PendingCharge.objects.get(source_key="billing.returned_check:R-2231")
    assert (charge.kind, charge.amount, charge.account_id, charge.billed_on) == (
        "returned_check_fee",
        Decimal("20.00"),
        paid_by_check.account_id,
        None,
    )
    assert returned.fee_charge == charge
    # the reversal is do_reverse_payment's own: the bill is owed again, the fee waits for the next bill
    assert balance(account=paid_by_check.account) == Decimal("50.00")
    assert LedgerEntry.objects.filter(source_key__startswith="reversal:R-2231:").count() == 1
    note = AccountNote.objects.get(account=paid_by_check.account)
    assert "Check 2231" in note.text and "RT-2026-0412" in note.text and "$20.00" in note.text
    audit = AuditEvent.objects.get(action="do_reverse_payment")
    assert audit.detail["bank_reference"] == "RT-2026-0412" and audit.detail["fee"] == "20.00"


def test_no_fee_is_charged_until_the_board_resolves_one(staff: Any, paid_by_check: Any) -> None:
    do_reverse_payment(paid_by_check, acting_user=staff.superintendent, reason="Check returned", returned=NSF)
    assert ReturnedCheck.objects.get().fee == 0
    assert not PendingCharge.objects.exists()
    assert "fee" not in AccountNote.objects.get().text


def test_the_letter_to_the_payer_says_what_was_returned_and_the_fee(staff: Any, paid_by_check: Any) -> None:
    fee_resolution(staff.clerk, "20.00")
    do_reverse_payment(paid_by_check, acting_user=staff.superintendent, reason="Check returned", returned=NSF)
    pdf = returned_check_letter(ReturnedCheck.objects.get(), timezone.localdate())
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    for words in (
        "Ann Lee",
        "check number 2231",
        "$50.00",
        "RT-2026-0412",
        "NSF: insufficient funds",
        "$20.00",
        "next bill",
        "§ 118-53",
    ):
        assert words in text, words


def test_a_negative_fee_refuses_the_return_and_writes_nothing(staff: Any, paid_by_check: Any) -> None:
    fee_resolution(staff.clerk, "-5.00")
    with pytest.raises(ValidationError) as raised:
        do_reverse_payment(paid_by_check, acting_user=staff.superintendent, reason="Check returned", returned=NSF)
    assert "never negative" in raised.value.message_dict["fee"][0]
    paid_by_check.refresh_from_db()
    assert not paid_by_check.is_reversed
    assert not LedgerEntry.objects.filter(kind="reversal").exists() and not ReturnedCheck.objects.exists()


def test_only_a_check_is_returned_and_the_banks_words_are_required(staff: Any, make_account: Any) -> None:
    account = make_account()
    cash = do_take_payment(
        account, amount="9.00", method="cash", receipt_number="R-CASH", acting_user=staff.clerk
    ).payment
    with pytest.raises(ValidationError, match="only a check is returned"):
        do_reverse_payment(cash, acting_user=staff.superintendent, reason="x", returned=NSF)
    check = do_take_payment(
        account, amount="9.00", method="check", reference="77", receipt_number="R-77", acting_user=staff.clerk
    ).payment
    with pytest.raises(ValidationError) as raised:
        do_reverse_payment(check, acting_user=staff.superintendent, reason="x", returned=BankReturn(" ", "NSF"))
    assert "bank_reference" in raised.value.message_dict
    with pytest.raises(ValidationError) as raised:
        do_reverse_payment(check, acting_user=staff.superintendent, reason="x", returned=BankReturn("RT", ""))
    assert "return_reason" in raised.value.message_dict
    assert not LedgerEntry.objects.filter(kind="reversal").exists()


def test_returning_a_check_twice_changes_nothing(staff: Any, paid_by_check: Any) -> None:
    fee_resolution(staff.clerk, "20.00")
    do_reverse_payment(paid_by_check, acting_user=staff.superintendent, reason="Check returned", returned=NSF)
    do_reverse_payment(paid_by_check, acting_user=staff.superintendent, reason="Check returned", returned=NSF)
    assert ReturnedCheck.objects.count() == 1 and PendingCharge.objects.count() == 1
    assert LedgerEntry.objects.filter(kind="reversal").count() == 1
