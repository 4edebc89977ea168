"""A lower read is a rollover when plausible (I-48), read by the register's size (I-181): the water it would mean
is at most the larger of a tenth of the register and 50,000 gallons within half of it. The reads import and
the bill run judge a read by that one rule, from the same start read: a read the import takes is billed, and
one the run would hold is refused by the import, naming the start read."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from sewerworks.billing.engine.run import run_drafts
from sewerworks.billing.models import Bill
from sewerworks.registry.models import MeterRead

pytestmark = pytest.mark.django_db
D = dt.date


@pytest.mark.parametrize(
    ("meter", "held"),
    [
        # a 4-dial register in cubic feet holds 10,000 ft³ (74,805 gal): half of it, 5,000 ft³, is plausible
        ({"start": 7_687, "end": 2_687, "dials": 4, "unit": "ft3"}, False),
        ({"start": 7_687, "end": 2_688, "dials": 4, "unit": "ft3"}, True),
        ({"start": 8_300, "end": 0, "dials": 4, "unit": "ft3"}, False),  # a half-year's 1,700 ft³ (was held)
        # a 5-dial register in gallons: half of it, 50,000 gallons
        ({"start": 90_000, "end": 40_000, "dials": 5}, False),
        ({"start": 90_000, "end": 40_001, "dials": 5}, True),
        # a 6-dial register in gallons: a tenth of it, 100,000 gallons, as before
        ({"start": 950_000, "end": 50_000, "dials": 6}, False),
        ({"start": 950_000, "end": 50_001, "dials": 6}, True),
    ],
)
def test_the_bill_run_holds_a_rollover_only_beyond_what_the_registers_size_makes_plausible(
    make_account: Any, autumn: Any, staff: Any, meter: dict[str, Any], held: bool
) -> None:
    account = make_account(meters=[meter])
    run_drafts(autumn, acting_user=staff.clerk)
    bill = Bill.objects.get(account=account)
    assert (bill.basis == "held") is held
    if held:
        assert "I-181" in bill.note and "lower than the start read" in bill.note
    else:
        assert "rollover" in bill.flag_list


def _import(tmp_path: Path, meter: Any, on: dt.date, reading: int, user: Any) -> str:
    path = tmp_path / "reads.csv"
    path.write_text(f"meter_serial,read_on,reading\n{meter.serial},{on},{reading}\n", encoding="utf-8")
    err = StringIO()
    try:
        call_command("import_reads", str(path), "--period", "2026-09-30", "--as-user", user.username, stderr=err,
                     stdout=StringIO())  # fmt: skip
    except CommandError:
        return err.getvalue()
    return ""


def test_a_read_after_a_high_read_in_the_window_is_judged_from_the_periods_start_read_as_the_run_does(
    make_account: Any, autumn: Any, staff: Any, tmp_path: Path
) -> None:
    """Start 850,000 (2026-03-31); the district read 990,000 on 2026-09-20, then 50,000 on 2026-09-30. Step by
    step it looks like 60,000 gallons through a rollover; the bill would mean 200,000 from the start read, more
    than the 100,000 a 6-dial register makes plausible: the import refuses it, as the run would hold it."""
    account = make_account(meters=[(850_000, None)])
    meter = account.meters.get()
    MeterRead.objects.create(meter=meter, read_on=D(2026, 9, 20), reading=990_000)
    errors = _import(tmp_path, meter, D(2026, 9, 30), 50_000, staff.clerk)
    assert "Row 2, reading: Lower than the period's start read of 850,000 on 2026-03-31" in errors
    assert "200,000 gal used" in errors and "I-48, I-181" in errors
    assert not MeterRead.objects.filter(read_on=D(2026, 9, 30)).exists()


def test_a_small_register_that_rolled_over_in_the_half_year_is_imported_and_billed(
    make_account: Any, autumn: Any, staff: Any, tmp_path: Path
) -> None:
    account = make_account(meters=[{"start": 8_300, "end": None, "dials": 4, "unit": "ft3"}])
    assert _import(tmp_path, account.meters.get(), D(2026, 9, 30), 0, staff.clerk) == ""
    run_drafts(autumn, acting_user=staff.clerk)
    bill = Bill.objects.get(account=account)
    assert bill.basis == "reads" and bill.gallons == Decimal("12716.884")
