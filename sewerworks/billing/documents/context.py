"""What a printed bill shows, gathered for many bills at once (a handful of queries per chunk, not per bill).

A sheet is one bill: who it is mailed to, the account, parcel and service address, the period, the
reads and gallons of each meter (the bill run's own ``meter_use``, I-60), the line items with their
sections and interpretation ids, the use of the last periods as a chart, the due date and the penalty
date with the 10% warning (§118-53, I-25, I-20, I-64: the penalty terms in force on the bill date), and
how to pay.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django.db.models import Q

from sewerworks.billing.choices import Basis, BillStatus
from sewerworks.billing.documents.how_to_pay import how_to_pay, payable_to
from sewerworks.billing.engine.gather import LOOKBACK, MeterData
from sewerworks.billing.engine.usage import Held, meter_use
from sewerworks.billing.models import Bill, BillingPeriod, BillLine, Rebill
from sewerworks.core.documents.charts import Point
from sewerworks.core.documents.town import town
from sewerworks.core.documents.wording import interpretation_lines, money, spoken_date, spoken_day
from sewerworks.core.parameters import current_parameters
from sewerworks.ordinance.rulebook import num
from sewerworks.ordinance.s118_52_meter_rollover import RolloverRule
from sewerworks.ordinance.s118_53_late_penalty import penalty_amount, penalty_date
from sewerworks.registry.choices import MeterPurpose, ReadSource
from sewerworks.registry.models import MeterRead, Ownership, WaterMeter

HISTORY_PERIODS = 6  # this period and the five before it: three years of semiannual bills
BILL_RELATED = ("account", "parcel", "period", "period__area")


@dataclass(frozen=True)
class PenaltyTerms:
    """The period's penalty date and terms (I-64: those in force on its bill date), computed once."""

    bill_date: dt.date
    due_date: dt.date
    penalty_date: dt.date
    later_of: dt.date
    days: int
    view: Any

    @property
    def moved(self) -> bool:
        """The later of the due date and bill date + 30 days fell on a weekend or holiday (I-20)."""
        return self.penalty_date != self.later_of

    def penalty_on(self, total: Decimal) -> tuple[Decimal, str]:
        return penalty_amount(total, total, self.view)


def penalty_terms(period: BillingPeriod) -> PenaltyTerms:
    """§118-53 (I-25): the later of the due date and the bill date + 30 days, past a weekend or holiday (I-20)."""
    view = current_parameters().at(period.bill_date)  # I-64: the terms the bill was issued under
    days = int(view.number("charges.late_penalty_days"))
    later_of = max(period.due_date, period.bill_date + dt.timedelta(days=days))
    due = penalty_date(period.bill_date, period.due_date, view)
    return PenaltyTerms(period.bill_date, period.due_date, due, later_of, days, view)


def gallons(value: Decimal | int | None) -> str:
    """Gallons as printed for people: "12,345", whole gallons also for converted cubic feet ("7,481"; the bill's
    record keeps the exact figure); "—" when unknown."""
    if value is None:
        return "—"
    return f"{Decimal(value).quantize(Decimal(1), ROUND_HALF_UP):,}"


# A quantity in gallons or pounds written with more places than people read ("4,548.130041016368 lb").
_LONG_QUANTITY = re.compile(r"(?<![\d.,$])(\d{1,3}(?:,\d{3})*|\d+)\.(\d+)(?= (gal|lb)\b)")


def for_people(working: str) -> str:
    """A line's working as printed on the bill: gallons in whole gallons, pounds to two places; the record (the
    bill's page, the ledger) keeps the exact figures the amount was computed from (I-23)."""

    def rounded(match: re.Match[str]) -> str:
        if match.group(3) == "lb" and len(match.group(2)) <= 2:
            return match.group(0)
        exact = Decimal(f"{match.group(1).replace(',', '')}.{match.group(2)}")
        places = Decimal(1) if match.group(3) == "gal" else Decimal("0.01")
        return f"{exact.quantize(places, ROUND_HALF_UP):,}"

    return _LONG_QUANTITY.sub(rounded, working)


def _line(line: BillLine) -> dict[str, str]:
    return {
        "description": line.description,
        "working": for_people(line.working),
        "section": line.section,
        "interpretations": line.interpretations,
        "amount": money(line.amount),
    }


def _owners(parcel_ids: set[int], on: dt.date) -> dict[int, list[str]]:
    """Each parcel's owner on the bill date, as the lines of a mailing block (the first owner found)."""
    held = Q(start__isnull=True) | Q(start__lte=on)
    held &= Q(end__isnull=True) | Q(end__gte=on)
    out: dict[int, list[str]] = {}
    for ownership in (
        Ownership.objects.filter(held, parcel_id__in=parcel_ids).select_related("owner").order_by("parcel_id", "pk")
    ):
        if ownership.parcel_id not in out:
            out[ownership.parcel_id] = ownership.owner.mailing_block.splitlines()
    return out


def _meters(bills: Sequence[Bill], period: BillingPeriod) -> dict[int, list[dict[str, Any]]]:
    """Each account's meters with their start and end reads and gallons, as the bill run counted them."""
    accounts = {b.account_id for b in bills if b.basis == Basis.READS}
    if not accounts:
        return {}
    view = current_parameters().at(period.end)
    rule = RolloverRule.of(view)
    per_ft3 = view.number("charges.gallons_per_cubic_foot")
    active = Q(installed_on__isnull=True) | Q(installed_on__lte=period.reads_until)
    active &= Q(removed_on__isnull=True) | Q(removed_on__gte=period.start)
    meters: dict[int, tuple[int, MeterData]] = {}
    fields = ("pk", "serial", "unit", "dials", "purpose", "defective_since", "installed_on", "removed_on")
    for found in (
        WaterMeter.objects.filter(active, account_id__in=accounts).order_by("pk").values_list("account_id", *fields)
    ):
        meters[found[1]] = (found[0], MeterData(*found[1:]))
    reads = MeterRead.objects.filter(
        meter_id__in=meters, read_on__gte=period.reads_from - LOOKBACK, read_on__lte=period.reads_until
    ).exclude(source=ReadSource.ESTIMATE)
    for meter_id, on, reading in reads.order_by("meter_id", "read_on", "reading").values_list(
        "meter_id", "read_on", "reading"
    ):
        meters[meter_id][1].reads.append((on, reading))
    out: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for account_id, meter in meters.values():
        row: dict[str, Any] = {"serial": meter.serial, "unit": "cubic feet" if meter.unit == "ft3" else "gallons"}
        row["wash"] = meter.purpose == MeterPurpose.VEHICLE_WASH
        try:
            use = meter_use(meter, period, rule, per_ft3)
        except Held:
            row.update(start=None, end=None, units=None, gallons=None, rolled_over=False)
        else:
            row.update(
                start=f"{use.start:,}",
                end=f"{use.end:,}",
                units=f"{use.units:,}",
                gallons=gallons(use.gallons),
                rolled_over=use.rolled_over,
            )
        out[account_id].append(row)
    return out


def _whole(value: Decimal | int | None) -> Decimal | None:
    return None if value is None else Decimal(value).quantize(Decimal(1), ROUND_HALF_UP)


def _history(bills: Sequence[Bill], period: BillingPeriod) -> dict[int, list[Point]]:
    """Each account's billed gallons in the last periods (posted bills of earlier periods, and this one)."""
    accounts = {b.account_id for b in bills}
    rows = (
        Bill.objects.filter(account_id__in=accounts, period__end__lt=period.end, status=BillStatus.POSTED)
        .exclude(basis=Basis.HELD)
        .values_list("account_id", "period__start", "period__end", "gallons")
        .order_by("account_id", "period__end")
    )
    series: dict[int, list[Point]] = defaultdict(list)
    for account_id, start, end, gallons in rows:
        series[account_id].append(Point(end, _whole(gallons), label=f"{start:%b %Y} – {end:%b %Y}"))
    for bill in bills:
        this = Point(period.end, _whole(bill.gallons), label=f"{period.start:%b %Y} – {period.end:%b %Y} (this bill)")
        series[bill.account_id] = [*series[bill.account_id][-(HISTORY_PERIODS - 1) :], this]
    return series


def printed_code(code: str) -> str:
    """An account's access code as printed: upper case in groups of four ("3F9C-2E1A-7B")."""
    code = code.upper()
    return "-".join(code[i : i + 4] for i in range(0, len(code), 4))


def bill_terms(bill: Bill) -> PenaltyTerms:
    """The penalty terms printed on one bill: the period's, or for a bill that replaced a voided one its own
    bill date and the penalty date kept when it was posted (I-110), under the terms in force that day."""
    rebill = Rebill.objects.filter(bill=bill).first()
    if rebill is None:
        return penalty_terms(bill.period)
    view = current_parameters().at(rebill.bill_date)
    days = int(view.number("charges.late_penalty_days"))
    later_of = max(bill.period.due_date, rebill.bill_date + dt.timedelta(days=days))
    if rebill.runs_from != "rebill_date":
        later_of = rebill.penalty_date
    return PenaltyTerms(rebill.bill_date, bill.period.due_date, rebill.penalty_date, later_of, days, view)


def sheets(bills: Sequence[Bill], period: BillingPeriod, terms: PenaltyTerms | None = None) -> list[dict[str, Any]]:
    """One context per bill (all of ``period``), in the order given. Bills come with ``BILL_RELATED``."""
    terms = terms or penalty_terms(period)
    lines: dict[int, list[BillLine]] = defaultdict(list)
    for line in BillLine.objects.filter(bill__in=[b.pk for b in bills]).order_by("bill_id", "position"):
        lines[line.bill_id].append(line)
    owners = _owners({b.parcel_id for b in bills}, period.bill_date)
    meters = _meters(bills, period)
    history = _history(bills, period)
    paying = how_to_pay()
    out = []
    for bill in bills:
        penalty, working = terms.penalty_on(bill.total)
        ids = sorted({i.strip() for x in lines[bill.pk] for i in x.interpretations.split(",") if i.strip()})
        out.append(
            {
                "bill": bill,
                "number": f"Bill {bill.pk} · account {bill.account.account_number}",
                # with the account number, links the owner's public account to the parcel (I-160)
                "access_code": printed_code(bill.account.access_code),
                "proof": bill.status != BillStatus.POSTED,
                "owner_lines": owners.get(bill.parcel_id, []),
                "meters": meters.get(bill.account_id, []),
                "lines": [_line(x) for x in lines[bill.pk]],
                "gallons": gallons(bill.gallons),
                "interpretations": interpretation_lines(ids),
                "history": history[bill.account_id],
                "penalty": money(penalty),
                "penalty_working": working,
                "total": money(bill.total),
                "how_to_pay": paying,
            }
        )
    return out


def period_context(period: BillingPeriod, terms: PenaltyTerms) -> dict[str, Any]:
    """What every bill of the period shares: the Town, the dates in words."""
    return {
        "town": town(),
        "payable_to": payable_to(),
        "period": period,
        "period_words": f"{spoken_date(period.start)} to {spoken_date(period.end)}",
        "bill_date": spoken_date(terms.bill_date),
        "due_date": spoken_day(terms.due_date),
        "penalty_date": spoken_day(terms.penalty_date),
        "penalty_date_short": spoken_date(terms.penalty_date),
        "penalty_moved_from": spoken_day(terms.later_of) if terms.moved else "",
        "penalty_days": terms.days,
        "penalty_rate": num(terms.view.number("charges.late_penalty_rate")),
        "penalty_added_on": spoken_date(terms.penalty_date + dt.timedelta(days=1)),
    }
