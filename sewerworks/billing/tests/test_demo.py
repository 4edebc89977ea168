"""The billing demo: three posted periods and the autumn 2026 draft, with the car wash's wash water
excluded (§118-6), the defective meter on its two good bills (I-26), the estimates (I-27), the industrial
surcharge (I-03) and the mid-2026 rate (I-43)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from sewerworks.billing import demo as billing_demo
from sewerworks.billing.models import Bill, BillingPeriod, LedgerEntry
from sewerworks.registry import demo as registry_demo

pytestmark = pytest.mark.django_db


def test_the_demo_posts_three_periods_and_leaves_autumn_2026_in_draft() -> None:
    said: list[str] = []
    registry_demo.build(seed=118, parcels=300, write=said.append)
    billing_demo.build(seed=118, parcels=300, write=said.append)
    periods = {p.end: p.status for p in BillingPeriod.objects.all()}
    assert periods == {
        dt.date(2025, 4, 30): "posted",
        dt.date(2025, 10, 31): "posted",
        dt.date(2026, 4, 30): "posted",
        dt.date(2026, 10, 31): "draft",
    }
    posted = Bill.objects.filter(status="posted", period__end=dt.date(2026, 4, 30)).count()
    assert posted and LedgerEntry.objects.filter(period__end=dt.date(2026, 4, 30)).count() == posted
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
