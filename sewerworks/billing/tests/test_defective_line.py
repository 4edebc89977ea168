"""A defective meter's bill line (§118-52, I-26): its words and its working name the same two bills and
amounts, the ones the topic averaged, whatever order the earlier bills come from the database in."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from typing import Any

import pytest
from django.core.management import call_command

from sewerworks.billing.models import Bill, BillingPeriod

pytestmark = pytest.mark.django_db
D = dt.date


def _good_bill(account: Any, start: dt.date, end: dt.date, total: str) -> None:
    period = BillingPeriod.objects.create(start=start, end=end, reads_from=end, reads_until=end, bill_date=end,
                                          due_date=end, status="posted")  # fmt: skip
    Bill.objects.create(account=account, parcel=account.parcel, period=period, status="posted", basis="reads",
                        total=Decimal(total), topic="user-charge", run="old", created_at=dt.datetime.now(dt.UTC))


def test_the_line_and_its_working_name_the_two_bills_the_average_rests_on(
    make_account: Any, staff: Any, client_as: Any
) -> None:
    """Good bills of $36.20 (to 2025-09-30), $41.90 (to 2026-03-31) and, recorded last, $90.00 (to 2025-03-31,
    an older one): the last two are $36.20 and $41.90, in the words as in the working."""
    account = make_account(meters=[{"start": 1_000, "end": None, "defective_since": D(2026, 5, 2)}])
    _good_bill(account, D(2025, 4, 1), D(2025, 9, 30), "36.20")
    _good_bill(account, D(2025, 10, 1), D(2026, 3, 31), "41.90")
    _good_bill(account, D(2024, 10, 1), D(2025, 3, 31), "90.00")
    call_command("bill_run", "2026-09-30", as_user=staff.clerk.username)
    bill = Bill.objects.get(account=account, period__end=D(2026, 9, 30))
    line = client_as("clerk").get(f"/api/billing/bills/{bill.pk}").json()["lines"][0]
    assert line["amount"] == "39.05"
    assert line["working"] == "($36.20 + $41.90) ÷ 2"
    assert line["description"] == ("Meter defective: average of the last two bills while it worked "
                                   "($36.20 for the period ending 2025-09-30 and $41.90 for 2026-03-31)")  # fmt: skip
    assert re.findall(r"\$[\d.]+", line["description"]) == re.findall(r"\$[\d.]+", line["working"])
