"""Ten years of history on one parcel of the demo district, for the search letter benchmark (I-124), written through
the product's own actions, each on the day it happened (``story_day``, I-114).

The parcel: the first ordinary home of the district with a Marlborough account (one account, one meter in service
since before 2016, inside an improvement area) whose meter's reads can be carried back ten years. Before the demo's
billing builder runs (``before_billing``, so that every later event of the demo happens after them), on the §118-51
calendar then in force (periods ending 03-31 and 09-30): seventeen semiannual periods from 2016-09-30 to 2024-09-30,
each opened, its read recorded for the meter (``do_record_meter_reads``), its bills run, reviewed and posted (the
district's other accounts have no read so long ago: their bills are held, as the engine holds a bill without a
read); the household's payments (most in full, some late after the §118-53 penalty, some in part); the late-penalty
step of the sweep after each penalty date; the spring 2019 bill left unpaid, on the Town Clerk's statement of
2019-09-20, adopted by the Board on 2019-11-12 and relevied to the 2020 tax roll (``actions.relevy``), the autumn
bill paid after that; the sale of the parcel on 2021-06-15 with its final read (``do_record_sale``). The demo then
bills the parcel in its own three posted periods and the autumn 2026 draft (twenty posted bills in all), takes its
payments and runs the capital charge of 2026 and 2027. After the demo (``after_demo``): the household's last check
returned by the bank; a §118-54 connection charge offered 2026-10-01, unpaid; two violations, one with a notice of
violation served, a court fine and a charge for the Town's expense (a pending charge), the other with a notice; a
second pending charge.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

D = dt.date
ENDS = tuple(D(2016 + (i + 1) // 2, 3 if i % 2 else 9, 31 if i % 2 else 30) for i in range(17))  # 2016-09 .. 2024-09
LATE = {3, 6, 9}  # paid after the penalty date, the penalty with it (6: after the Board relevied the spring 2019 bill)
PARTIAL = {4, 11, 15}  # half paid by the due date
UNPAID = {5, 16}  # the spring 2019 bill (relevied) and the last of the old calendar
SOLD_ON = D(2021, 6, 15)
BUYER = "OKAFOR CHIDI AND ADAEZE"


@dataclass
class History:
    """What was written: the parcel, its meter, and a count of each kind of event."""

    parcel: Any = None
    meter: Any = None
    counts: dict[str, int] = field(default_factory=dict)

    def add(self, what: str, n: int = 1) -> None:
        self.counts[what] = self.counts.get(what, 0) + n


HISTORY = History()


def _users() -> tuple[Any, Any]:
    from sewerworks.billing.demo.district import _user
    from sewerworks.core.access.roles import CLERK, SUPERINTENDENT

    return _user("clerk", CLERK, "Carol", "Clerk"), _user("superintendent", SUPERINTENDENT, "Sam", "Superintendent")


def choose_parcel() -> tuple[Any, Any, Callable[[dt.date], int]]:
    """The first ordinary home whose meter was in service by 2016-03 and whose reads carried back at the household's
    own rate stay above zero: the parcel, the meter, and its reading on a day (straight-line use)."""
    from django.db.models import Count

    from sewerworks.registry.models import Parcel

    homes = (
        # a Marlborough account: the demo's year end of 2025 takes its delinquent households from the end of the
        # account numbers (Milton's), and relevies all they owe: this parcel keeps bills unpaid at the counter
        Parcel.objects.filter(improvement_area__isnull=False, accounts__closed_on__isnull=True,
                              accounts__account_number__startswith="MAR-")
        .annotate(n=Count("accounts", distinct=True), m=Count("accounts__meters", distinct=True))
        .filter(n=1, m=1)
        .order_by("tax_map_sort", "pk")
    )
    for parcel in homes[:400]:
        meter = parcel.accounts.get().meters.get()
        reads = list(meter.reads.order_by("read_on").values_list("read_on", "reading"))
        if meter.installed_on is None or meter.installed_on > D(2016, 3, 1) or len(reads) < 2:
            continue
        if parcel.ownerships.filter(start__gt=D(2016, 1, 1)).exists():  # one owner from before 2016 to the sale
            continue
        (d0, r0), (d1, r1) = reads[0], reads[-1]
        per_day = (r1 - r0) / max((d1 - d0).days, 1)
        if per_day <= 0 or r0 - per_day * (d0 - D(2016, 3, 15)).days < 1000:
            continue

        def reading(day: dt.date, r0: int = r0, d0: dt.date = d0, per_day: float = per_day) -> int:
            return int(r0 - per_day * (d0 - day).days)

        return parcel, meter, reading
    raise SystemExit("search_letter: no home in the demo district has a meter that can carry ten years of reads")


def _owed(account: Any, on: dt.date) -> Decimal:
    from sewerworks.billing.ledger.owed import bills_owed

    return sum((b.balance for b in bills_owed(account, on=on)), Decimal("0.00"))


def _pay(account: Any, amount: Decimal, on: dt.date, clerk: Any, tag: str) -> None:
    from sewerworks.billing.actions import do_take_payment
    from sewerworks.core.records.events import story_day

    if amount <= 0:
        return
    with story_day(on):
        do_take_payment(account, amount=amount, method="check", reference=f"{tag}", acting_user=clerk,
                        receipt_number=f"{on:%y%m%d}-H{tag}", received_on=on, payer="the owner")  # fmt: skip
    HISTORY.add("payments")


def _penalties(on: dt.date) -> None:
    from django.db import transaction

    from sewerworks.billing.penalties.sweep import apply_late_penalties
    from sewerworks.core.records.events import story_day

    with story_day(on) as moment, transaction.atomic():
        added, _ = apply_late_penalties(on, run=f"bench-history-{on:%Y%m%d}", now=moment)
    HISTORY.add("late penalties", added)


def _bill_period(end: dt.date, i: int, meter: Any, reading: Callable[[dt.date], int], clerk: Any, sam: Any) -> Any:
    from sewerworks.billing.actions import do_open_period, do_post_period, do_review_period
    from sewerworks.billing.engine.run import run_drafts
    from sewerworks.billing.models import Bill
    from sewerworks.core.records.events import story_day
    from sewerworks.registry.choices import ReadSource
    from sewerworks.registry.reads import do_record_meter_reads

    with story_day(end + dt.timedelta(days=1)):
        period = do_open_period(end, acting_user=clerk)
    read_on = end + dt.timedelta(days=3)
    with story_day(read_on):
        row = {"meter": meter.pk, "read_on": read_on, "reading": reading(read_on), "source": ReadSource.WATER_DISTRICT}
        do_record_meter_reads([row], acting_user=clerk, run=f"bench-history-read-{i}")
    with story_day(period.bill_date) as moment:
        run_drafts(period, acting_user=clerk)
        do_review_period(period, acting_user=sam, why="bench history: reviewed")
        do_post_period(period, acting_user=sam)
        Bill.objects.filter(period=period, status="posted").update(posted_at=moment)  # as the demo (I-114)
    HISTORY.add("periods posted")
    return period


def before_billing(**_: Any) -> None:
    """The parcel's history up to 2024 (see the module); runs among the demo builders, before billing's."""
    from sewerworks.billing.actions.relevy import do_file_statement
    from sewerworks.billing.models import Bill
    from sewerworks.billing.property.sale import do_record_sale
    from sewerworks.core.parameters import current_parameters
    from sewerworks.core.records.events import story_day
    from sewerworks.ordinance.s118_53_late_penalty import penalty_date
    from sewerworks.registry.actions import do_create_record
    from sewerworks.registry.choices import ReadSource
    from sewerworks.registry.reads import do_record_meter_reads

    clerk, sam = _users()
    parcel, meter, reading = choose_parcel()
    HISTORY.parcel, HISTORY.meter = parcel, meter
    account = parcel.accounts.get()
    first = D(2016, 3, 31)
    row = {"meter": meter.pk, "read_on": first, "reading": reading(first), "source": ReadSource.WATER_DISTRICT}
    with story_day(first):
        do_record_meter_reads([row], acting_user=clerk, run="bench-history-read-start")
    for i, end in enumerate(ENDS):
        if end == D(2019, 9, 30):  # the year end of 2019: the spring bill on the statement, then relevied
            with story_day(D(2019, 9, 20)):
                statement = do_file_statement(D(2019, 9, 20), acting_user=clerk, filed_on=D(2019, 9, 20))
        if end == D(2021, 9, 30):  # the sale, between the spring and autumn reads
            with story_day(SOLD_ON):
                buyer = do_create_record("owner", {"name": BUYER, "mailing_address": parcel.address},
                                         acting_user=clerk, reason="Buyer at a sale")  # fmt: skip
                do_record_sale(parcel, buyer=buyer, sold_on=SOLD_ON, final_reading=reading(SOLD_ON),  # type: ignore[arg-type]
                               acting_user=clerk)  # fmt: skip
            HISTORY.add("sales")
        period = _bill_period(end, i, meter, reading, clerk, sam)
        bill = Bill.objects.get(period=period, account=account)
        due = penalty_date(period.bill_date, period.due_date, current_parameters().at(period.bill_date))
        if i in PARTIAL:
            _pay(account, (bill.total / 2).quantize(Decimal("0.01")), period.due_date, clerk, f"{i}p")
        elif i not in LATE and i not in UNPAID:
            _pay(account, _owed(account, period.bill_date + dt.timedelta(days=18)),
                 period.bill_date + dt.timedelta(days=18), clerk, f"{i}")  # fmt: skip
        later: list[tuple[dt.date, Callable[[dt.date], None]]] = [(due + dt.timedelta(days=1), _penalties)]
        if i in LATE:
            later.append((due + dt.timedelta(days=12), functools.partial(_pay_owed, account, clerk, f"{i}l")))
        if end == D(2019, 9, 30):  # the Board adopts the statement: the spring bill goes to the 2020 tax roll
            later.append((D(2019, 11, 12), functools.partial(_adopt, statement, clerk)))
        for on, event in sorted(later, key=lambda pair: pair[0]):  # each on its day, in the order of the days
            event(on)


def _pay_owed(account: Any, clerk: Any, tag: str, on: dt.date) -> None:
    _pay(account, _owed(account, on), on, clerk, tag)


def _adopt(statement: Any, clerk: Any, on: dt.date) -> None:
    from sewerworks.billing.actions.relevy import do_adopt_statement
    from sewerworks.core.records.events import story_day
    from sewerworks.core.resolutions.actions import do_record_resolution

    with story_day(on):
        resolution = do_record_resolution(
            instrument="Res. 2019-121", adopted_on=on, effective_on=on, acting_user=clerk, values=[],
            title="Unpaid sewer rents of the statement of 2019-09-20 relevied on the 2020 tax roll (§118-53)",
        )  # fmt: skip
        adopted = do_adopt_statement(statement, resolution=resolution, adopted_on=on, acting_user=clerk)
    HISTORY.add("statements adopted")
    HISTORY.add(f"relevied ${adopted.relevied_total:,}", 1)


def after_demo() -> None:
    """The parcel's events of 2026 the demo does not make (see the module)."""
    from sewerworks.billing.property.connection import do_post_connection_charge
    from sewerworks.core.records.events import story_day
    from sewerworks.enforcement.actions.notices import do_issue_notice, do_record_service
    from sewerworks.enforcement.actions.violations import do_open_violation, do_record_charge, do_record_court_fine
    from sewerworks.enforcement.choices import NoticeKind, ServiceMethod

    clerk, sam = _users()
    parcel = HISTORY.parcel
    _check_returned(parcel.accounts.get(), sam)
    with story_day(D(2026, 10, 1)):
        do_post_connection_charge(parcel=parcel, diameter_in="6", offered_on=D(2026, 10, 1), acting_user=clerk)
    HISTORY.add("connection charges")
    for section, found, text in (
        ("118-28", D(2026, 3, 10), "Sump pump discharging to the sanitary sewer"),
        ("118-33", D(2026, 9, 2), "Cleanout cap missing on the building sewer"),
    ):
        with story_day(found):
            violation = do_open_violation(parcel=parcel, section=section, description=text, discovered_on=found,
                                          acting_user=sam)  # fmt: skip
        noticed = found + dt.timedelta(days=3)
        with story_day(noticed):
            notice = do_issue_notice(kind=NoticeKind.NOTICE_OF_VIOLATION, parcel=parcel, violation=violation,
                                     issued_on=noticed, correction_days=30, acting_user=sam,
                                     facts=text + ".")  # fmt: skip
            do_record_service(notice, method=ServiceMethod.CERTIFIED_MAIL, served_on=noticed,
                              served_by_name="Sam Superintendent", acting_user=sam)  # fmt: skip
        HISTORY.add("violations")
        if section == "118-28":
            with story_day(D(2026, 6, 2)):
                do_record_court_fine(violation, imposed_on=D(2026, 6, 2), amount=Decimal("250.00"),
                                     docket="TC-2026-0412", acting_user=sam)  # fmt: skip
                do_record_charge(violation, description="Dye test and televising of the building sewer",
                                 amount=Decimal("340.00"), incurred_on=D(2026, 6, 2), acting_user=sam)  # fmt: skip
            with story_day(D(2026, 11, 6)):
                do_record_charge(violation, description="Re-inspection after the correction date",
                                 amount=Decimal("85.00"), incurred_on=D(2026, 11, 6), acting_user=sam)  # fmt: skip
            HISTORY.add("fines and charges", 3)


def _check_returned(account: Any, superintendent: Any) -> None:
    """The household's last check for a demo bill comes back from the bank two weeks later: the bills it paid are
    unpaid again (with the penalty that falls as if it had never been handed in, I-65) and the returned-check fee
    goes on the next bill (I-128)."""
    from sewerworks.billing.actions.payments import do_reverse_payment
    from sewerworks.billing.actions.returned import BankReturn
    from sewerworks.billing.models import Payment
    from sewerworks.core.records.events import story_day

    check = Payment.objects.filter(account=account, method="check").order_by("-received_on", "-pk").first()
    if check is None:
        return
    on = check.received_on + dt.timedelta(days=14)
    with story_day(on):
        do_reverse_payment(check, acting_user=superintendent, reason="Returned by the bank: insufficient funds", on=on,
                           returned=BankReturn(bank_reference="RT-0091", return_reason="NSF"))  # fmt: skip
    HISTORY.add("checks returned")


def history_line() -> str:
    return ", ".join(f"{n} {what}" for what, n in HISTORY.counts.items())
