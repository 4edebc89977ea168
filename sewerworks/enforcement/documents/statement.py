"""What a fine statement prints: the §118-5 abandonment fine day by day, court fines, charges (§118-47).

The abandonment fine is the ``abandonment-fine`` determination for the fine's dates (I-21): from the
day the notification of violation was served to the day it was corrected, or, while it continues, to
the statement's date. Court fines are only those a court imposed and the clerk recorded (I-22); the
charges are the Town's expenses recorded against the violation (§118-47).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.utils import timezone

from sewerworks.core.determinations.run import run_determination
from sewerworks.core.documents.town import town
from sewerworks.core.documents.wording import (
    cited_sections,
    interpretation_lines,
    money,
    spoken_date,
)
from sewerworks.enforcement.documents.billing_note import billing_note
from sewerworks.enforcement.models import AbandonmentFine, Violation
from sewerworks.enforcement.models.notices import Notice
from sewerworks.ordinance.decision import Decision


def abandonment_fine_decision(fine: AbandonmentFine, as_of: dt.date) -> tuple[Decision, dt.date]:
    """The ``abandonment-fine`` determination for ``fine`` as of ``as_of`` (or its correction date)."""
    until = fine.corrected_on or as_of
    facts = {
        "notified_on": fine.notified_on.isoformat(),
        "corrected_on": fine.corrected_on.isoformat() if fine.corrected_on else None,
    }
    return run_determination("abandonment-fine", facts, as_of=until), until


def _fine_rows(decision: Decision) -> tuple[list[dict[str, str]], Decimal, int]:
    """The breakdown lines ("days 1–30: 30 days × $10.00 = $300.00"), the total and the days in violation."""
    rows: list[dict[str, str]] = []
    total, days = Decimal("0.00"), 0
    for amount in decision.amounts:
        if amount.unit == "day":
            days = int(amount.value)
            continue
        total = Decimal(amount.value)
        for line in amount.breakdown:
            rows.append(
                {
                    "period": line["period"],
                    "days": line["days"],
                    "rate": money(line["rate"]),
                    "subtotal": money(line["subtotal"]),
                }
            )
    return rows, total, days


def fine_statement_context(violation: Violation, *, as_of: dt.date | None = None) -> dict[str, Any]:
    """Everything the fine statement of ``violation`` prints, as of ``as_of`` (default: today)."""
    as_of = as_of or timezone.localdate()
    parcel = violation.parcel
    owner = violation.responsible_owner
    notice = Notice.objects.filter(violation=violation, served_on__isnull=False).order_by("served_on", "id").first()
    addressee = (owner.mailing_block if owner else violation.responsible_name or f"Owner of {parcel}").splitlines()
    fine = AbandonmentFine.objects.filter(violation=violation).first()
    grand_total = Decimal("0.00")
    ids: list[str] = ["I-22", "I-23"]
    abandonment: dict[str, Any] | None = None
    fine_total = Decimal("0.00")
    if fine is not None:
        decision, until = abandonment_fine_decision(fine, as_of)
        rows, total, days = _fine_rows(decision)
        grand_total += total
        fine_total = total
        ids.extend(decision.interpretations)
        for finding in decision.findings:
            ids.extend(finding.interpretations)
        abandonment = {
            "notified_on": spoken_date(fine.notified_on),
            "corrected_on": spoken_date(fine.corrected_on) if fine.corrected_on else "",
            "through": spoken_date(until),
            "days": days,
            "rows": rows,
            "total": money(total),
            "posted_on": spoken_date(fine.posted_on) if fine.posted_on else "",
            "summary": decision.summary,
        }
    court_fines = []
    for court_fine in violation.court_fines.order_by("imposed_on", "id"):
        grand_total += court_fine.amount
        court_fines.append(
            {
                "imposed_on": spoken_date(court_fine.imposed_on),
                "court": court_fine.court,
                "docket": court_fine.docket,
                "amount": money(court_fine.amount),
            }
        )
    charges = []
    for charge in violation.charges.select_related("pending_charge").order_by("incurred_on", "id"):
        grand_total += charge.amount
        charges.append(
            {
                "incurred_on": spoken_date(charge.incurred_on),
                "description": charge.description,
                "amount": money(charge.amount),
                "billed_on": spoken_date(charge.billed_on) if charge.billed_on else "",
            }
        )
    return {
        "town": town(),
        "title": "Statement of Fines and Charges",
        "number": notice.number if notice else f"Violation {violation.pk}",
        "issued_on": spoken_date(as_of),
        "addressee_lines": [line for line in addressee if line.strip()],
        "tax_map_number": parcel.tax_map_number,
        "property_address": parcel.address,
        "violation": violation,
        "nature": violation.description,
        "notice": notice,
        "abandonment": abandonment,
        "court_fines": court_fines,
        "charges": charges,
        "grand_total": money(grand_total),
        "billing_note": billing_note(violation, fine, fine_total),
        "sections": cited_sections(violation.section, "118-5" if fine else "", "118-47"),
        "interpretations": interpretation_lines(ids),
    }
