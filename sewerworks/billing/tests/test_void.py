"""Void and rebill (§118-52, §118-53): a posted bill found wrong is voided by new entries only, what was paid
toward it becomes credit, its late penalty is withdrawn, and the account is billed again for the period by
the bill run's own code; the new bill's late penalty runs from its own bill date (I-110)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from sewerworks.billing.actions import do_post_period, do_review_period, do_take_payment
from sewerworks.billing.corrections.void import do_rebill_account, do_void_bill
from sewerworks.billing.engine.run import run_drafts
from sewerworks.billing.ledger.balances import balance
from sewerworks.billing.ledger.owed import bills_owed
from sewerworks.billing.models import Bill, BillVoid, LedgerEntry, Rebill
from sewerworks.billing.penalties.sweep import apply_late_penalties, bill_penalty_date, rebill_penalty_date
from sewerworks.core.models import AuditEvent
from sewerworks.registry.models import MeterRead

pytestmark = pytest.mark.django_db
D = dt.date
MISREAD = "The meter was misread: 9,000 for 7,000"


def posted(make_account: Any, autumn: Any, staff: Any, *meters: tuple[int, int]) -> list[Any]:
    """Accounts with the given reads, billed and posted for the autumn 2026 period (bill date 2026-10-10)."""
    accounts = [make_account(meters=[m]) for m in meters]
    run_drafts(autumn, acting_user=staff.clerk)
    do_review_period(autumn, acting_user=staff.superintendent)
    do_post_period(autumn, acting_user=staff.superintendent)
    return accounts


def correct_read(account: Any, reading: int) -> None:
    MeterRead.objects.filter(meter__account=account, read_on=D(2026, 9, 30)).update(reading=reading)


def ledger_sum(**of: Any) -> Decimal:
    return sum((e.amount for e in LedgerEntry.objects.filter(**of)), Decimal("0.00"))


def test_voiding_a_posted_bill_takes_its_total_off_by_a_reversing_entry_and_keeps_the_original(
    make_account: Any, autumn: Any, staff: Any
) -> None:
    (a,) = posted(make_account, autumn, staff, (1_000, 9_000))
    bill = Bill.objects.get(account=a)
    original = LedgerEntry.objects.get(source_key=f"bill:{bill.pk}")
    assert balance(account=a) == Decimal("24.00")
    voided = do_void_bill(bill, by=staff.clerk, reason=MISREAD, on=D(2026, 11, 2))
    bill.refresh_from_db()
    assert bill.status == "void" and voided.reason == MISREAD and voided.voided_by == staff.clerk
    reversal = LedgerEntry.objects.get(source_key=f"void:{bill.pk}")
    assert (reversal.kind, reversal.amount, reversal.posted_on, reversal.bill_id) == (
        "adjustment",
        Decimal("-24.00"),
        D(2026, 11, 2),
        bill.pk,
    )
    assert LedgerEntry.objects.get(pk=original.pk).amount == Decimal("24.00")  # never edited nor deleted
    assert balance(account=a) == 0 == ledger_sum(account=a)
    event = AuditEvent.objects.get(action="do_void_bill")
    assert event.actor == staff.clerk and event.detail["reason"] == MISREAD


def test_voiding_twice_is_refused_naming_the_state_and_a_held_draft_is_not_voided(
    make_account: Any, autumn: Any, staff: Any
) -> None:
    a, held = posted(make_account, autumn, staff, (1_000, 9_000), (500_000, 3_000))
    bill = Bill.objects.get(account=a)
    do_void_bill(bill, by=staff.superintendent, reason=MISREAD)
    with pytest.raises(ValidationError, match=f"Bill {bill.pk} is already void on .*misread") as err:
        do_void_bill(bill, by=staff.superintendent, reason="again")
    assert "bill" in err.value.message_dict
    assert LedgerEntry.objects.filter(source_key__startswith="void:").count() == 1
    with pytest.raises(ValidationError, match="is a draft .*: only a posted bill is voided"):
        do_void_bill(Bill.objects.get(account=held), by=staff.clerk, reason=MISREAD)
    with pytest.raises(ValidationError) as blank:
        do_void_bill(Bill.objects.get(account=a), by=staff.clerk, reason="  ")
    assert "reason" in blank.value.message_dict


@pytest.mark.parametrize("role", ["inspector", "board"])
def test_an_inspector_or_a_board_member_never_voids_nor_rebills(
    make_account: Any, autumn: Any, staff: Any, role: str
) -> None:
    (a,) = posted(make_account, autumn, staff, (1_000, 9_000))
    with pytest.raises(PermissionDenied):
        do_void_bill(Bill.objects.get(account=a), by=getattr(staff, role), reason=MISREAD)
    do_void_bill(Bill.objects.get(account=a), by=staff.clerk, reason=MISREAD)
    with pytest.raises(PermissionDenied):
        do_rebill_account(autumn, a, by=getattr(staff, role))


def test_rebilling_after_the_read_is_corrected_posts_the_engines_bill_as_the_periods_live_bill(
    make_account: Any, autumn: Any, staff: Any
) -> None:
    (a,) = posted(make_account, autumn, staff, (1_000, 9_000))
    old = Bill.objects.get(account=a)
    do_void_bill(old, by=staff.clerk, reason=MISREAD, on=D(2026, 11, 2))
    correct_read(a, 7_000)
    rebill = do_rebill_account(autumn, a, by=staff.clerk, on=D(2026, 11, 20))
    new = rebill.bill
    assert (new.status, new.total, new.gallons, rebill.replaces) == ("posted", Decimal("18.00"), 6000, old)
    assert [line.kind for line in new.lines.all()] == [line.kind for line in old.lines.all()]
    assert new.lines.first().section == "118-52"
    entry = LedgerEntry.objects.get(source_key=f"bill:{new.pk}")
    assert (entry.kind, entry.amount, entry.posted_on) == ("charge", Decimal("18.00"), D(2026, 11, 20))
    assert balance(account=a) == Decimal("18.00") == ledger_sum(account=a)
    assert Bill.objects.exclude(status="void").get(account=a, period=autumn) == new
    assert AuditEvent.objects.filter(action="do_rebill_account", detail__replaces=old.pk).exists()


def test_rebilling_is_refused_while_a_live_bill_exists_naming_it_and_without_a_voided_bill(
    make_account: Any, autumn: Any, staff: Any
) -> None:
    (a,) = posted(make_account, autumn, staff, (1_000, 9_000))
    live = Bill.objects.get(account=a)
    with pytest.raises(ValidationError, match=f"Bill {live.pk} \\(posted to the ledger\\) is the live bill"):
        do_rebill_account(autumn, a, by=staff.clerk)
    do_void_bill(live, by=staff.clerk, reason=MISREAD)
    first = do_rebill_account(autumn, a, by=staff.clerk)
    with pytest.raises(ValidationError, match=f"Bill {first.bill.pk} \\(posted to the ledger\\) is the live bill"):
        do_rebill_account(autumn, a, by=staff.clerk)
    assert Bill.objects.filter(account=a).count() == 2


def test_a_bill_still_held_after_the_void_is_not_posted_on_a_guess(make_account: Any, autumn: Any, staff: Any) -> None:
    (a,) = posted(make_account, autumn, staff, (1_000, 9_000))
    do_void_bill(Bill.objects.get(account=a), by=staff.clerk, reason=MISREAD)
    correct_read(a, 500)  # a lower reading, not a plausible rollover: held for a person (I-48, I-61)
    with pytest.raises(ValidationError, match="still held"):
        do_rebill_account(autumn, a, by=staff.clerk)
    assert not Rebill.objects.exists() and balance(account=a) == 0


def test_a_penalty_on_the_voided_bill_is_withdrawn_and_what_was_paid_becomes_credit_for_the_new_bill(
    make_account: Any, autumn: Any, staff: Any
) -> None:
    (a,) = posted(make_account, autumn, staff, (1_000, 9_000))
    old = Bill.objects.get(account=a)
    do_take_payment(a, amount="10.00", method="cash", receipt_number="R-1", acting_user=staff.clerk,
                    received_on=D(2026, 10, 20))  # fmt: skip
    apply_late_penalties(D(2026, 11, 10), run="sweep", now=timezone.now())  # unpaid at the end of 11-09
    assert ledger_sum(source_key=f"penalty:bill:{old.pk}") == Decimal("2.40")
    assert balance(account=a) == Decimal("16.40")
    do_void_bill(old, by=staff.clerk, reason=MISREAD, on=D(2026, 11, 16))
    withdrawn = LedgerEntry.objects.get(source_key=f"penalty-withdrawn:bill:{old.pk}:1")
    assert (withdrawn.kind, withdrawn.amount, withdrawn.posted_on) == ("penalty", Decimal("-2.40"), D(2026, 11, 16))
    assert ledger_sum(bill=old) == 0  # the voided bill owes nothing and holds nothing
    assert balance(account=a) == Decimal("-10.00")  # the payment stays: a credit balance
    assert LedgerEntry.objects.filter(source_key__startswith="payment:R-1:bill:").count() == 1  # untouched
    correct_read(a, 7_000)
    new = do_rebill_account(autumn, a, by=staff.clerk, on=D(2026, 11, 20)).bill
    owed = {b.bill.pk: b for b in bills_owed(a, on=D(2026, 11, 20))}
    assert owed[new.pk].paid_charge == Decimal("10.00") and owed[new.pk].balance == Decimal("8.00")
    assert balance(account=a) == Decimal("8.00") == ledger_sum(account=a)


def test_i110_the_rebilled_bills_penalty_runs_from_its_own_bill_date(
    make_account: Any, autumn: Any, staff: Any
) -> None:
    """Period billed 2026-10-10, due 10-31: penalty date 11-09. Rebilled on 11-20: 30 days later is Sunday
    12-20, so 12-21; the period's sweep passes the rebill by, and its own penalty falls after 12-21."""
    (a,) = posted(make_account, autumn, staff, (1_000, 9_000))
    do_void_bill(Bill.objects.get(account=a), by=staff.clerk, reason=MISREAD, on=D(2026, 11, 2))
    correct_read(a, 7_000)
    rebill = do_rebill_account(autumn, a, by=staff.clerk, on=D(2026, 11, 20))
    assert (rebill.penalty_date, rebill.runs_from) == (D(2026, 12, 21), "rebill_date")
    assert bill_penalty_date(rebill.bill) == D(2026, 12, 21)
    assert bills_owed(a, on=D(2026, 11, 20))[-1].penalty_date == D(2026, 12, 21)
    apply_late_penalties(D(2026, 12, 21), run="sweep-1", now=timezone.now())
    assert not LedgerEntry.objects.filter(kind="penalty").exists()  # the original penalty date has passed
    apply_late_penalties(D(2026, 12, 22), run="sweep-2", now=timezone.now())
    penalty = LedgerEntry.objects.get(kind="penalty")
    assert (penalty.source_key, penalty.amount, penalty.posted_on) == (
        f"penalty:bill:{rebill.bill.pk}",
        Decimal("1.80"),
        D(2026, 12, 22),
    )
    apply_late_penalties(D(2026, 12, 23), run="sweep-3", now=timezone.now())
    assert LedgerEntry.objects.filter(kind="penalty").count() == 1


def test_i110_a_rebill_before_the_due_date_keeps_the_due_date_and_the_reading_is_a_dated_parameter(
    autumn: Any,
) -> None:
    assert rebill_penalty_date(autumn, D(2026, 10, 10)) == (D(2026, 11, 9), "rebill_date")  # as the original
    assert rebill_penalty_date(autumn, D(2026, 9, 25)) == (D(2026, 11, 2), "rebill_date")  # due 10-31 (Sat)
    assert rebill_penalty_date(autumn, D(2026, 11, 20)) == (D(2026, 12, 21), "rebill_date")


def test_the_voided_bill_keeps_its_void_record(make_account: Any, autumn: Any, staff: Any) -> None:
    (a,) = posted(make_account, autumn, staff, (1_000, 9_000))
    bill = Bill.objects.get(account=a)
    do_void_bill(bill, by=staff.clerk, reason=MISREAD)
    assert BillVoid.objects.get(bill=bill).voided_on == timezone.localdate()


def test_i110_a_board_reading_from_the_original_due_date_applies_to_rebills_dated_after_it(autumn: Any) -> None:
    from sewerworks.core.models import BoardResolution, ParameterOverride

    resolution = BoardResolution.objects.create(
        instrument="Res. 2026-90", adopted_on=D(2026, 11, 10), title="Rebilled bills keep the original penalty date"
    )
    ParameterOverride.objects.create(
        resolution=resolution, key="charges.rebill_penalty_runs_from", effective=D(2026, 11, 15),
        value="original_due_date",
    )  # fmt: skip
    assert rebill_penalty_date(autumn, D(2026, 11, 14)) == (D(2026, 12, 14), "rebill_date")
    assert rebill_penalty_date(autumn, D(2026, 11, 15)) == (D(2026, 11, 9), "original_due_date")


def test_the_rebilled_bills_pdf_prints_its_own_bill_date_and_penalty_date(
    make_account: Any, autumn: Any, staff: Any
) -> None:
    from io import BytesIO

    from pypdf import PdfReader

    from sewerworks.billing.documents.render import bill_pdf

    (a,) = posted(make_account, autumn, staff, (1_000, 9_000))
    do_void_bill(Bill.objects.get(account=a), by=staff.clerk, reason=MISREAD, on=D(2026, 11, 2))
    correct_read(a, 7_000)
    rebill = do_rebill_account(autumn, a, by=staff.clerk, on=D(2026, 11, 20))
    text = " ".join(p.extract_text() for p in PdfReader(BytesIO(bill_pdf(rebill.bill))).pages)
    assert "December 21, 2026" in text and "November 20, 2026" in text


def test_in_the_periods_mailing_batch_a_rebilled_bill_prints_its_own_dates_and_the_others_the_periods(
    make_account: Any, autumn: Any, staff: Any
) -> None:
    from sewerworks.billing.documents.context import penalty_terms
    from sewerworks.billing.documents.render import chunk_bills

    a, b = posted(make_account, autumn, staff, (1_000, 9_000), (2_000, 5_000))
    do_void_bill(Bill.objects.get(account=a), by=staff.clerk, reason=MISREAD, on=D(2026, 11, 2))
    correct_read(a, 7_000)
    rebill = do_rebill_account(autumn, a, by=staff.clerk, on=D(2026, 11, 20))
    other = Bill.objects.get(account=b)
    papers = chunk_bills([other.pk, rebill.bill.pk], autumn, penalty_terms(autumn), first_seq=7)
    rows = [dict(p.right) for p in papers]
    assert [p.stub for p in papers] and rows[0]["Bill date"] == "October 10, 2026"
    assert rows[1]["Bill date"] == "November 20, 2026" and "December 21" in rows[1]["Penalty date"]
    assert "November 9" in rows[0]["Penalty date"]
