"""Valid meter-read rows round-trip through the import: whatever the column order, the spacing around the
cells, the unit's case and whether the account is given, every valid read is recorded exactly as written
(issue 18: hypothesis on every importer's row parser)."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sewerworks.billing.models import BillingPeriod
from sewerworks.core.imports.runner import do_import
from sewerworks.registry.models import MeterRead

pytestmark = pytest.mark.django_db

WINDOW = (dt.date(2026, 9, 15), dt.date(2026, 10, 15))  # the autumn period's read window (I-26)
COLUMNS = ["meter_serial", "account_number", "read_on", "reading", "unit"]

read_row = st.fixed_dictionaries({
    "read_on": st.dates(*WINDOW),
    "used": st.integers(min_value=0, max_value=500_000),
    "give_account": st.booleans(),
    "unit": st.sampled_from(["gal", "GAL", " gal "]),
    "pad": st.sampled_from(["", " ", "  "]),
})  # fmt: skip


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(rows=st.lists(read_row, min_size=1, max_size=4), seed=st.integers(0, 1000))
def test_valid_read_rows_are_recorded_exactly_as_written(
    rows: list[dict[str, Any]], seed: int, make_account: Any, autumn: BillingPeriod, staff: Any
) -> None:
    meters = [make_account(meters=[(10_000, None)]).meters.get() for _ in rows]
    order = COLUMNS[:]
    random.Random(seed).shuffle(order)
    lines = [",".join(order)]
    expected = set()
    for meter, r in zip(meters, rows, strict=True):
        cells = {
            "meter_serial": meter.serial,
            "account_number": meter.account.account_number if r["give_account"] else "",
            "read_on": r["read_on"].isoformat(),
            "reading": str(10_000 + r["used"]),
            "unit": r["unit"],
        }
        lines.append(",".join(r["pad"] + cells[c] + r["pad"] for c in order))
        expected.add((meter.serial, r["read_on"], 10_000 + r["used"]))
    result = do_import("reads", acting_user=staff.clerk, data=("\n".join(lines) + "\n").encode(), file_name="r.csv")
    assert result.committed, [str(e) for e in result.errors]
    recorded = MeterRead.objects.filter(meter__in=meters, read_on__gte=WINDOW[0])
    assert {(m.meter.serial, m.read_on, m.reading) for m in recorded.select_related("meter")} == expected
