"""A contract user's money goes to the revenue area of its approved agreement (§118-29.1, §118-53, I-11, I-126):
its parcel lies in neither area, so before the Board approves the agreement its payment is credited to no area,
and after to the area whose main its lateral joins; a deposit keeps the fund it credited when it closed."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.utils import timezone

from sewerworks.billing.actions import do_close_deposit, do_take_payment
from sewerworks.billing.cash.deposits import pending
from sewerworks.billing.review.revenue import revenue
from sewerworks.contracts.tests.test_agreements import _approve, petitioned, resolution, staff  # noqa: F401

pytestmark = pytest.mark.django_db


def test_a_contract_users_payment_is_credited_to_its_agreements_revenue_area(
    petitioned: Any,  # noqa: F811
    resolution: Any,  # noqa: F811
    staff: Any,  # noqa: F811
    area: Any,
) -> None:
    account = petitioned.account
    do_take_payment(
        account,
        amount="25.00",
        method="cash",
        receipt_number="R-CU1",
        received_on=dt.date(2026, 11, 2),
        acting_user=staff.clerk,
    )
    assert [ln.fund_id for ln in pending(dt.date(2026, 11, 2))] == [None]  # no agreement yet: no area
    before = do_close_deposit(dt.date(2026, 11, 2), cash_counted="25.00", acting_user=staff.clerk)
    agreement = _approve(petitioned, resolution, staff)
    assert agreement.revenue_area == area
    do_take_payment(
        account,
        amount="40.00",
        method="cash",
        receipt_number="R-CU2",
        received_on=dt.date(2026, 11, 3),
        acting_user=staff.clerk,
    )
    assert [ln.fund_id for ln in pending(dt.date(2026, 11, 3))] == [area.pk]
    assert [i.fund_id for i in before.items.all()] == [None]  # the closed deposit keeps the fund it credited
    rows = {r.fund.id: r for r in revenue(dt.date(2026, 11, 1), timezone.localdate()).rows}
    assert rows[area.pk].collected == Decimal("65.00")  # the ledger reads the agreement as it stands now
