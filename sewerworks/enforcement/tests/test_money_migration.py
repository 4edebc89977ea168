"""The migration to cents keeps every amount, and gives every charge and posted or corrected fine its
pending charge (cents = round(amount × 100), half up; billed charges stay billed).

Going back (0004 → 0001) restores the amounts in dollars and the billing of each charge; that was checked on
both databases when the migrations were written, and is left out of the suite for its cost (two more passes
of the migrations).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from sewerworks.core.models import PendingCharge
from sewerworks.enforcement.models import AbandonmentFine, CourtFine, ViolatorCharge

D = dt.date
BEFORE = [("core", "0001_initial"), ("enforcement", "0001_initial")]


def _migrate(targets: list[tuple[str, str]]) -> Any:
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets).apps


def _latest() -> list[tuple[str, str]]:
    """Every app's latest migration: going back to before the cents unapplies what depends on them (billing
    too), so coming forward must bring every app back, or later tests on this database find tables gone."""
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


@pytest.mark.django_db(transaction=True)
def test_amounts_become_cents_and_charges_and_final_fines_become_pending_charges() -> None:
    try:
        old = _migrate(BEFORE)
        user = old.get_model("auth", "User").objects.create(username="clerk")
        parcel = old.get_model("registry", "Parcel").objects.create(tax_map_number="108.12-3-45")
        old.get_model("registry", "SewerAccount").objects.create(account_number="MAR-000045", parcel=parcel)
        Violation = old.get_model("enforcement", "Violation")
        make = lambda section: Violation.objects.create(  # noqa: E731
            section=section, program="connection", parcel=parcel, discovered_on=D(2026, 5, 30),
            how_discovered="missed_deadline", description="Tank not abandoned", created_by=user)
        v1, v2, v3 = make("118-5"), make("118-5"), make("118-47")
        Charge = old.get_model("enforcement", "ViolatorCharge")
        Charge.objects.create(violation=v3, description="Copies", amount=Decimal("0.29"), incurred_on=D(2026, 6, 2),
                              billed_on=D(2026, 7, 1), billing_reference="B-1", recorded_by=user)
        Charge.objects.create(violation=v3, description="Jetting", amount=Decimal("412.50"),
                              incurred_on=D(2026, 6, 3), recorded_by=user)
        old.get_model("enforcement", "CourtFine").objects.create(violation=v3, imposed_on=D(2026, 8, 3),
                                                                  amount=Decimal("250.00"), recorded_by=user)
        Fine = old.get_model("enforcement", "AbandonmentFine")
        Fine.objects.create(violation=v1, notified_on=D(2026, 6, 1), corrected_on=D(2026, 7, 15),
                            amount=Decimal("650.00"), days=44)
        Fine.objects.create(violation=v2, notified_on=D(2026, 6, 1), amount=Decimal("325.00"), days=31,
                            posted_on=D(2026, 7, 2))

        _migrate(_latest())

        assert sorted(ViolatorCharge.objects.values_list("amount", flat=True)) == [Decimal("0.29"), Decimal("412.50")]
        assert CourtFine.objects.get().amount == Decimal("250.00")
        with connection.cursor() as cursor:
            cursor.execute("SELECT amount FROM enforcement_violatorcharge ORDER BY amount")
            assert [int(r[0]) for r in cursor.fetchall()] == [29, 41250]
        copies = PendingCharge.objects.get(description="Copies")
        assert (copies.amount, copies.billed_on, copies.billing_reference) == (Decimal("0.29"), D(2026, 7, 1), "B-1")
        assert copies.account.account_number == "MAR-000045" and copies.history.count() == 1
        assert PendingCharge.objects.get(description="Jetting").pending
        corrected = AbandonmentFine.objects.get(violation_id=v1.pk)
        assert (corrected.posted_on, corrected.pending_charge.amount) == (D(2026, 7, 15), Decimal("650.00"))
        posted = AbandonmentFine.objects.get(violation_id=v2.pk)
        assert (posted.pending_charge.amount, posted.pending_charge.incurred_on) == (Decimal("325.00"), D(2026, 7, 2))
        assert PendingCharge.objects.count() == 4
        assert all(c.pending_charge_id for c in ViolatorCharge.objects.all())
    finally:
        _migrate(_latest())
