"""The Water District's read file as an import kind: every refused row is named by row, column and rule
(unknown meter, text or negative reading, outside the period's read window, duplicate, an implausible
rollover, the wrong account or unit); preview writes nothing; a file is imported whole or, on request,
its valid rows with a reject file; the reads stay hidden until the import publishes them."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.exceptions import PermissionDenied

from sewerworks.billing.imports.reads import PERIOD
from sewerworks.billing.models import BillingPeriod
from sewerworks.core.imports.runner import do_import, preview_files
from sewerworks.registry.models import MeterRead

pytestmark = pytest.mark.django_db

HEADER = "meter_serial,account_number,read_on,reading,unit"


def csv(*rows: str, header: str = HEADER) -> bytes:
    return ("\n".join([header, *rows]) + "\n").encode()


def preview(user: Any, data: bytes, context: dict[str, Any] | None = None) -> Any:
    return preview_files(acting_user=user, files=[("reads", "reads.csv", data)], context=context)[0]


def errors(result: Any) -> list[tuple[int | None, str]]:
    return [(e.row, e.field) for e in result.errors]


@pytest.fixture
def meter(make_account: Any, autumn: BillingPeriod) -> Any:
    """A gallon meter read 10,000 on 2026-03-31 (the autumn period's start read), no autumn read yet."""
    return make_account(meters=[(10_000, None)]).meters.get()


def row(meter: Any, on: str = "2026-09-30", reading: str = "18000", *, account: str = "", unit: str = "gal") -> str:
    return f"{meter.serial},{account or meter.account.account_number},{on},{reading},{unit}"


@pytest.mark.parametrize(
    ("read_on", "accepted"),
    [("2026-09-14", False), ("2026-09-15", True), ("2026-10-15", True), ("2026-10-16", False)],
)
def test_a_read_counts_only_inside_the_period_s_read_window_15_days_either_side_of_its_end(
    meter: Any, staff: Any, read_on: str, accepted: bool
) -> None:
    result = preview(staff.clerk, csv(row(meter, read_on)))
    if accepted:
        assert result.ok and result.new == 1
    else:
        assert errors(result) == [(2, "read_on")]
        assert "outside the read window of the billing period 2026-04-01 – 2026-09-30" in result.errors[0].message
        assert "2026-09-15 to 2026-10-15 (§118-51, I-58)" in result.errors[0].message


def test_each_refused_row_is_named_with_its_column_and_rule(make_account: Any, meter: Any, staff: Any) -> None:
    cubic = make_account(meters=[{"start": 500, "end": None, "unit": "ft3"}]).meters.get()
    other = make_account(meters=[(1, None)])
    data = csv(
        row(meter),  # row 2: fine
        "WM-NOPE,,2026-09-30,100,gal",  # 3: unknown meter
        row(cubic, reading="12a", unit="ft3"),  # 4: text
        row(cubic, reading="-5", unit="ft3"),  # 5: negative
        row(meter),  # 6: the same meter and day again
        row(cubic, on="2026-09-29", unit="gal"),  # 7: a cubic-foot meter read as gallons
        row(cubic, on="2026-09-28", account=other.account_number, unit="ft3"),  # 8: another account's
        row(meter, on="2026-10-01", reading="900"),  # 9: lower than 18,000 on 09-30, no plausible rollover
    )
    result = preview(staff.clerk, data)
    assert errors(result) == [
        (3, "meter_serial"),
        (4, "reading"),
        (5, "reading"),
        (6, "read_on"),
        (7, "unit"),
        (8, "account_number"),
        (9, "reading"),
    ]
    said = {e.row: e.message for e in result.errors}
    assert said[3] == "No water meter WM-NOPE."
    assert said[4].startswith("'12a' is not a whole number")
    assert said[5] == "The reading must not be negative."
    assert said[6] == f"Meter {meter.serial} already has a water_district read on 2026-09-30."
    assert said[7] == f"Meter {cubic.serial} reads in cubic feet, not gal."
    assert said[8] == f"Meter {cubic.serial} belongs to account {cubic.account.account_number}, not {other}."
    assert said[9].startswith("Lower than the read of 18,000 on 2026-09-30")
    assert (result.rows, result.new, result.rejected) == (8, 1, 7)
    assert not MeterRead.objects.filter(read_on__gte=dt.date(2026, 9, 1)).exists()  # a preview writes nothing


@pytest.mark.parametrize(("reading", "accepted"), [("400", True), ("1500", True), ("4500", True), ("4501", False)])
def test_a_lower_reading_is_a_rollover_only_when_the_water_it_means_is_plausible_on_its_register(
    make_account: Any, autumn: Any, staff: Any, reading: str, accepted: bool
) -> None:
    """A 4-dial register (10,000 gallons) read 9,500: 400 means 900 used, 1,500 means 2,000, 4,500 means 5,000,
    half the register (I-181); 4,501 would mean 5,001 (I-48)."""
    small = make_account(meters=[{"start": 9_500, "end": None, "dials": 4}]).meters.get()
    result = preview(staff.clerk, csv(row(small, reading=reading)))
    assert result.ok is accepted
    if not accepted:
        assert "more than the 5,000 gallons a rollover may mean on a 4-dial register" in result.errors[0].message


def test_the_import_is_all_rows_or_none_and_valid_rows_only_leaves_a_reject_file(meter: Any, staff: Any) -> None:
    data = csv(row(meter), "WM-NOPE,,2026-09-30,100,gal")
    refused = do_import("reads", acting_user=staff.clerk, data=data, file_name="reads.csv")
    assert not refused.committed and not MeterRead.objects.filter(read_on=dt.date(2026, 9, 30)).exists()
    done = do_import("reads", acting_user=staff.clerk, data=data, file_name="reads.csv", valid_rows_only=True)
    assert done.committed and done.new == 1 and done.rejected == 1
    read = MeterRead.objects.get(read_on=dt.date(2026, 9, 30))
    assert (read.reading, read.created_by, read.source) == (18_000, staff.clerk, "water_district")
    rejects = (Path(settings.MEDIA_ROOT) / done.reject_file).read_text(encoding="utf-8")
    assert "WM-NOPE" in rejects and meter.serial not in rejects and "meter_serial: No water meter" in rejects


def test_reads_of_an_import_stay_hidden_from_the_bill_run_until_it_publishes(
    make_account: Any, autumn: BillingPeriod, staff: Any, monkeypatch: Any
) -> None:
    from django.db import connection

    from sewerworks.billing.engine.gather import READS_SQL
    from sewerworks.core.imports import writer

    meters = [make_account(meters=[(1_000, None)]).meters.get() for _ in range(3)]
    monkeypatch.setattr(writer, "CHUNK_ROWS", 1)
    seen: list[tuple[int, int, int]] = []

    def watch(w: Any, chunks: int) -> None:
        with connection.cursor() as cursor:
            cursor.execute(READS_SQL, [0, 2**62, "2026-09-01", "2026-10-31", "estimate"])
            engine = len(cursor.fetchall())
        staged = MeterRead._base_manager.filter(read_on=dt.date(2026, 9, 30)).count()
        seen.append((staged, MeterRead.objects.filter(read_on=dt.date(2026, 9, 30)).count(), engine))

    monkeypatch.setattr(writer, "chunk_listeners", [watch])
    result = do_import(
        "reads", acting_user=staff.clerk, data=csv(*(row(m, reading="2000") for m in meters)), file_name="reads.csv"
    )
    assert result.committed
    assert len(seen) >= 2 and seen[0] == (1, 0, 0) and seen[-1] == (3, 0, 0)  # in chunks, seen by no one
    assert all(published == engine == 0 for _, published, engine in seen)
    assert MeterRead.objects.filter(read_on=dt.date(2026, 9, 30)).count() == 3


def test_the_period_is_the_open_one_whose_window_holds_the_reads_and_a_posted_one_takes_none(
    meter: Any, autumn: BillingPeriod, staff: Any
) -> None:
    assert preview(staff.clerk, csv(row(meter, "09/30/2026"))).ok  # MM/DD/YYYY as some exports write it
    assert preview(staff.clerk, csv(row(meter)), {PERIOD: autumn.pk}).ok
    BillingPeriod.objects.filter(pk=autumn.pk).update(status="posted")
    result = preview(staff.clerk, csv(row(meter)))
    assert errors(result) == [(None, "period")] and "No open billing period" in result.errors[0].message
    named = preview(staff.clerk, csv(row(meter)), {PERIOD: autumn.pk})
    assert "is posted: its bills are final" in named.errors[0].message


def test_a_file_without_the_required_columns_is_refused_whole(meter: Any, staff: Any) -> None:
    result = preview(staff.clerk, csv("WM1,2026-09-30", header="meter_serial,read_on"))
    assert errors(result) == [(None, "reading")] and "lacks reading" in result.errors[0].message


def test_only_the_keepers_of_meter_reads_import_them(meter: Any, staff: Any) -> None:
    with pytest.raises(PermissionDenied, match="import the water district's meter reads"):
        preview(staff.board, csv(row(meter)))
    assert preview(staff.superintendent, csv(row(meter))).ok


def test_the_sample_file_commits_cleanly_against_the_demo_and_completes_its_held_bills() -> None:
    from sewerworks.billing.demo import district as billing_demo
    from sewerworks.billing.engine.run import run_drafts
    from sewerworks.billing.models import Bill
    from sewerworks.registry import demo as registry_demo

    registry_demo.build(seed=118, parcels=300, write=lambda _: None)
    billing_demo.build(seed=118, parcels=300, write=lambda _: None)
    autumn = BillingPeriod.objects.get(end=dt.date(2026, 10, 31))
    sample = Path(settings.BASE_DIR) / "docs" / "samples" / "meter-reads-sample.csv"
    held = Bill.objects.filter(period=autumn, account__account_number__startswith="SMP-")
    assert sorted(held.values_list("flags", flat=True)) and all("held" in b.flags for b in held)
    from django.contrib.auth.models import User

    clerk = User.objects.get(username="clerk")
    result = do_import("reads", acting_user=clerk, data=sample.read_bytes(), file_name=sample.name)
    assert result.committed and result.errors == [] and result.new == 3
    run_drafts(autumn, acting_user=clerk)
    bills = {
        b.account.account_number: b
        for b in Bill.objects.filter(period=autumn, account__account_number__startswith="SMP-").select_related(
            "account"
        )
    }
    assert not any("held" in b.flags for b in bills.values())
    assert bills["SMP-000001"].gallons == 87_250 - 75_000
    assert bills["SMP-000003"].gallons == (852_100 - 846_000) + (6_400 - 0)  # the meter change
