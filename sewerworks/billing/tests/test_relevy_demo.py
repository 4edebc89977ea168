"""The year end in the demo (§118-53): last year's statement filed, superseded, adopted and relevied on the 2026
roll with a removal, its export and the county's settlement reconciled; this year's draft lists the spring 2026
bills left unpaid; every event on or before the demo's today."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from sewerworks.billing.demo.relevy import delinquent
from sewerworks.billing.models import CountySettlement, LedgerEntry, StatementLine, TaxRollExport, UnpaidStatement
from sewerworks.billing.taxroll.differences import differences, relevy_differences
from sewerworks.billing.taxroll.settlement import reconcile
from sewerworks.billing.taxroll.statement import draft
from sewerworks.billing.taxroll.terms import terms_for
from sewerworks.registry.demo.names import DEMO_TODAY

pytestmark = pytest.mark.django_db
D = dt.date



def test_last_years_statement_is_superseded_adopted_relevied_exported_and_settled(demo_said: list[str]) -> None:
    first, second = UnpaidStatement.objects.order_by("statement_date")
    assert (first.statement_date, first.filed_on, first.status) == (D(2025, 9, 20), D(2025, 9, 22), "superseded")
    assert (second.status, second.adopted_on, second.resolution.instrument, second.roll_year) == (
        "relevied", D(2025, 11, 10), "Res. 2025-112", 2026)
    bills = delinquent()
    assert [c.parcel_id for c in differences(first, second)] == [bills[2].parcel_id]  # the check of 09-18
    paid_in_part = {c.bill_id: (c.before, c.after) for c in relevy_differences(second)}
    assert paid_in_part[bills[1].pk][0] - paid_in_part[bills[1].pk][1] == Decimal("20.00")
    removal = second.removals.get()
    assert (removal.parcel_id, removal.removed_on) == (bills[3].parcel_id, D(2025, 11, 24))
    export = TaxRollExport.objects.get()
    assert export.rows == 2 and export.total == second.relevied_total and export.written_on == D(2025, 12, 1)
    settlement = CountySettlement.objects.get()
    assert settlement.received_on == D(2026, 4, 15) and reconcile(settlement) == []
    assert any(line.startswith("Year end 2025 (§118-53): statement of 2025-09-20 superseded") for line in demo_said)


def test_this_years_draft_lists_the_spring_2026_bills_left_unpaid(demo_said: list[str]) -> None:
    preview = draft(terms_for(D(2026, 9, 20)))
    assert preview.bills == 2 and preview.terms.roll_year == 2027  # the unpaid one and the one paid in part
    assert not UnpaidStatement.objects.filter(statement_date__year=2026).exists()


def test_every_event_of_the_year_end_is_on_or_before_the_demos_today(demo_said: list[str]) -> None:
    for statement in UnpaidStatement.objects.all():
        assert statement.filed_on <= DEMO_TODAY and statement.filed_at.date() <= DEMO_TODAY
    moved = LedgerEntry.objects.filter(kind="relevy_transfer")
    assert moved.exists() and all(e.posted_on <= DEMO_TODAY for e in moved)
    assert StatementLine.objects.exists()
