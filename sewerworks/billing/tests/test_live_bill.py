"""One live bill per account per period (issue 10): the partial unique constraint holds on ``live``, a flag
that only voiding clears, so posting a draft (which changes its status) does not touch the constraint's
index; the constraint keeps its meaning: a second live bill is refused, a voided bill can be replaced."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from sewerworks.billing.models import Bill
from sewerworks.billing.tests.ledger_helpers import posted_bill

pytestmark = pytest.mark.django_db


def again(bill: Bill, status: str) -> Bill:
    """Another bill of the same account and period."""
    return Bill.objects.create(
        account=bill.account,
        parcel=bill.parcel,
        period=bill.period,
        status=status,
        basis="reads",
        total=Decimal("12.00"),
        topic="user-charge",
        run="test",
        created_at=timezone.now(),
    )


@pytest.mark.parametrize("status", ["draft", "posted"])
def test_a_second_live_bill_for_the_account_and_period_is_refused(status: str) -> None:
    first = posted_bill("30.00", status=status)
    assert first.live
    for second in ("draft", "posted"):
        with pytest.raises(IntegrityError), transaction.atomic():
            again(first, second)


def test_a_voided_bill_can_be_replaced_and_the_replacement_is_the_one_live_bill() -> None:
    first = posted_bill("30.00")
    Bill.objects.filter(pk=first.pk).update(status="void", live=False)  # as do_void_bill writes it
    replacement = again(first, "draft")
    assert replacement.live
    assert list(Bill.objects.filter(account=first.account, live=True)) == [replacement]
    with pytest.raises(IntegrityError), transaction.atomic():
        again(first, "posted")


def test_saving_a_bill_keeps_live_with_its_status() -> None:
    bill = posted_bill("30.00")
    bill.status = "void"
    bill.save(update_fields=["status"])
    bill.refresh_from_db()
    assert (bill.status, bill.live) == ("void", False)


@pytest.mark.parametrize(("status", "live"), [("void", True), ("draft", False), ("posted", False)])
def test_a_bill_is_live_unless_it_is_void(status: str, live: bool) -> None:
    bill = posted_bill("30.00", status="posted")
    with pytest.raises(IntegrityError), transaction.atomic():
        Bill.objects.filter(pk=bill.pk).update(status=status, live=live)


def test_posting_a_draft_leaves_the_one_live_bill_index_alone() -> None:
    """The index's condition reads ``live`` only: an UPDATE of the status and the posting time (posting's
    second write of every bill) is not an UPDATE of any column the index holds or its condition reads."""
    with connection.cursor() as cur:
        if connection.vendor == "sqlite":
            cur.execute("SELECT sql FROM sqlite_master WHERE name = 'billing_one_live_bill_per_account_period'")
        else:
            cur.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'billing_one_live_bill_per_account_period'")
        (sql,) = cur.fetchone()
    condition = sql.split(" WHERE ")[1]
    assert condition.strip('()" ') == "live", sql
    assert "status" not in sql and "posted_at" not in sql
