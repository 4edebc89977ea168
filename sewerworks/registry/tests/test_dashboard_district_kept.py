"""The district's figures on the dashboard (registry.dashboard: parcels, buildings connected, not yet connected by
area) are kept while other records change, a determination stored or an audit line written, and computed again
the moment a connection changes, however it is written (issue 38, item 13: every write used to recompute every
panel, and under load the dashboard was the slowest page)."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from sewerworks.core.models import AuditEvent, StoredDecision
from sewerworks.registry.models import Connection
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db


def dashboard(client: Any) -> tuple[list[str], int]:
    """The Marlborough row of the district panel, and how many times the page counted the district's figures."""
    with CaptureQueriesContext(connection) as seen:
        html = client.get("/").content.decode()
    row = re.search(r">Hamlet of Marlborough</a></td><td>(\d+)</td><td>(\d+)</td><td>(\d+)</td>", html)
    assert row, "the clerk's dashboard shows the district's figures"
    district = 'SELECT "registry_improvementarea"."id"'
    counted = [q for q in seen.captured_queries if q["sql"].startswith(district) and "COUNT(DISTINCT" in q["sql"]]
    return list(row.groups()), len(counted)


def test_the_districts_figures_are_kept_while_other_records_change_and_counted_again_when_a_connection_changes(
    client_as: Any,
) -> None:
    house = f.building(f.parcel(improvement_area=f.area()), connected_on=None)
    client = client_as("clerk")
    assert dashboard(client) == (["1", "0", "1"], 1)  # one parcel, its building not yet connected
    StoredDecision.objects.create(topic="exfiltration-test", as_of=dt.date(2026, 12, 4), outcome="complies",
                                  summary="", decision={})  # fmt: skip
    AuditEvent.objects.create(action="do_record_result", subject="inspection 7")
    assert dashboard(client) == (["1", "0", "1"], 0)  # kept: nothing it counts changed
    # the building connected, written as a batch writes (no model saved, no signal)
    Connection.objects.filter(building=house).update(status="connected", connected_on=dt.date(2026, 12, 4))
    assert dashboard(client) == (["1", "1", "0"], 1)
