"""What an owner's page shows of one linked parcel, every record read through ``scope.visible`` (I-164: from the
day the link's ownership began; what was owed before is one amount that runs with the property, §118-53).

- the balance (the parcel's ledger sum, §118-53) and, of it, what was owed before the ownership began;
- each bill with what was charged, paid and is left, its penalty date, and for an overdue one why, in the words
  of §118-53 (the later of the due date and the bill date + 30 days; 10% added);
- payments received; notices served and deadlines open, with their sections' headings in plain words;
- whether a public sewer is available (§118-5, I-46), with the distance and the duty that follows;
- the year end (#31): bills on the filed statement, relevied to the tax roll, or taken off it (:func:`relevy_status`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.utils import timezone

from sewerworks.billing.choices import LedgerKind
from sewerworks.billing.ledger.balances import balance
from sewerworks.billing.ledger.owed import bills_owed
from sewerworks.billing.ledger.tax_roll import on_roll, statement_of
from sewerworks.billing.models import Bill, LedgerEntry, RollRemoval, StatementLine, UnpaidStatement
from sewerworks.billing.models.relevy import FILED
from sewerworks.core.documents.wording import money, spoken_day
from sewerworks.core.parameters import current_parameters
from sewerworks.enforcement.models import Deadline, Notice
from sewerworks.ordinance.chapter import catalogue
from sewerworks.public.scope import visible
from sewerworks.registry.availability import sewer_available
from sewerworks.registry.choices import ConnectionStatus
from sewerworks.registry.models import Connection, Parcel, SewerAccount

ZERO = Decimal("0.00")


def heading(number: str) -> str:
    """"§118-5 Connection to public sewer required ..." for a section number ("" if unknown)."""
    try:
        return f"§{number} {catalogue.section(number).title}"
    except KeyError:
        return f"§{number}"


@dataclass(frozen=True)
class BillRow:
    bill: Bill
    charged: Decimal
    paid: Decimal
    left: Decimal
    penalty: Decimal
    penalty_date: dt.date | None
    overdue: bool
    why: str


def relevy_status(parcel: Parcel, since: dt.date | None) -> list[str]:
    """Sentences for the parcel's unpaid sewer rents on their way to the tax roll or on it, read from #31's records
    (§118-53, I-120): a line of a filed statement not yet adopted; a bill relevied (``billing.ledger.tax_roll.on_roll``,
    net of a removal), the roll being the statement's; the Board's relevy charge; a removal from the roll. Only
    what happened since the link's ownership began (I-164)."""
    lines = StatementLine.objects.filter(parcel=parcel, statement__status=FILED).select_related("statement")
    removals = RollRemoval.objects.filter(parcel=parcel).select_related("statement")
    moved = LedgerEntry.objects.filter(parcel=parcel, bill__isnull=True, kind=LedgerKind.RELEVY_TRANSFER)
    charges = moved.exclude(source_key__contains=":connection:")  # the Board's relevy charge, per parcel
    taps = moved.filter(source_key__contains=":connection:")  # a §118-54 connection charge relevied (I-123)
    if since is not None:
        lines = lines.filter(statement__statement_date__gte=since)
        removals = removals.filter(removed_on__gte=since)
        charges = charges.filter(posted_on__gte=since)
        taps = taps.filter(posted_on__gte=since)
    said = [
        f"{money(line.total)}{_what(line)} is on the Town Clerk's statement of "
        f"{spoken_day(line.statement.statement_date)} for relevy to the {line.statement.roll_year} tax roll: pay it "
        f"by {spoken_day(line.statement.counter_cutoff)}, or with your town and county taxes after (§118-53)."
        for line in lines.order_by("statement__statement_date", "bill_id")
    ]
    bills = Bill.objects.filter(parcel=parcel).values_list("pk", flat=True)
    rolls = sorted((r.roll_year, bill, r) for bill, r in on_roll(bills).items()
                   if since is None or r.relevied_on >= since)  # fmt: skip
    said += [f"{money(r.amount)} of unpaid sewer rents (bill {bill}) relevied to the {year} tax roll: pay it with "
             "your town and county taxes (§118-53)." for year, bill, r in rolls]  # fmt: skip
    charged: dict[int, Decimal] = {}
    for key, amount in charges.values_list("source_key", "amount"):
        charged[statement_of(key)] = charged.get(statement_of(key), ZERO) - Decimal(amount)
    years = dict(UnpaidStatement.objects.filter(pk__in=list(charged)).values_list("pk", "roll_year"))
    said += [f"A relevy charge of {money(amount)} on the {years[s]} tax roll (§118-53)."
             for s, amount in sorted(charged.items()) if amount > 0]  # fmt: skip
    tapped: dict[int, Decimal] = {}
    for key, amount in taps.values_list("source_key", "amount"):
        tapped[statement_of(key)] = tapped.get(statement_of(key), ZERO) - Decimal(amount)
    years.update(UnpaidStatement.objects.filter(pk__in=list(tapped)).values_list("pk", "roll_year"))
    said += [f"{money(amount)} of the §118-54 connection charge relevied to the {years[s]} tax roll: pay it with "
             "your town and county taxes (§118-54)." for s, amount in sorted(tapped.items()) if amount > 0]
    said += [f"Taken off the {r.statement.roll_year} tax roll on {spoken_day(r.removed_on)} ({r.reason}): "
             f"{money(r.amount)} is owed to the Sewer Department again." for r in removals.order_by("removed_on")]
    return said


def _what(line: StatementLine) -> str:
    if line.bill_id:
        return f" (bill {line.bill_id})"
    return " (the §118-54 connection charge)" if line.connection_charge_id else ""


def _why(row: Any, today: dt.date, rate: Any) -> str:
    bill = row.bill
    due = spoken_day(bill.period.due_date)
    if row.penalty > 0:
        return (f"Not paid by {spoken_day(row.penalty_date) if row.penalty_date else due} (the later of the due date "
                f"and 30 days after the bill date): a penalty of {money(row.penalty)} ({rate}% of the bill) was added "
                "(§118-53).")  # fmt: skip
    when = spoken_day(row.penalty_date) if row.penalty_date else due
    return f"Past its due date of {due}; unless paid by the end of {when}, {rate}% is added (§118-53)."


def bill_rows(parcel: Parcel, user: Any, today: dt.date) -> list[BillRow]:
    mine = set(visible(user, Bill).filter(parcel=parcel).values_list("pk", flat=True))
    rate = current_parameters().at(today).number("charges.late_penalty_rate")
    rows = []
    for account in visible_accounts(parcel, user):
        for owed in bills_owed(account, on=today):
            if owed.bill.pk not in mine:
                continue
            overdue = owed.overdue_on(today)
            rows.append(BillRow(owed.bill, owed.charged, owed.paid, owed.balance, owed.penalty, owed.penalty_date,
                                overdue, _why(owed, today, rate) if overdue else ""))  # fmt: skip
    return sorted(rows, key=lambda r: (r.bill.period.end, r.bill.pk), reverse=True)


def visible_accounts(parcel: Parcel, user: Any) -> list[SewerAccount]:
    return list(visible(user, SewerAccount).filter(parcel=parcel).order_by("account_number"))


def availability(parcel: Parcel, today: dt.date) -> dict[str, Any]:
    """Is a public sewer available (§118-5, I-46), the distance, and the duty that follows for this parcel."""
    found = sewer_available(parcel, on=today)
    connected = Connection.objects.filter(building__parcel=parcel, status=ConnectionStatus.CONNECTED).exists()
    days = current_parameters().at(today)["connection.days_after_notice"]
    if connected:
        duty = "The parcel is connected to the public sewer: its sewer rents are billed twice a year (§118-51)."
    elif found.available:
        duty = (f"A building on the parcel must be connected to the public sewer within {days} days of the Town's "
                "official notice to connect; a private septic system may not be used once it is (§118-5).")  # fmt: skip
    else:
        duty = "No connection is required while no public sewer is available; a private system needs the county's " \
               "permit (§118-7)."  # fmt: skip
    return {"available": found.available, "distance_ft": found.distance_ft, "limit_ft": found.limit_ft,
            "sentence": found.sentence, "duty": duty, "connected": connected,
            "section": heading(found.section)}  # fmt: skip


def page(parcel: Parcel, user: Any, since: dt.date | None) -> dict[str, Any]:
    """Everything the owner's page of ``parcel`` shows (the caller fetched ``parcel`` through the scope)."""
    today = timezone.localdate()
    total = balance(parcel=parcel)
    entries = visible(user, LedgerEntry).filter(parcel=parcel)
    owed_before = total - sum((Decimal(a) for a in entries.values_list("amount", flat=True)), ZERO)
    payments = entries.filter(kind__in=[LedgerKind.PAYMENT, LedgerKind.REVERSAL]).order_by("-posted_on", "-pk")
    notices = visible(user, Notice).filter(parcel=parcel).order_by("-served_on", "-pk")
    deadlines = visible(user, Deadline).filter(parcel=parcel).order_by("status", "due_on")
    bills = bill_rows(parcel, user, today)
    return {
        "parcel": parcel,
        "since": since,
        "today": today,
        "balance": total,
        "owed_before": owed_before if owed_before > 0 else ZERO,
        "overdue": sum((r.left for r in bills if r.overdue), ZERO),
        "bills": bills,
        "payments": [{"on": e.posted_on, "amount": -Decimal(e.amount), "what": e.get_kind_display(),
                      "description": e.description} for e in payments[:50]],  # fmt: skip
        "notices": [{"notice": n, "heading": heading(n.section)} for n in notices],
        "deadlines": [{"deadline": d, "heading": heading(d.section)} for d in deadlines],
        "availability": availability(parcel, today),
        "relevy": relevy_status(parcel, since),
        "accounts": visible_accounts(parcel, user),
    }
