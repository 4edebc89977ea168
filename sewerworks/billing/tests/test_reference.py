"""The engine agrees with the law's per-account rule: for every account of a seeded district, the bill's
total equals what the ``user-charge`` topic decides from facts written here independently of the engine,
and what the topic decides again from the facts the bill keeps (the bill page's recomputation)."""

from __future__ import annotations

import datetime as dt
import random
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.billing.engine.run import run_drafts
from sewerworks.billing.models import Bill
from sewerworks.billing.views.bills import recompute
from sewerworks.core.determinations.run import run_determination

pytestmark = pytest.mark.django_db
PERIOD = {"period_start": "2026-04-01", "period_end": "2026-09-30"}


def test_every_engine_total_equals_the_user_charge_topic(make_account: Any, autumn: Any, staff: Any) -> None:
    rng = random.Random(1852)
    expected: dict[int, dict[str, Any]] = {}
    for _ in range(120):
        kind = rng.choice(["gal", "gal", "gal", "ft3", "rollover", "wash", "estimate", "two"])
        user_class = rng.choice(["residential", "commercial", "industrial", "institutional"])
        start = rng.randrange(0, 900_000)
        used = rng.choice([0, rng.randrange(0, 6_000), rng.randrange(0, 90_000)])
        facts: dict[str, Any] = {**PERIOD, "user_class": user_class}
        if kind == "estimate":
            acct = make_account(user_class=user_class, metered=False)
            facts["unmetered"] = True
        elif kind == "ft3":
            units = used // 10
            acct = make_account(user_class=user_class, meters=[{"start": start, "end": start + units, "unit": "ft3"}])
            facts["gallons"] = str(Decimal(units) * Decimal("7.48052"))
        elif kind == "rollover":
            acct = make_account(user_class=user_class, meters=[(999_000, used % 50_000)])
            facts["gallons"] = 1_000 + used % 50_000
        elif kind == "wash":
            wash = rng.randrange(0, 40_000)
            acct = make_account(
                user_class=user_class,
                meters=[(start, start + used), {"start": 0, "end": wash, "purpose": "vehicle_wash"}],
            )
            facts.update(gallons=used + wash, wash_gallons=wash)
        elif kind == "two":
            acct = make_account(user_class=user_class, meters=[(0, used), (10, 10 + used // 2)])
            facts["gallons"] = used + used // 2
        else:
            acct = make_account(user_class=user_class, meters=[(start, start + used)])
            facts["gallons"] = used
        expected[acct.pk] = facts
    run_drafts(autumn, acting_user=staff.clerk, chunk_size=17)
    bills = {b.account_id: b for b in Bill.objects.filter(period=autumn)}
    assert len(bills) == len(expected)
    mismatches = []
    for account_id, facts in expected.items():
        decided = run_determination("user-charge", facts, as_of=dt.date(2026, 10, 10))
        bill = bills[account_id]
        again = recompute(bill)
        assert again is not None
        if {decided.amounts[0].value, again.amounts[0].value} != {bill.total}:
            mismatches.append((account_id, facts, bill.total, decided.amounts[0].value))
        assert sum((x.amount for x in bill.lines.all()), Decimal(0)) == bill.total
    assert mismatches == []
