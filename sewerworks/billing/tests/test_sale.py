"""A sale (I-125): the final read on the day of sale gives the final bill for the water since the last bill; the
ownership moves to the buyer; the account and its ledger stay with the parcel, so an unpaid balance stays a
lien that the next search letter shows. A reading below the last one that is no plausible rollover is refused,
and nothing is written."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from sewerworks.billing.models import Sale
from sewerworks.billing.property.letter import search
from sewerworks.billing.property.sale import do_record_sale
from sewerworks.billing.tests.ledger_factory import posted_bill
from sewerworks.registry.models import MeterRead, Owner, Ownership

pytestmark = pytest.mark.django_db
D = dt.date
SOLD = D(2026, 11, 16)


@pytest.fixture
def sold(make_account: Any, staff: Any) -> Any:
    account = make_account(meters=[(100_000, 112_000)])  # read 2026-03-31 and 2026-09-30
    seller = Owner.objects.create(name="SMITH JOHN")
    Ownership.objects.create(parcel=account.parcel, owner=seller, start=D(2001, 5, 1))
    buyer = Owner.objects.create(name="DOE ALEX")
    return account, seller, buyer


def test_a_sale_records_the_final_read_the_final_bill_and_the_buyer_in_one_step(sold: Any, staff: Any) -> None:
    account, seller, buyer = sold
    sale = do_record_sale(account.parcel, buyer=buyer, sold_on=SOLD, final_reading=118_000, acting_user=staff.clerk)
    assert sale.final_read.reading == 118_000 and sale.final_read.read_on == SOLD
    assert (sale.start_reading, sale.billed_from) == (100_000, D(2026, 3, 31))  # no bill posted yet: the first read
    assert sale.gallons == Decimal("18000") and sale.amount > Decimal("10.00")
    assert sale.seller == "SMITH JOHN"
    assert Ownership.objects.get(parcel=account.parcel, end__isnull=True).owner == buyer
    assert Ownership.objects.get(owner=seller).end == SOLD - dt.timedelta(days=1)
    assert account.parcel.accounts.get() == account  # the account stays with the parcel


def test_the_final_bill_runs_from_the_last_posted_bills_end_read(sold: Any, staff: Any, autumn: Any) -> None:
    account, _, buyer = sold
    bill = posted_bill(account, autumn, "57.30")
    bill.reads_end = 112_000
    bill.save(update_fields=["reads_end"])
    sale = do_record_sale(account.parcel, buyer=buyer, sold_on=SOLD, final_reading=113_000, acting_user=staff.clerk)
    assert (sale.start_reading, sale.billed_from, sale.gallons) == (112_000, D(2026, 10, 1), Decimal("1000"))
    assert sale.amount == Decimal("10.00")  # 1,000 gallons: the §118-52 minimum of $10


def test_an_unpaid_balance_stays_with_the_parcel_and_shows_on_the_next_search_letter(
    sold: Any, staff: Any, autumn: Any
) -> None:
    account, _, buyer = sold
    posted_bill(account, autumn, "57.30")
    do_record_sale(account.parcel, buyer=buyer, sold_on=SOLD, final_reading=118_000, acting_user=staff.clerk)
    letter = search(account.parcel, as_of=SOLD)
    assert letter.owed == Decimal("57.30") and [o.name for o in letter.owners] == ["DOE ALEX"]


def test_a_final_read_below_the_last_with_no_plausible_rollover_is_refused_and_nothing_written(
    sold: Any, staff: Any
) -> None:
    account, seller, buyer = sold
    with pytest.raises(ValidationError) as refused:
        do_record_sale(account.parcel, buyer=buyer, sold_on=SOLD, final_reading=50_000, acting_user=staff.clerk)
    assert "§118-52" in str(refused.value.message_dict["final_reading"])
    assert not Sale.objects.exists() and not MeterRead.objects.filter(read_on=SOLD).exists()
    assert Ownership.objects.get(parcel=account.parcel, end__isnull=True).owner == seller


def test_a_plausible_rollover_of_the_register_is_billed_across_it(make_account: Any, staff: Any) -> None:
    account = make_account(meters=[(990_000, 999_000)])
    buyer = Owner.objects.create(name="DOE ALEX")
    sale = do_record_sale(account.parcel, buyer=buyer, sold_on=SOLD, final_reading=4_000, acting_user=staff.clerk)
    assert sale.gallons == Decimal("14000")  # 990,000 -> 999,999 -> 4,000 on a 6-dial register


def test_a_sale_after_today_or_by_an_inspector_is_refused(sold: Any, staff: Any) -> None:
    account, _, buyer = sold
    with pytest.raises(ValidationError, match="after today"):
        do_record_sale(account.parcel, buyer=buyer, sold_on=D(2999, 1, 1), final_reading=1, acting_user=staff.clerk)
    with pytest.raises(PermissionDenied):
        do_record_sale(account.parcel, buyer=buyer, sold_on=SOLD, final_reading=118_000, acting_user=staff.inspector)
    assert not Sale.objects.exists()
