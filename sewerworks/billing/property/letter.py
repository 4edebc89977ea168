"""The Town Clerk's search letter: what is owed on a parcel as of a day, for a buyer's attorney (I-124).

Unpaid sewer charges, penalties and connection charges run with the property (§118-53, §118-54): the letter
states, as of its date and from the records alone (no projection of penalties or fines to come): every unpaid
user charge and penalty by bill; amounts relevied and to which tax roll; other programs' charges not yet billed;
connection charges and what is left of them; the capital charge of the current tax year (billed with the taxes,
shown for information); open violations with their notices and the fines and charges already imposed; and each
account's meter and last read. The letter is numbered, dated, typeset on the letterhead and kept as the PDF
handed over; the Board's fee for it (``charges.search_letter_fee``), if any, is printed on it.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone

from sewerworks.billing.choices import LedgerKind
from sewerworks.billing.ledger.connection_charges import ConnectionBill, bill_of
from sewerworks.billing.ledger.owed import ZERO, BillOwed, bills_owed
from sewerworks.billing.models import CapitalCharge, ConnectionCharge, LedgerEntry, SearchLetter
from sewerworks.core.access.permissions import require
from sewerworks.core.documents.render import render_document
from sewerworks.core.documents.town import town
from sewerworks.core.documents.wording import person
from sewerworks.core.models import AuditEvent, PendingCharge
from sewerworks.core.parameters import current_parameters
from sewerworks.core.text import check_text
from sewerworks.enforcement.models import AbandonmentFine, CourtFine, Violation, ViolatorCharge
from sewerworks.registry.models import MeterRead, Ownership, Parcel

TEMPLATE = "billing/documents/search_letter.html"
OPEN = ("open", "noticed", "escalated", "referred")
WHO = "the Clerk's office or the Superintendent"


@dataclass
class AccountLines:
    """One account on the parcel: its unpaid bills and its meters with their last reads."""

    account: Any
    bills: list[BillOwed]
    meters: list[tuple[Any, Any]]

    @property
    def owed(self) -> Decimal:
        return sum((b.balance for b in self.bills), ZERO)


@dataclass
class ViolationLines:
    """An open violation with its notices and the fines and charges imposed on it by the letter's date."""

    violation: Violation
    notices: list[Any]
    imposed: list[tuple[str, dt.date | None, Decimal]]


@dataclass
class Search:
    """What the letter states about ``parcel`` as of ``as_of``."""

    parcel: Parcel
    as_of: dt.date
    owners: list[Any]
    accounts: list[AccountLines] = field(default_factory=list)
    relevied: list[LedgerEntry] = field(default_factory=list)
    pending: list[PendingCharge] = field(default_factory=list)
    connections: list[ConnectionBill] = field(default_factory=list)
    capital: list[CapitalCharge] = field(default_factory=list)
    violations: list[ViolationLines] = field(default_factory=list)
    fee: Decimal = ZERO

    @property
    def owed(self) -> Decimal:
        """Unpaid user charges and penalties, unbilled charges and what is left of connection charges."""
        return (
            sum((a.owed for a in self.accounts), ZERO)
            + sum((c.amount for c in self.pending), ZERO)
            + sum((c.balance for c in self.connections), ZERO)
        )


def _violations(parcel: Parcel, on: dt.date) -> list[ViolationLines]:
    out = []
    for violation in Violation.objects.filter(parcel=parcel, status__in=OPEN, discovered_on__lte=on).order_by(
        "discovered_on", "pk"
    ):
        notices = list(violation.notices.filter(issued_on__lte=on).order_by("issued_on", "pk"))
        imposed: list[tuple[str, dt.date | None, Decimal]] = []
        fine = AbandonmentFine.objects.filter(violation=violation, posted_on__isnull=False, posted_on__lte=on).first()
        if fine is not None:
            imposed.append(("§118-5 abandonment fine (posted)", fine.posted_on, fine.amount))
        imposed += [
            (f"Court fine ({c.court})", c.imposed_on, c.amount)
            for c in CourtFine.objects.filter(violation=violation, imposed_on__lte=on)
        ]
        imposed += [
            (c.description, c.incurred_on, c.amount)
            for c in ViolatorCharge.objects.filter(violation=violation, incurred_on__lte=on)
        ]
        out.append(ViolationLines(violation, notices, imposed))
    return out


def search(parcel: Parcel, *, as_of: dt.date) -> Search:
    """Everything the letter states about ``parcel`` on ``as_of``, from the records (no projection)."""
    owners = [
        o.owner
        for o in Ownership.objects.filter(parcel=parcel, start__lte=as_of)
        .exclude(end__lt=as_of)
        .select_related("owner")
        .order_by("start", "pk")
    ]
    found = Search(parcel, as_of, owners)
    for account in parcel.accounts.order_by("account_number"):
        bills = [b for b in bills_owed(account, on=as_of, only_until=True) if b.balance > 0]
        meters = []
        for meter in account.meters.order_by("pk"):
            last = MeterRead.objects.filter(meter=meter, read_on__lte=as_of).order_by("-read_on", "-pk").first()
            meters.append((meter, last))
        found.accounts.append(AccountLines(account, bills, meters))
    found.relevied = list(
        LedgerEntry.objects.filter(parcel=parcel, kind=LedgerKind.RELEVY_TRANSFER, posted_on__lte=as_of).order_by(
            "posted_on", "pk"
        )
    )
    found.pending = list(
        PendingCharge.objects.filter(parcel=parcel, incurred_on__lte=as_of)
        .exclude(billed_on__lte=as_of)
        .exclude(kind="connection_charge")
        .order_by("incurred_on", "pk")
    )
    for charge in ConnectionCharge.objects.filter(parcel=parcel, offered_on__lte=as_of).order_by("offered_on", "pk"):
        bill = bill_of(charge, on=as_of)
        if bill.balance > 0:
            found.connections.append(bill)
    found.capital = list(
        CapitalCharge.objects.filter(parcel=parcel, tax_year=as_of.year).select_related("area").order_by("tax_year")
    )
    found.violations = _violations(parcel, as_of)
    found.fee = current_parameters().at(as_of).number("charges.search_letter_fee")
    return found


def _number(day: dt.date) -> str:
    prefix = f"SL-{day:%Y}-"
    return f"{prefix}{SearchLetter.objects.filter(number__startswith=prefix).count() + 1:04d}"


def letter_context(found: Search, *, number: str, requested_by: str, written_by: Any) -> dict[str, Any]:
    return {
        "town": town(),
        "number": number,
        "title": "Statement of sewer charges on a property",
        "found": found,
        "requested_by": requested_by,
        "written_by": person(written_by),
    }


def do_write_search_letter(parcel: Parcel, *, as_of: dt.date, requested_by: str, acting_user: Any) -> SearchLetter:
    """Write, number and keep the search letter for ``parcel`` as of ``as_of`` (see the module)."""
    require(acting_user, "billing.write_search_letter", "write a search letter", who_may=WHO)
    who = check_text("requested_by", (requested_by or "").strip(), max_length=200)
    if not who:
        raise ValidationError({"requested_by": "Name the attorney or firm the letter is for."})
    if as_of > timezone.localdate():
        raise ValidationError(
            {"as_of": f"{as_of} is after today: a letter states what the records show, not a projection (I-124)."}
        )
    found = search(parcel, as_of=as_of)
    with transaction.atomic():
        number = _number(as_of)
        pdf = render_document(TEMPLATE, letter_context(found, number=number, requested_by=who, written_by=acting_user))
        letter = SearchLetter(
            number=number,
            parcel=parcel,
            as_of=as_of,
            requested_by=who,
            fee=found.fee,
            owed=found.owed,
            created_by=acting_user,
        )
        letter.file.save(f"{number}.pdf", ContentFile(bytes(pdf.write_pdf())), save=False)
        letter.save()
        AuditEvent.objects.create(
            actor=acting_user,
            action="do_write_search_letter",
            subject=f"search letter {number}",
            rows=1,
            detail={
                "letter": letter.pk,
                "parcel": parcel.pk,
                "as_of": as_of.isoformat(),
                "owed": format(found.owed, "f"),
            },
        )
    return letter
