"""A bill keeps its topic's facts in few bytes: the two reads of one meter as numbers in their own columns,
the period's dates not at all (the bill's period has them); ``Bill.topic_facts`` puts them back, and the
bill page recomputes the same Decision from them. Bills kept before that (every fact in the JSON) read the
same."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from sewerworks.billing.engine.run import run_drafts
from sewerworks.billing.models import Bill
from sewerworks.billing.models.bills import kept_facts
from sewerworks.core.determinations.run import run_determination

pytestmark = pytest.mark.django_db


def test_a_bill_on_reads_keeps_the_reads_as_numbers_and_gives_back_the_whole_facts(
    make_account: Any, autumn: Any, staff: Any
) -> None:
    account = make_account(meters=[(1_000, 9_000)])
    run_drafts(autumn, acting_user=staff.clerk)
    bill = Bill.objects.get(account=account, period=autumn)
    assert (bill.reads_start, bill.reads_end, bill.reads_unit, bill.reads_dials) == (1_000, 9_000, "gal", 6)
    assert "reads" not in bill.facts and "period_start" not in bill.facts
    assert bill.topic_facts == {
        "period_start": "2026-04-01",
        "period_end": "2026-09-30",
        "user_class": "residential",
        "reads": {"start": 1_000, "end": 9_000, "unit": "gal", "dials": 6},
    }
    decided = run_determination(bill.topic, bill.topic_facts, as_of=autumn.bill_date)
    assert decided.amounts[0].value == bill.total


def test_an_estimate_keeps_its_facts_and_a_held_bill_has_none(make_account: Any, autumn: Any, staff: Any) -> None:
    unmetered = make_account(metered=False)
    held = make_account(meters=[(None, 20_000)])  # no start read: held for a person
    run_drafts(autumn, acting_user=staff.clerk)
    estimate = Bill.objects.get(account=unmetered, period=autumn)
    assert estimate.reads_start is None
    assert estimate.topic_facts["unmetered"] is True
    assert estimate.topic_facts["period_end"] == "2026-09-30"
    assert Bill.objects.get(account=held, period=autumn).topic_facts == {}


def test_a_bill_kept_with_every_fact_in_the_json_reads_the_same(make_account: Any, autumn: Any, staff: Any) -> None:
    account = make_account(meters=[(1_000, 9_000)])
    run_drafts(autumn, acting_user=staff.clerk)
    bill = Bill.objects.get(account=account, period=autumn)
    whole = bill.topic_facts
    Bill.objects.filter(pk=bill.pk).update(
        facts=whole, reads_start=None, reads_end=None, reads_unit="", reads_dials=None
    )
    assert Bill.objects.get(pk=bill.pk).topic_facts == whole


def test_kept_facts_leaves_dates_of_another_period_and_gallons_in_the_json(autumn: Any) -> None:
    facts = {"period_start": "2026-01-01", "period_end": "2026-09-30", "gallons": "12.5", "user_class": "commercial"}
    kept, reads = kept_facts(facts, autumn)
    assert kept == {"period_start": "2026-01-01", "gallons": "12.5", "user_class": "commercial"}
    assert reads == (None, None, "", None)
    assert Decimal(kept["gallons"]) == Decimal("12.5")
