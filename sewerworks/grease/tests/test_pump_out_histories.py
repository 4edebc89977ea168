"""Whatever a trap's pump-out log and inspections hold, its establishment can be read (issue 30, item 1): the
page, the list, the API and the sweep's predictions never raise, the one and the many readings agree, and
records the prediction cannot read (a fill over 1000%, more than 500 pump-outs) give a "cannot predict"
finding rather than an error (I-176)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sewerworks.core.models import StoredDecision
from sewerworks.grease.models import GreaseInspection, PumpOut
from sewerworks.grease.readings import prediction
from sewerworks.grease.status import standing, standings
from sewerworks.grease.tests.conftest import at

pytestmark = pytest.mark.django_db
TODAY = dt.date(2026, 12, 1)
FIRST = dt.date(2024, 1, 1)

days = st.integers(min_value=0, max_value=(TODAY - FIRST).days).map(lambda n: FIRST + dt.timedelta(days=n))
pump_outs = st.lists(st.tuples(days, st.integers(min_value=1, max_value=5000)), max_size=8)
fills = st.decimals(min_value=0, max_value=Decimal("99999.99"), places=2)
inspections = st.lists(st.tuples(days, st.integers(min_value=0, max_value=23), fills), max_size=6)


class _Rollback(Exception):
    """Undo one generated history."""


def _write(trap: Any, hauler: Any, staff: Any, log: list[tuple[dt.date, int]], seen: list[Any]) -> None:
    PumpOut.objects.bulk_create(
        PumpOut(interceptor=trap, pumped_on=day, hauler=hauler, volume_gal=Decimal(gallons)) for day, gallons in log
    )
    decision = StoredDecision.objects.create(topic="grease-inspection", as_of=TODAY, outcome="in-order", decision={})
    GreaseInspection.objects.bulk_create(
        GreaseInspection(interceptor=trap, inspected_at=at(day.year, day.month, day.day, hour),
                         inspector=staff.inspector, adequately_performing=True, fill_percent=fill,
                         outcome="in-order", decision=decision)
        for day, hour, fill in seen
    )  # fmt: skip


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(log=pump_outs, seen=inspections)
def test_no_pump_out_history_makes_a_reading_raise(
    trap: Any, hauler: Any, staff: Any, client_as: Any, log: list[tuple[dt.date, int]], seen: list[Any]
) -> None:
    client = client_as("clerk")
    try:
        with transaction.atomic():
            _write(trap, hauler, staff, log, seen)
            one = standing(trap.establishment, TODAY)
            (many,) = standings(TODAY)
            assert one.predicted == many.predicted and one.log_outcome == many.log_outcome
            found = prediction(trap, TODAY)
            assert found is not None
            last = max((day for day, _ in log), default=trap.installed_on)
            odd = any(fill > 1000 and day > last for day, _, fill in seen)
            assert (found.outcome == "cannot-predict") == odd, found.summary
            assert client.get(f"/grease/establishments/{trap.establishment_id}/").status_code == 200
            assert client.get(f"/api/grease/establishments/{trap.establishment_id}").status_code == 200
            assert client.get("/api/grease/establishments").status_code == 200
            raise _Rollback
    except _Rollback:
        pass


def test_more_pump_outs_than_the_prediction_takes_is_a_finding_not_an_error(
    trap: Any, hauler: Any, staff: Any, client_as: Any
) -> None:
    log = [(FIRST - dt.timedelta(days=3 * n), 1500) for n in range(502)]  # 502 days, every third one
    _write(trap, hauler, staff, log, [])
    found = prediction(trap, TODAY)
    assert found is not None and found.outcome == "cannot-predict"
    assert "Cannot predict the next pump-out" in found.summary and "earlier_pump_outs" in found.summary
    assert set(found.interpretations) == {"I-67", "I-176"}
    page = client_as("clerk").get(f"/grease/establishments/{trap.establishment_id}/")
    assert page.status_code == 200 and "Cannot predict the next pump-out" in page.content.decode()


def test_a_fill_the_prediction_cannot_read_is_a_finding_not_an_error(trap: Any, hauler: Any, staff: Any) -> None:
    _write(trap, hauler, staff, [(dt.date(2026, 1, 5), 1500)], [(dt.date(2026, 2, 4), 10, Decimal("1000.01"))])
    found = prediction(trap, TODAY)
    assert found is not None and found.outcome == "cannot-predict" and "fill_percent" in found.summary
    assert standing(trap.establishment, TODAY).predicted is None
    # a fill of exactly 1000% the prediction still reads
    GreaseInspection.objects.update(fill_percent=Decimal(1000))
    found = prediction(trap, TODAY)
    assert found is not None and found.outcome != "cannot-predict"
