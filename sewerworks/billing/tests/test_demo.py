"""The billing demo: three posted periods and the autumn 2026 draft, with the car wash's wash water
excluded (§118-6), the defective meter on its two good bills (I-26), the estimates (I-27), the industrial
surcharge (I-03) and the mid-2026 rate (I-43)."""

from __future__ import annotations

import datetime as dt
from decimal import ROUND_HALF_UP, Decimal

import pytest

from sewerworks.billing.demo.relevy import delinquent
from sewerworks.billing.models import Bill, BillingPeriod, LedgerEntry
from sewerworks.billing.penalties.sweep import terms_of

pytestmark = pytest.mark.django_db



def test_the_demo_posts_three_periods_and_leaves_autumn_2026_in_draft(demo_said: list[str]) -> None:
    said = demo_said
    periods = {p.end: p.status for p in BillingPeriod.objects.all()}
    assert periods == {
        dt.date(2025, 4, 30): "posted",
        dt.date(2025, 10, 31): "posted",
        dt.date(2026, 4, 30): "posted",
        dt.date(2026, 10, 31): "draft",
    }
    posted = Bill.objects.filter(status="posted", period__end=dt.date(2026, 4, 30)).count()
    spring = LedgerEntry.objects.filter(period__end=dt.date(2026, 4, 30), kind="charge")
    assert posted and spring.count() == posted
    autumn = Bill.objects.filter(period__end=dt.date(2026, 10, 31))
    assert not autumn.filter(status="posted").exists()
    wash = autumn.get(flags__contains="wash")
    assert wash.lines.filter(kind="wash-water-excluded", section="118-6").exists()
    defective = autumn.get(basis="defective")
    good = Bill.objects.filter(account=defective.account, status="posted").order_by("-period__end")[:2]
    assert defective.total == ((good[0].total + good[1].total) / 2).quantize(Decimal("0.01"))
    assert autumn.filter(basis="estimate").count() >= 3
    assert autumn.filter(flags__contains="surcharge").count() == 1
    assert autumn.filter(lines__kind="gallons-beyond", lines__rate=Decimal("0.0035")).exists()
    assert "2026-10-31 in draft" in said[-1]
    the_posted_bills_are_paid_but_one_in_part_and_one_not_at_all(said[-1])


def test_the_demo_sweep_adds_the_late_penalty_to_each_posted_bill_left_owing_past_its_penalty_date(
    demo_said: list[str],
) -> None:
    """§118-53 (I-25): as of the demo's today (2026-12-01) every posted period is past its penalty date; a bill
    the demo leaves owing at the end of that day has one 10% penalty, and a bill paid by then has none."""
    said = demo_said
    spring = BillingPeriod.objects.get(end=dt.date(2026, 4, 30))
    due = terms_of(spring).penalty_date
    assert spring.bill_date < due < dt.date(2026, 12, 1)
    penalised = 0
    for bill in Bill.objects.filter(status="posted").select_related("period"):
        day = terms_of(bill.period).penalty_date
        left = sum(e.amount for e in bill.ledgerentry_set.filter(posted_on__lte=day))
        found = list(bill.ledgerentry_set.filter(kind="penalty").values_list("amount", "posted_on"))
        tenth = (bill.total / 10).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
        assert found == ([(tenth, day + dt.timedelta(days=1))] if left > 0 and tenth > 0 else []), bill
        penalised += len(found)
    assert LedgerEntry.objects.filter(kind="penalty", period=spring).exists()
    assert penalised == LedgerEntry.objects.filter(kind="penalty").count()
    assert any(line.startswith("Late penalties (§118-53) as of 2026-12-01:") for line in said)


def the_posted_bills_are_paid_but_one_in_part_and_one_not_at_all(said: str) -> None:
    """Payments on the posted periods, each dated between its bill's date and due date and never after
    today; on the spring 2026 period one partial payment and one bill left unpaid, for the sweep."""
    from django.utils import timezone

    from sewerworks.billing.ledger.owed import bills_owed
    from sewerworks.billing.models import Payment

    posted = list(Bill.objects.filter(status="posted", total__gt=0).select_related("period", "account"))
    # the 2025 year end's four spring 2025 bills (billing.demo.relevy, test_relevy_demo) are not paid on time
    year_end = {b.pk for b in delinquent()}
    from sewerworks.billing.models import LedgerEntry

    toward_a_bill_of_its_own = LedgerEntry.objects.filter(source_key__contains=":item:").count()  # I-123
    paid = Payment.objects.exclude(receipt_number__contains="-Y").count() - toward_a_bill_of_its_own
    assert paid == len(posted) - 1 - len(year_end)
    left: dict[int, Decimal] = {}
    for bill in posted:
        owed = next(o for o in bills_owed(bill.account, on=timezone.localdate()) if o.bill == bill)
        if bill.pk in year_end:
            continue
        if owed.balance:
            left[bill.pk] = owed.paid
            assert bill.period.end == dt.date(2026, 4, 30)
        else:
            payment = Payment.objects.get(receipt_number__endswith=f"-{bill.pk:05d}")
            assert bill.period.bill_date < payment.received_on <= min(bill.period.due_date, timezone.localdate())
    assert sorted(p > 0 for p in left.values()) == [False, True]  # one unpaid, one paid in part
    assert "paid in part" in said and "unpaid" in said


def test_the_demo_shows_the_charges_that_run_with_the_property_each_dated_when_it_happened(
    demo_said: list[str],
) -> None:
    """Capital charges of tax years 2026 and 2027 (one parcel to resolve), a paid and an unpaid connection charge,
    a sale with its final read, a search letter: every date on or before the demo's today."""
    from sewerworks.billing.capital.run import open_issues
    from sewerworks.billing.models import CapitalCharge, ConnectionCharge, Sale, SearchLetter
    from sewerworks.billing.property.connection import unpaid
    from sewerworks.registry.demo.names import DEMO_TODAY

    years = set(CapitalCharge.objects.values_list("tax_year", flat=True))
    assert years == {2026, 2027} and open_issues(2027).count() == 1 and not open_issues(2026).exists()
    charges = list(ConnectionCharge.objects.order_by("offered_on"))
    assert [unpaid(c) == 0 for c in charges] == [True, False]
    assert all(c.offered_on <= DEMO_TODAY for c in charges)
    sale = Sale.objects.get()
    assert sale.sold_on <= DEMO_TODAY and sale.final_read.read_on == sale.sold_on and sale.amount > 0
    assert sale.ownership.owner.name == "RIVERA MARISOL"
    letter = SearchLetter.objects.get()
    assert letter.parcel == sale.parcel and letter.as_of == DEMO_TODAY
    assert any("search letter SL-2026-0001" in line for line in demo_said)
