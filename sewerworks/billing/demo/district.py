"""The billing part of the demo district: the Water District's read schedule and the mid-2026 rate
increase recorded as resolutions, three posted periods (ending 2025-04-30, 2025-10-31, 2026-04-30, so the
defective meter has its two good bills, I-26), the autumn 2026 period in draft for the clerk; the car
wash's vehicle-wash meter (§118-6, I-44) and an industrial account above normal strength (I-03).

The demo's reads come every six months around 1 May and 1 November, so the demo records the Water
District's schedule (I-58, Res. 2024-88: periods end 04-30 and 10-31, reads count within 20 days, bills are
dated 34 days after the period ends and due 33 days later) rather than the packaged illustrative calendar.
So on the demo's today (2026-12-01) the autumn draft's bills are dated 2026-12-04 and due 2027-01-06: the
clerk can review, post and mail them before they are dated. Each posted period was posted on its bill date.

A day that can be worked (issue 38): one account's spring 2026 read was missing from the district's file, so
its bill was held when the period was posted; its read came on 2026-11-02 and its supplementary bill (I-182)
was posted that day, its penalty date 2026-12-02 still to come on the demo's today, so the next sweep has a
penalty to add if it stays unpaid. The sample accounts include a cottage using under 5,000 gallons a
half-year: the $10 minimum bill (§118-52).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import Group, User

from sewerworks.billing import pipeline
from sewerworks.billing.actions import do_open_period, do_post_period, do_record_strength, do_review_period
from sewerworks.billing.demo.property import build_property_charges
from sewerworks.billing.demo.reads import add_sample_accounts
from sewerworks.billing.demo.relevy import payments_with_the_year_end
from sewerworks.billing.engine.run import run_drafts
from sewerworks.billing.models import Bill, BillingPeriod
from sewerworks.core.access.roles import CLERK, SUPERINTENDENT
from sewerworks.core.demo import BULK_BUILDERS, DEMO_BUILDERS, told_on
from sewerworks.core.records.events import story_day
from sewerworks.core.resolutions.actions import ProposedValue, do_record_resolution
from sewerworks.enforcement.actions import do_sweep
from sewerworks.registry.choices import BuildingUse, MeterPurpose, ReadSource, UserClass
from sewerworks.registry.demo.names import DEMO_TODAY
from sewerworks.registry.models import MeterRead, SewerAccount, WaterMeter

D = dt.date
POSTED_ENDS = (D(2025, 4, 30), D(2025, 10, 31), D(2026, 4, 30))
DRAFT_END = D(2026, 10, 31)
BILL_DAYS, DUE_DAYS = 34, 33  # Res. 2024-88: the draft's bills dated 2026-12-04, due 2027-01-06
LATE_READ_ON = D(2026, 11, 2)  # the held account's spring read arrives; its supplementary bill is posted


def _user(username: str, role: str, first: str, last: str) -> User:
    user, _ = User.objects.get_or_create(username=username, defaults={"first_name": first, "last_name": last})
    user.groups.add(Group.objects.get_or_create(name=role)[0])
    return user


def record_resolutions(clerk: User) -> None:
    do_record_resolution(
        instrument="Res. 2024-88",
        adopted_on=D(2024, 6, 10),
        effective_on=D(2024, 7, 1),
        acting_user=clerk,
        title="Sewer billing aligned with the Water District's read schedule (§118-51)",
        values=[
            ProposedValue("billing.period_ends", ["04-30", "10-31"]),
            ProposedValue("billing.read_window_days", 20),
            ProposedValue("billing.bill_days_after_period_end", BILL_DAYS),
            ProposedValue("billing.due_days_after_bill", DUE_DAYS),
        ],
    )
    do_record_resolution(
        instrument="Res. 2026-41",
        adopted_on=D(2026, 6, 9),
        effective_on=D(2026, 7, 1),
        acting_user=clerk,
        title="Sewer rent: $0.0035 per gallon (I-43: periods ending on or after July 1, 2026)",
        values=[ProposedValue("charges.rate_per_gallon", "0.0035")],
    )


def add_wash_meter(run: str) -> WaterMeter | None:
    """The car wash's separately metered vehicle-wash water (§118-6), read with its other meter."""
    account = SewerAccount.objects.filter(parcel__buildings__use=BuildingUse.CAR_WASH).order_by("pk").first()
    main = account.meters.order_by("pk").first() if account else None
    if account is None or main is None:
        return None
    wash = WaterMeter.objects.create(
        serial=f"{main.serial}W",
        account=account,
        size_in=main.size_in,
        dials=7,
        unit="gal",
        purpose=MeterPurpose.VEHICLE_WASH,
        installed_on=main.installed_on,
        certified_on=main.certified_on,
        certified_by=main.certified_by,
    )
    reading = 120_000
    rows = []
    for i, read_on in enumerate(main.reads.order_by("read_on").values_list("read_on", flat=True)):
        reading += 0 if i == 0 else 640_000 + 35_000 * (i % 3)
        rows.append(MeterRead(meter=wash, read_on=read_on, reading=reading, source=ReadSource.WATER_DISTRICT, run=run))
    MeterRead.objects.bulk_create(rows)  # demo setup of a few rows, as the registry demo writes its reads
    return wash


@told_on(DEMO_TODAY)
def build(*, seed: int, parcels: int, write: Callable[[str], None], **_: Any) -> None:
    clerk = _user("clerk", CLERK, "Carol", "Clerk")
    sam = _user("superintendent", SUPERINTENDENT, "Sam", "Superintendent")
    record_resolutions(clerk)
    wash = add_wash_meter("demo-billing")
    add_sample_accounts(clerk, "demo-billing")  # their autumn reads: docs/samples/meter-reads-sample.csv
    late = missing_spring_read()
    for end in POSTED_ENDS:
        with story_day(min(end + dt.timedelta(days=1), DEMO_TODAY)):  # opened after the period ends
            period = do_open_period(end, acting_user=clerk)
        with story_day(min(period.bill_date, DEMO_TODAY)) as moment:  # billed, reviewed and posted on its date
            run_drafts(period, acting_user=clerk)
            do_review_period(period, acting_user=sam, why="demo: reviewed")
            do_post_period(period, acting_user=sam)
            # the engine stamps the posting with the clock; in the story it was posted on this day (I-114)
            Bill.objects.filter(period=period, status="posted").update(posted_at=moment)
    # the payments, with the 2025 year end of unpaid rents among them on its days (§118-53, demo.relevy)
    paid = payments_with_the_year_end(seed=seed, clerk=clerk, last_period_end=POSTED_ENDS[-1], write=write)
    supplementary = bill_the_held_account(late, clerk) if late is not None else ""
    autumn = do_open_period(DRAFT_END, acting_user=clerk)
    industrial = SewerAccount.objects.filter(user_class=UserClass.INDUSTRIAL, metered=True).order_by("pk").first()
    if industrial is not None:
        do_record_strength(
            industrial,
            autumn,
            acting_user=sam,
            source="District composite samples, lab report 2026-114",
            bod=Decimal(480),
            suspended_solids=Decimal(390),
            chlorine_demand=Decimal(18),
        )
    result = run_drafts(autumn, acting_user=clerk)
    assert autumn.status == pipeline.DRAFT
    apply_late_penalties(write)
    build_property_charges(clerk=clerk, write=write)
    write(
        f"Billing: {len(POSTED_ENDS)} periods posted; {DRAFT_END} in draft ({result.message}); "
        f"wash meter {wash.serial if wash else 'none'}; {paid.taken} payments taken"
        f"{f', account {paid.partial.account.account_number} paid in part' if paid.partial else ''}"
        f"{f', account {paid.unpaid.account.account_number} unpaid' if paid.unpaid else ''}{supplementary}."
    )


def missing_spring_read() -> MeterRead | None:
    """The spring 2026 read the district's file lacked: a house's (one sewer-use meter, read in the window),
    taken out of the records before that period is billed and returned to be imported late."""
    read = (
        MeterRead.objects.filter(
            read_on__range=(D(2026, 4, 10), D(2026, 5, 20)), source=ReadSource.WATER_DISTRICT,
            meter__purpose=MeterPurpose.SEWER_USE, meter__defective_since__isnull=True,
            meter__account__user_class=UserClass.RESIDENTIAL, meter__account__account_number__startswith="MAR-",
        )
        .select_related("meter")
        .order_by("meter__account__account_number", "read_on")
        .first()
    )  # fmt: skip
    if read is None:
        return None
    missing = MeterRead(meter=read.meter, read_on=read.read_on, reading=read.reading, source=read.source)
    read.delete()  # demo setup: the read was never in the spring file
    return missing


def bill_the_held_account(late: MeterRead, clerk: User) -> str:
    """On 2026-11-02 the district sends the missing read: the clerk imports it for the posted period (which
    takes only its held accounts' reads) and posts the held account's supplementary bill (I-182)."""
    from sewerworks.billing.corrections.held import do_bill_held_account
    from sewerworks.core.imports.runner import do_import

    period = BillingPeriod.objects.get(end=POSTED_ENDS[-1], area__isnull=True)
    held = Bill.objects.filter(period=period, account_id=late.meter.account_id, basis="held", status="draft").first()
    if held is None:
        return ""
    data = f"meter_serial,read_on,reading\n{late.meter.serial},{late.read_on},{late.reading}\n".encode()
    with story_day(LATE_READ_ON) as moment:
        do_import("reads", acting_user=clerk, data=data, file_name="wd-late-read.csv",
                  context={"billing.period": period.pk})  # fmt: skip
        done = do_bill_held_account(held, by=clerk, on=LATE_READ_ON)
        # the engine stamps the posting with the clock; in the story it was posted on this day (I-114)
        Bill.objects.filter(pk=done.bill_id).update(posted_at=moment)
    return (f"; account {held.account.account_number}, held when {period.name} was posted, billed by a supplementary "
            f"bill on {LATE_READ_ON} (I-182), its penalty date {done.penalty_date}")


def apply_late_penalties(write: Callable[[str], None]) -> None:
    """§118-53 (I-25): the sweep as of the demo's today adds the late penalty to each posted bill the demo
    leaves owing past its penalty date (run after the demo's payments)."""
    run = do_sweep(DEMO_TODAY)
    write(f"Late penalties (§118-53) as of {DEMO_TODAY}: {run.changes.get('late_penalties', 0)} added.")


@told_on(DEMO_TODAY)
def build_bulk(*, seed: int, accounts: int, write: Callable[[str], None], **_: Any) -> None:
    """The bulk generator's billing part: strength records for the autumn period (I-03) for half the
    metered industrial bulk accounts, entered by the Superintendent from the district's lab reports."""
    import random

    from django.db import connection, transaction

    from sewerworks.billing.models import BillingPeriod, StrengthRecord

    period = BillingPeriod.objects.filter(end=DRAFT_END, area__isnull=True).first()
    sam = User.objects.filter(username="superintendent").first()
    if period is None or sam is None:
        write("Bulk strength records: no autumn 2026 period to record them in; none written.")
        return
    rng = random.Random(f"bulk-strength-{seed}")
    ids = SewerAccount.objects.filter(
        account_number__startswith="BLK-", user_class=UserClass.INDUSTRIAL, metered=True
    ).values_list("pk", flat=True)
    chosen = [pk for pk in ids.order_by("pk").iterator(chunk_size=10_000) if rng.random() < 0.5]
    at = connection.ops.adapt_datetimefield_value(dt.datetime(2026, 11, 20, 9, 0, tzinfo=dt.UTC))
    rows = [
        (
            pk,
            period.pk,
            rng.randrange(250, 900),
            rng.randrange(250, 700),
            rng.randrange(5, 30),
            "District lab",
            at,
            sam.pk,
        )
        for pk in chosen
    ]
    table = StrengthRecord._meta.db_table
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.executemany(
            f"INSERT INTO {table} (account_id, period_id, bod, suspended_solids, chlorine_demand, source,"  # noqa: S608
            " entered_at, entered_by_id) VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
            rows,
        )
    write(f"Bulk strength records: {len(rows):,} industrial accounts above normal strength in {period.name}.")


if build not in DEMO_BUILDERS:
    DEMO_BUILDERS.append(build)
if build_bulk not in BULK_BUILDERS:
    BULK_BUILDERS.append(build_bulk)
