"""A plain bill written in SQL (engine/plain.py) is the bill the per-account Python path writes, to the
character: the same total, flags, facts, and line items with the same words, working, gallons, rate and
cents, on each side of the $10 minimum (I-24) and of the 5,000-gallon block, at the old rate and at the
rate in force from 2026-07-01 (I-43), in gallons and in cubic feet; the class estimate of the unmetered
(I-27) and of a defective meter with no good billing (I-26); the strength surcharge (I-03) on each side of
normal strength; plausible rollovers (I-48, by the register's size: I-181). Accounts the SQL path must leave
alone (implausible rollovers, wash meters, contract users, a missing read, pounds too many for its integers, a defective
meter with good billings to average) are billed by the Python path either way."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.billing.actions import do_record_strength
from sewerworks.billing.engine import run as engine
from sewerworks.billing.models import Bill, BillingPeriod
from sewerworks.core.resolutions.actions import ProposedValue, do_record_resolution

pytestmark = pytest.mark.django_db

GALLONS = (0, 1, 2_857, 2_858, 3_333, 3_334, 4_999, 5_000, 5_001, 8_000, 1_234_567)
CUBIC_FEET = (0, 1, 381, 382, 445, 446, 668, 669, 1_000, 123_456)  # × 7.48052 gal: both sides of each line


def snapshot(period: BillingPeriod) -> dict[int, tuple[Any, ...]]:
    out = {}
    for bill in Bill.objects.filter(period=period).prefetch_related("lines"):
        lines = [
            (x.position, x.kind, x.description, x.working, x.quantity, x.rate, x.amount, x.section, x.interpretations)
            for x in bill.lines.all()
        ]
        facts = bill.topic_facts  # the kept facts with the dates and the reads put back
        out[bill.account_id] = (bill.basis, bill.flags, bill.gallons, bill.total, bill.topic, facts, bill.note, lines)
    return out


def accounts(make_account: Any, autumn: BillingPeriod, staff: Any) -> list[Any]:
    made = [make_account(meters=[(1_000, 1_000 + g)]) for g in GALLONS]
    made.append(make_account(user_class="commercial", meters=[(123_456, 123_456 + 1_234_567)], in_water_district=False))
    made += [make_account(meters=[{"start": 1_000, "end": 1_000 + u, "unit": "ft3"}]) for u in CUBIC_FEET]
    made.append(make_account(meters=[{"start": 999_000, "end": 2_000, "unit": "ft3"}]))
    made.append(make_account(meters=[(998_000, 3_000)]))
    # I-48 with a tenth of the register: 100,000 units of a 6-dial meter is plausible, 100,001 is held
    made.append(make_account(meters=[(950_000, 50_000)]))
    made.append(make_account(meters=[(950_000, 50_001)]))
    made.append(make_account(meters=[{"start": 9_990, "end": 10, "dials": 4}]))
    made.append(make_account(meters=[{"start": 9_990, "end": 990, "dials": 4}]))
    made.append(make_account(meters=[{"start": 99_999_999_999_000, "end": 1_000, "dials": 14}]))
    # I-181: within half a small register, up to 50,000 gallons: a 4-dial register in cubic feet, 5 dials in gallons
    made.append(make_account(meters=[{"start": 7_687, "end": 2_687, "dials": 4, "unit": "ft3"}]))
    made.append(make_account(meters=[{"start": 7_687, "end": 2_688, "dials": 4, "unit": "ft3"}]))
    made.append(make_account(meters=[{"start": 90_000, "end": 40_000, "dials": 5}]))
    made.append(make_account(meters=[{"start": 90_000, "end": 40_001, "dials": 5}]))
    made.append(make_account(meters=[{"start": 9_990, "end": 4_990, "dials": 4}]))
    made.append(make_account(meters=[{"start": 9_990, "end": 4_991, "dials": 4}]))
    # I-26 with no good billing to average: the class estimate (I-27), in SQL; a contract user's in Python
    broken = {"start": 1_000, "end": 1_000, "defective_since": dt.date(2026, 5, 1)}
    made.append(make_account(meters=[broken]))
    made.append(make_account(user_class="commercial", meters=[broken, (0, 7_000)]))
    made.append(make_account(user_class="institutional", meters=[{**broken, "defective_since": dt.date(2026, 9, 30)}]))
    made.append(make_account(meters=[{**broken, "defective_since": dt.date(2026, 10, 1)}]))  # after the period
    made.append(make_account(meters=[(0, 9_000), {**broken, "purpose": "vehicle_wash", "end": 2_000}]))
    made.append(make_account(meters=[broken], contract_user=True, in_area=False))
    made.append(make_account(meters=[(10_000, 40_000), {"start": 0, "end": 5_000, "purpose": "vehicle_wash"}]))
    made.append(make_account(meters=[(10_000, 20_000)], contract_user=True, in_area=False))
    made.append(make_account(meters=[(None, 20_000)]))
    made.append(make_account(metered=False, in_water_district=False, user_class="commercial"))
    made.append(make_account(metered=False))
    made.append(make_account(metered=False, contract_user=True, in_area=False))
    made.append(make_account(in_water_district=False, user_class="industrial"))
    strong = make_account(user_class="industrial", meters=[(0, 900_000)])
    do_record_strength(
        strong, autumn, acting_user=staff.superintendent, source="lab report 1", bod=Decimal(480), chlorine_demand=None
    )
    return [*made, strong, *strength_accounts(make_account, autumn, staff)]


# (gallons or cubic feet, BOD, suspended solids, chlorine demand): each side of normal (300, 350, 15 mg/L),
# hundredths of a mg/L, a half cent to round up (I-23), zero use, cubic feet, and flows large enough that
# the pounds leave the SQL's integers (billed in Python either way).
STRENGTHS: tuple[tuple[Any, str | None, str | None, str | None], ...] = (
    (900_000, "480", None, None),
    (12_345, "300", "350", "15"),
    (12_345, "300.01", "350.01", "15.01"),
    (8_000, "480.5", "612.25", "29.99"),
    (4_000, "1000", None, "15.5"),
    (0, "900", "900", "90"),
    (1, "301", None, None),
    (199_880, "301", None, None),  # 1.6669992 lb of BOD × $0.30 = $0.50009976 → $0.50
    (59_952, "310", None, None),  # 4.99999680 lb × $0.30 = $1.49999904 → $1.50
    (None, "701", "400", None),  # a rollover with a surcharge
    ({"unit": "ft3", "units": 12_345}, "455.55", "351", "16"),
    (9_999_999, "99999999.99", None, None),
    (123_456_789, "5000", "5000", "5000"),
)


def strength_accounts(make_account: Any, autumn: BillingPeriod, staff: Any) -> list[Any]:
    made = []
    for use, bod, ss, cl in STRENGTHS:
        if use is None:
            account = make_account(user_class="industrial", meters=[(998_000, 3_000)])  # a rollover: Python's
        elif isinstance(use, dict):
            account = make_account(
                user_class="industrial", meters=[{"start": 10, "end": 10 + use["units"], "unit": "ft3"}]
            )
        else:
            account = make_account(user_class="industrial", meters=[{"start": 0, "end": use, "dials": 9}])
        measured = {"bod": bod, "suspended_solids": ss, "chlorine_demand": cl}
        do_record_strength(
            account,
            autumn,
            acting_user=staff.superintendent,
            source="District lab",
            **{k: None if v is None else Decimal(v) for k, v in measured.items()},
        )
        made.append(account)
    return made


@pytest.mark.parametrize("new_rate", [False, True], ids=["rate $0.003", "rate $0.0035 from 2026-07-01"])
def test_a_plain_bill_written_in_sql_is_the_bill_the_python_path_writes(
    make_account: Any, make_user: Any, autumn: BillingPeriod, staff: Any, monkeypatch: Any, new_rate: bool
) -> None:
    if new_rate:
        do_record_resolution(
            instrument="Res. 2026-41",
            adopted_on=dt.date(2026, 6, 9),
            effective_on=dt.date(2026, 7, 1),
            title="Sewer rent increase",
            values=[ProposedValue("charges.rate_per_gallon", "0.0035")],
            acting_user=make_user("administrator"),
        )
    made = accounts(make_account, autumn, staff)
    fast = engine.run_drafts(autumn, acting_user=staff.clerk, chunk_size=7)
    assert fast.flags.get("surcharge", 0) >= 10
    in_sql = snapshot(autumn)
    monkeypatch.setattr(engine, "SQL_PLAIN", False)
    slow = engine.run_drafts(autumn, acting_user=staff.clerk, chunk_size=7)
    in_python = snapshot(autumn)
    assert set(in_python) == {a.pk for a in made}
    for account_id, bill in in_python.items():
        assert in_sql[account_id] == bill, account_id
    assert (fast.bills, fast.total_cents, fast.flags) == (slow.bills, slow.total_cents, slow.flags)


def test_the_sql_path_bills_the_plain_accounts_and_leaves_the_rest_to_python(
    make_account: Any, autumn: BillingPeriod, staff: Any, monkeypatch: Any
) -> None:
    from sewerworks.billing.engine import write

    plain = make_account(meters=[(1_000, 9_000)])
    cubic = make_account(meters=[{"start": 1_000, "end": 2_000, "unit": "ft3"}])
    wash = make_account(meters=[(10_000, 40_000), {"start": 0, "end": 5_000, "purpose": "vehicle_wash"}])
    rolled = make_account(meters=[(998_000, 3_000)])
    implausible = make_account(meters=[(500_000, 3_000)])
    broken = make_account(meters=[{"start": 0, "end": 0, "defective_since": dt.date(2026, 5, 1)}])
    estimated = make_account(metered=False)
    strong = make_account(user_class="industrial", meters=[(0, 100_000)])
    vast = make_account(user_class="industrial", meters=[{"start": 0, "end": 123_456_789, "dials": 9}])
    for account, bod in ((strong, "480"), (vast, "5000")):
        do_record_strength(account, autumn, acting_user=staff.superintendent, source="lab", bod=Decimal(bod))
    billed_in_python: list[int] = []
    original = write.write_chunk

    def spy(*args: Any, **kwargs: Any) -> Any:
        compute = args[4]
        args = (*args[:4], lambda only: [r for r in compute(only) if not billed_in_python.append(r.account_id)])
        return original(*args, **kwargs)

    monkeypatch.setattr(engine, "write_chunk", spy)
    engine.run_drafts(autumn, acting_user=staff.clerk)
    # vast: 123,456,789 gal × 4,700 mg/L above normal is more pounds than the SQL's integers hold (Python's)
    assert sorted(billed_in_python) == sorted([wash.pk, implausible.pk, vast.pk])
    assert Bill.objects.get(account=plain, period=autumn).total == Decimal("24.00")
    assert Bill.objects.get(account=cubic, period=autumn).total == Decimal("22.44")
    assert Bill.objects.get(account=estimated, period=autumn).total == Decimal("90.00")  # 30,000 gal (I-27)
    rollover = Bill.objects.get(account=rolled, period=autumn)  # 998,000 → 1,000,000 → 3,000: 5,000 gal (I-48)
    assert (rollover.gallons, rollover.total, rollover.flags) == (5_000, Decimal("15.00"), "rollover")
    assert Bill.objects.get(account=implausible, period=autumn).flags == "held"
    defective = Bill.objects.get(account=broken, period=autumn)  # no good billing: 30,000 gal estimated (I-27)
    assert (defective.basis, defective.flags, defective.total) == ("defective", "defective,estimate", Decimal("90.00"))
    # 100,000 gal: $300.00 (I-24) + 100,000 × 8.34 × 10⁻⁶ × 180 = 150.12 lb of BOD × $0.30 = $45.04 (I-03)
    surcharged = Bill.objects.get(account=strong, period=autumn)
    assert (surcharged.total, surcharged.flags) == (Decimal("345.04"), "surcharge")
    assert surcharged.lines.get(kind="strength-bod").working == (
        "100,000 gal × 8.34 × 10⁻⁶ × (480 − 300) mg/L = 150.12 lb × $0.30/lb"
    )


@pytest.mark.parametrize("sql_plain", [True, False], ids=["SQL path", "Python path"])
def test_a_read_of_an_import_not_yet_published_is_billed_by_neither_path(
    make_account: Any, autumn: BillingPeriod, staff: Any, monkeypatch: Any, sql_plain: bool
) -> None:
    """A later read sitting in a pending import (core.imports' StagedRows) is not there yet: the bill uses
    the published reads, 1,000 to 9,000 gallons, whichever path computes it."""
    from sewerworks.core.models import ImportBatch
    from sewerworks.registry.models import MeterRead

    account = make_account(meters=[(1_000, 9_000)])
    meter = account.meters.get()
    pending = ImportBatch.objects.create(run="f" * 32, label="reads.csv", status=ImportBatch.Status.PENDING)
    published = MeterRead._base_manager.filter(meter=meter, read_on=dt.date(2026, 9, 30)).get()
    MeterRead._base_manager.create(
        meter=meter,
        read_on=dt.date(2026, 10, 10),
        reading=50_000,
        source=published.source,
        import_run=pending.run,
        created_by=staff.clerk,
    )
    monkeypatch.setattr(engine, "SQL_PLAIN", sql_plain)
    engine.run_drafts(autumn, acting_user=staff.clerk)
    bill = Bill.objects.get(account=account, period=autumn)
    assert bill.gallons == 8_000, bill.gallons


def test_a_meter_found_defective_after_the_run_looked_for_defective_meters_is_still_billed_the_estimate(
    make_account: Any, autumn: BillingPeriod, staff: Any, monkeypatch: Any
) -> None:
    """The run looks for accounts with a defective meter once (``defective_accounts``) and writes the SQL
    class estimate (I-26 with no good billing → I-27) only for those; one it did not find (the meter marked
    defective while the run was going) is neither a plain bill nor skipped: the Python path bills it the same
    estimate, $90.00 for 30,000 gallons of a residence, flagged defective and estimate."""
    broken = {"start": 1_000, "end": 1_000, "defective_since": dt.date(2026, 5, 1)}
    found, missed = make_account(meters=[broken]), make_account(meters=[broken])
    monkeypatch.setattr(engine, "defective_accounts", lambda period: [found.pk])
    engine.run_drafts(autumn, acting_user=staff.clerk, chunk_size=1)
    both = snapshot(autumn)
    assert both[found.pk] == both[missed.pk]
    bill = Bill.objects.get(account=missed, period=autumn)
    assert (bill.basis, bill.flags, bill.total) == ("defective", "defective,estimate", Decimal("90.00"))


@pytest.mark.parametrize("sql_plain", [True, False], ids=["SQL path", "Python path"])
def test_the_last_read_of_a_span_is_the_highest_reading_on_its_latest_day(
    make_account: Any, autumn: BillingPeriod, staff: Any, monkeypatch: Any, sql_plain: bool
) -> None:
    """Two reads of one day (the district's and a manual one): the higher one ends the span, whichever source
    it came from; a higher reading on an earlier day of the window does not (the latest day wins)."""
    from sewerworks.registry.models import MeterRead

    manual_higher, manual_lower, earlier_higher = (make_account(meters=[(1_000, 9_000)]) for _ in range(3))
    for account, on, reading in (
        (manual_higher, dt.date(2026, 9, 30), 9_500),
        (manual_lower, dt.date(2026, 9, 30), 8_500),
        (earlier_higher, dt.date(2026, 9, 20), 9_900),
    ):
        MeterRead.objects.create(meter=account.meters.get(), read_on=on, reading=reading, source="manual")
    monkeypatch.setattr(engine, "SQL_PLAIN", sql_plain)
    engine.run_drafts(autumn, acting_user=staff.clerk)
    gallons = {b.account_id: b.gallons for b in Bill.objects.filter(period=autumn)}
    assert gallons[manual_higher.pk] == 8_500
    assert gallons[manual_lower.pk] == 8_000
    assert gallons[earlier_higher.pk] == 8_000
