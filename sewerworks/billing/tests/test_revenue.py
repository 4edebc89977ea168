"""Revenue per fund (§118-53, I-11, I-126): billed, penalised, adjusted, collected, refunded, relevied and owed, per
Sewer Improvement Area over a period of days, read from the ledger; exported as CSV."""

from __future__ import annotations

import csv
import datetime as dt
import io
from decimal import Decimal
from typing import Any

import pytest
from django.utils import timezone

from sewerworks.billing.actions import (
    do_approve_adjustment,
    do_authorise_refund,
    do_make_adjustment,
    do_record_refund_audit,
    do_record_refund_paid,
    do_reverse_payment,
    do_take_payment,
)
from sewerworks.billing.corrections.void import do_void_bill
from sewerworks.billing.models import LedgerEntry
from sewerworks.billing.review.revenue import revenue, revenue_csv
from sewerworks.billing.tests.ledger_factory import penalty, posted_bill
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db
D = dt.date


def test_each_funds_revenue_over_a_period_adds_up_from_what_was_owed(
    staff: Any, make_account: Any, autumn: Any, area: Any
) -> None:
    milton = f.area("milton", "Hamlet of Milton")
    marl_acct, milton_acct = make_account(), make_account()
    milton_acct.parcel.improvement_area = milton
    milton_acct.parcel.save()
    marl_bill = posted_bill(marl_acct, autumn, "50.00")  # billed 2026-10-10
    milton_bill = posted_bill(milton_acct, autumn, "70.00")
    penalty(marl_bill, "5.00", D(2026, 11, 10))
    do_take_payment(
        marl_acct,
        amount="20.00",
        method="cash",
        receipt_number="R1",
        received_on=D(2026, 10, 20),
        acting_user=staff.clerk,
    )
    check = do_take_payment(
        milton_acct,
        amount="100.00",
        method="check",
        reference="88",
        receipt_number="R2",
        received_on=D(2026, 11, 20),
        acting_user=staff.clerk,
    ).payment
    adj = do_make_adjustment(
        marl_bill,
        part="penalty",
        amount="-5.00",
        reason="penalty_error",
        explanation="Mailed in time",
        acting_user=staff.clerk,
    )
    do_approve_adjustment(adj, acting_user=staff.superintendent)
    refund = do_authorise_refund(milton_acct, amount="30.00", payee="M", acting_user=staff.superintendent)
    do_record_refund_audit(refund, audited_on=None, claim_number="C1", abstract="", acting_user=staff.clerk)
    do_record_refund_paid(refund, paid_on=None, supervisor_check="S1", acting_user=staff.clerk)
    LedgerEntry.objects.create(  # a relevy as the §118-53 statement's work will write it (issue 31)
        parcel=marl_acct.parcel,
        account=marl_acct,
        kind="relevy_transfer",
        amount=Decimal("-30.00"),
        posted_on=timezone.localdate(),
        source_key="relevy:test",
        description="Relevied to the tax roll",
        created_at=timezone.now(),
    )
    report = revenue(D(2026, 10, 15), timezone.localdate())
    rows = {r.fund.name: r for r in report.rows}
    marl, mil = rows["Hamlet of Marlborough"], rows["Hamlet of Milton"]
    assert (marl.owed_start, marl.billed, marl.penalised, marl.adjusted, marl.collected, marl.relevied) == (
        Decimal("50.00"),
        0,
        Decimal("5.00"),
        Decimal("-5.00"),
        Decimal("20.00"),
        Decimal("30.00"),
    )
    assert marl.owed_end == Decimal("0.00")
    assert (mil.owed_start, mil.collected, mil.refunded, mil.owed_end) == (
        Decimal("70.00"),
        Decimal("100.00"),
        Decimal("30.00"),
        Decimal("0.00"),
    )
    assert all(r.balanced for r in report.rows) and report.total.balanced
    assert report.total.collected == Decimal("120.00")
    # a returned check takes its money out of what was collected; a void out of what was billed
    do_reverse_payment(check, acting_user=staff.superintendent, reason="returned")
    do_void_bill(milton_bill, by=staff.clerk, reason="Meter misread")
    after = {r.fund.name: r for r in revenue(D(2026, 10, 1), timezone.localdate()).rows}["Hamlet of Milton"]
    assert (after.billed, after.collected, after.refunded) == (Decimal("0.00"), Decimal("0.00"), Decimal("30.00"))
    assert after.balanced and after.owed_end == Decimal("30.00")  # the refund was paid out of a bad check
    table = list(csv.reader(io.StringIO(revenue_csv(report).decode("utf-8-sig"))))
    assert table[0][:4] == ["fund", "from", "to", "owed at the start"]
    assert ["Hamlet of Marlborough", "2026-10-15"] == table[1][:2] and table[-1][0] == "All funds"


def test_the_months_of_a_period_give_the_charts_their_points(staff: Any, make_account: Any, autumn: Any) -> None:
    account = make_account()
    posted_bill(account, autumn, "50.00")
    do_take_payment(
        account,
        amount="20.00",
        method="cash",
        receipt_number="R1",
        received_on=D(2026, 10, 20),
        acting_user=staff.clerk,
    )
    do_take_payment(
        account, amount="5.00", method="cash", receipt_number="R2", received_on=D(2026, 11, 3), acting_user=staff.clerk
    )
    months = revenue(D(2026, 10, 1), D(2026, 11, 30)).months
    assert [(m, next(iter(v.values()))["collected"]) for m, v in months] == [
        (D(2026, 10, 1), Decimal("20.00")),
        (D(2026, 11, 1), Decimal("5.00")),
    ]
