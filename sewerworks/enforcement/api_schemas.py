"""What the enforcement API reads and writes: deadlines, violations, notices, charges and sweeps.

Money travels as a decimal string (I-23). A JSON number is accepted too but read through its text
(``12.5`` is ``Decimal("12.5")``), never as a float; NaN, infinity, a negative amount or more than two
places of cents is refused with a 422. Dates are ``YYYY-MM-DD``; a time of service carries its zone.
"""

from __future__ import annotations

import datetime as dt
import math
from decimal import Decimal, InvalidOperation
from typing import Annotated, Any, Literal, get_args

from ninja import Field, Schema
from pydantic import AfterValidator, AwareDatetime, BeforeValidator, PlainSerializer

from sewerworks.core.api.schemas import Day, ErrorOut
from sewerworks.core.text import no_nul
from sewerworks.enforcement import pipeline
from sewerworks.enforcement.choices import (
    DeadlineKind,
    DeadlineStatus,
    Discovery,
    NoticeKind,
    Program,
    ServiceMethod,
)
from sewerworks.registry.filters import MAX_ID

__all__ = ["ErrorOut"]

Id = Annotated[int, Field(ge=1, le=MAX_ID)]
CENT = Decimal("0.01")
DecimalStr = Annotated[Decimal, PlainSerializer(lambda d: format(Decimal(d).quantize(CENT), "f"), return_type=str)]
MONEY_MAX = Decimal("9999999999.99")  # twelve digits with the cents, as stored


def _money(value: Any) -> Any:
    """A JSON number or string as a Decimal, through its text; never a float, NaN or infinity."""
    if isinstance(value, bool):
        raise ValueError("an amount is a number of dollars, e.g. \"125.00\"")
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError("an amount must be a finite number of dollars")
        value = repr(value)
    if isinstance(value, int | str):
        try:
            value = Decimal(str(value).strip())
        except InvalidOperation:
            raise ValueError(f"{value!r} is not an amount of dollars") from None
    if isinstance(value, Decimal) and not value.is_finite():
        raise ValueError("an amount must be a finite number of dollars")
    return value


NoNul = AfterValidator(no_nul)
SectionNo = Annotated[str, Field(min_length=1, max_length=12), NoNul]
Line = Annotated[str, Field(max_length=200), NoNul]
Prose = Annotated[str, Field(max_length=5000), NoNul]
ViolationStatus = Literal["open", "noticed", "corrected", "escalated", "referred", "closed"]
assert set(get_args(ViolationStatus)) == set(pipeline.STATUSES)

Money = Annotated[
    Decimal,
    BeforeValidator(_money),
    Field(ge=0, le=MONEY_MAX, decimal_places=2, description="Dollars and cents as a string, e.g. \"125.00\"."),
]


# --- Output ---------------------------------------------------------------------------------------------

class FollowUpOut(Schema):
    id: int
    kind: str
    title: str
    raised_on: dt.date
    done_on: dt.date | None = None
    assigned_to: str | None = Field(None, alias="assigned_to.username", description="Username.")


class DeadlineOut(Schema):
    id: int
    program: str
    kind: str = Field(
        ..., description="connect, abandon, correct, pump_out, install_meter, install_interceptor, review or other."
    )
    title: str = Field(..., description="What must be done.")
    section: str = Field(..., description="The section of Chapter 118 it rests on.")
    parcel_id: int | None = Field(None, description="The property, when the deadline is about one.")
    tax_map_number: str | None = None
    address: str | None = None
    subject: str = Field(..., description="What the deadline is about: the property's number or the record's name.")
    subject_type: str | None = Field(None, description="app.model of the record it is about, if not only a property.")
    subject_id: int | None = None
    duty: str = Field(..., description="The duty rule that opened it (enforcement.duties); empty if an act did.")
    notice_id: int | None = None
    notice_number: str | None = Field(None, alias="notice.number")
    private_system_id: int | None = None
    decision_id: int = Field(..., description="The stored determination that set the date.")
    due_on: dt.date = Field(..., description="By the end of this day, America/New_York (I-20).")
    due_at: dt.datetime | None = Field(None, description="For limits counted in hours (72 hours, §118-38).")
    officer_id: int | None = None
    officer: str | None = Field(None, alias="officer.username", description="Username of the officer.")
    status: str = Field(..., description="open, met, overdue or cancelled.")
    met_on: dt.date | None = None
    overdue_since: dt.date | None = None
    follow_ups: list[FollowUpOut] = Field(..., description="Tasks the daily sweep raised when it passed.")

    @staticmethod
    def resolve_tax_map_number(obj: Any) -> str | None:
        return obj.parcel.tax_map_number if obj.parcel_id else None

    @staticmethod
    def resolve_address(obj: Any) -> str | None:
        return obj.parcel.address if obj.parcel_id else None

    @staticmethod
    def resolve_subject(obj: Any) -> str:
        return str(obj.subject_label)

    @staticmethod
    def resolve_subject_type(obj: Any) -> str | None:
        return f"{obj.subject_type.app_label}.{obj.subject_type.model}" if obj.subject_type_id else None


class CitationOut(Schema):
    section: str
    title: str = Field(..., description="The section's heading in Chapter 118.")


class DecisionOut(Schema):
    """The determination kept with a deadline: the ordinance Decision as it was on the day."""

    id: int
    topic: str
    as_of: dt.date
    outcome: str
    summary: str
    findings: list[dict[str, Any]] = Field(..., description="Each requirement applied, with its section.")
    deadlines: list[dict[str, Any]]
    citations: list[CitationOut] = Field(..., description="Every section of Chapter 118 the decision cites.")
    interpretations: list[str] = Field(..., description="Interpretation ids (docs/interpretations.md) it rests on.")


def decision_out(stored: Any) -> dict[str, Any]:
    """A StoredDecision's JSON as :class:`DecisionOut`, each cited section with its heading."""
    from sewerworks.ordinance.chapter import catalogue

    data = stored.decision if isinstance(stored.decision, dict) else {}
    citations = []
    for number in data.get("sections", []):
        try:
            citations.append({"section": number, "title": catalogue.section(number).title})
        except KeyError:
            citations.append({"section": number, "title": ""})
    return {
        "id": stored.pk, "topic": stored.topic, "as_of": stored.as_of, "outcome": stored.outcome,
        "summary": stored.summary, "findings": data.get("findings", []), "deadlines": data.get("deadlines", []),
        "citations": citations, "interpretations": data.get("interpretations", []),
    }


class DeadlineDetailOut(DeadlineOut):
    decision: DecisionOut

    @staticmethod
    def resolve_decision(obj: Any) -> dict[str, Any]:
        return decision_out(obj.decision)


class StatusChangeOut(Schema):
    from_status: str = Field(..., description="Empty for the first status (open).")
    to_status: str
    occurred_at: dt.datetime = Field(
        ..., alias="event_at", description="When the move happened: the notice's service, the sweep's day (I-114)."
    )
    recorded_at: dt.datetime = Field(..., alias="at", description="When the row was written.")
    at: dt.datetime = Field(..., description="Same as recorded_at (kept for existing clients).")
    by: str | None = Field(None, alias="by.username", description="Username; empty when the daily sweep moved it.")
    why: str


class NoticeOut(Schema):
    id: int
    number: str = Field(..., description="e.g. NTC-2026-0007.")
    kind: str
    section: str
    parcel_id: int
    tax_map_number: str = Field(..., alias="parcel.tax_map_number")
    violation_id: int | None = None
    addressee_id: int | None = None
    addressee_name: str = Field(..., description="Someone other than the owner of record; empty if the owner.")
    addressee_block: str = Field(..., description="Name and mailing address as printed.")
    facts: str
    correction_days: int | None = None
    correction_hours: int | None = None
    issued_on: dt.date
    issued_by: str | None = Field(None, alias="issued_by.username")
    served: bool
    served_method: str = Field(..., description="certified_mail, personal_delivery or posting; empty until served.")
    served_on: dt.date | None = None
    served_at: dt.datetime | None = None
    served_by_name: str


class NoticeDetailOut(NoticeOut):
    deadlines: list[DeadlineOut] = Field(..., description="The clocks its service started.")


class FineOut(Schema):
    """The §118-5 abandonment fine (I-21): $10 a day for 30 days from the notification, $25 a day after."""

    notified_on: dt.date
    corrected_on: dt.date | None = None
    as_of: dt.date = Field(..., description="The day it is computed to: corrected, posted, or today.")
    days: int
    amount: DecimalStr
    posted_on: dt.date | None = Field(None, description="When it was posted (corrected, or posted by the "
                                      "Superintendent); its pending charge is then what billing posts.")
    pending_charge_id: int | None = None


class CourtFineOut(Schema):
    """Paid to the court, not billed by the Town: never a pending charge."""

    id: int
    violation_id: int
    imposed_on: dt.date
    amount: DecimalStr
    court: str
    docket: str


class AccountRef(Schema):
    id: int
    account_number: str
    closed_on: dt.date | None = None


class ChargeOut(Schema):
    """A §118-47 charge to the violator, as the Billing program reads it."""

    id: int
    violation_id: int
    section: str = Field(..., alias="violation.section")
    parcel_id: int = Field(..., alias="violation.parcel_id")
    tax_map_number: str = Field(..., alias="violation.parcel.tax_map_number")
    address: str = Field(..., alias="violation.parcel.address")
    responsible_name: str = Field(..., alias="violation.responsible_name")
    accounts: list[AccountRef] = Field(..., description="Sewer accounts on the parcel, open ones first.")
    description: str
    amount: DecimalStr
    incurred_on: dt.date
    pending_charge_id: int | None = Field(None, description="The pending charge billing posts (core).")
    billed_on: dt.date | None = Field(None, description="Empty while pending (from its pending charge).")
    billing_reference: str = Field("", description="Set by billing on its pending charge.")

    @staticmethod
    def resolve_billed_on(obj: Any) -> dt.date | None:
        return obj.pending_charge.billed_on if obj.pending_charge else None

    @staticmethod
    def resolve_billing_reference(obj: Any) -> str:
        return str(obj.pending_charge.billing_reference) if obj.pending_charge else ""

    @staticmethod
    def resolve_accounts(obj: Any) -> list[Any]:
        return sorted(obj.violation.parcel.accounts.all(), key=lambda a: (a.closed_on is not None, a.account_number))


class ViolationOut(Schema):
    id: int
    section: str = Field(..., description="Section of Chapter 118 violated.")
    program: str
    parcel_id: int
    tax_map_number: str = Field(..., alias="parcel.tax_map_number")
    address: str = Field(..., alias="parcel.address")
    responsible_owner_id: int | None = None
    responsible_name: str
    discovered_on: dt.date
    how_discovered: str
    description: str = Field(..., description="The nature of the violation (§118-47).")
    status: str = Field(..., description="open, noticed, corrected, escalated, referred or closed.")
    source_deadline_id: int | None = Field(None, description="The missed deadline this violation is.")
    corrected_on: dt.date | None = None


class ViolationDetailOut(ViolationOut):
    status_changes: list[StatusChangeOut]
    notices: list[NoticeOut]
    deadlines: list[DeadlineOut] = Field(..., description="The deadline it missed and its notices' deadlines.")
    fine_to_date: FineOut | None = Field(None, description="The §118-5 abandonment fine, if one runs.")
    court_fines: list[CourtFineOut]
    charges: list[ChargeOut]

    @staticmethod
    def resolve_deadlines(obj: Any) -> list[Any]:
        from django.db.models import Q

        from sewerworks.enforcement.models import Deadline

        both = Q(violation=obj) | Q(notice__violation=obj)
        return list(Deadline.objects.filter(both).distinct().select_related("parcel", "notice", "officer"))

    @staticmethod
    def resolve_fine_to_date(obj: Any) -> dict[str, Any] | None:
        """Final once corrected or posted; otherwise accruing to today (I-21)."""
        from django.utils import timezone

        from sewerworks.enforcement.fines import fine_as_of
        from sewerworks.enforcement.models import AbandonmentFine

        fine = AbandonmentFine.objects.filter(violation=obj).first()
        if fine is None:
            return None
        if fine.posted_on:
            amount, days, as_of = fine.amount, fine.days, fine.computed_through or fine.posted_on
        else:
            as_of = fine.corrected_on or timezone.localdate()
            amount, days = fine_as_of(fine, as_of)
        return {"notified_on": fine.notified_on, "corrected_on": fine.corrected_on, "as_of": as_of, "days": days,
                "amount": amount, "posted_on": fine.posted_on, "pending_charge_id": fine.pending_charge_id}


class ConnectionOut(Schema):
    building_id: int
    status: str = Field(..., description="connected.")
    connected_on: dt.date | None = None
    deadlines: list[DeadlineOut] = Field(..., description="The parcel's deadlines: connect met, abandon started.")


class AbandonmentOut(Schema):
    private_system_id: int
    status: str = Field(..., description="abandoned.")
    abandoned_on: dt.date
    deadlines: list[DeadlineOut] = Field(..., description="Its deadline to abandon, now met.")


class SweepOut(Schema):
    id: int
    as_of: dt.date
    started_at: dt.datetime
    finished_at: dt.datetime | None = None
    changes: dict[str, int] = Field(..., description="What it changed, by kind; empty when nothing was due.")


# --- Input ----------------------------------------------------------------------------------------------

class ViolationIn(Schema):
    parcel_id: Id
    section: SectionNo = Field(..., description="Section of Chapter 118 violated, e.g. '118-5'.")
    description: Prose = Field(..., min_length=1, description="The nature of the violation.")
    discovered_on: Day
    how_discovered: Discovery = Discovery.INSPECTION
    program: Program = Program.GENERAL
    responsible_owner_id: Id | None = Field(None, description="Default: the owner of record.")


class MoveIn(Schema):
    to: ViolationStatus = Field(..., description="The status to move to, e.g. referred.")
    why: Prose = Field(..., min_length=1, description="Why the case moves.")
    occurred_on: Day | None = Field(
        None, description="The day the move happened, if not today: not a day to come, not before the discovery."
    )


class CorrectionIn(Schema):
    corrected_on: Day
    why: Prose = ""


class FinePostingIn(Schema):
    posted_on: Day = Field(..., description="The day the fine to date is fixed and posted; not a day to come.")


class CourtFineIn(Schema):
    imposed_on: Day
    amount: Money
    docket: Line = Field("", max_length=60)
    court: Line = Field("", max_length=120, description="Default: Town of Marlborough Justice Court.")


class ChargeIn(Schema):
    description: Line = Field(..., min_length=1, description="The expense, loss or damage.")
    amount: Annotated[Money, Field(gt=0)]
    incurred_on: Day


class NoticeIn(Schema):
    kind: NoticeKind
    parcel_id: Id | None = Field(None, description="Default: the violation's parcel.")
    violation_id: Id | None = Field(None, description="Required for a notice of violation or appearance ticket.")
    facts: Prose = Field(..., min_length=1, description="What was found, in plain words.")
    correction_days: int | None = Field(None, ge=1, le=3650, description="Time limit in days.")
    correction_hours: int | None = Field(None, ge=1, le=8760, description="Time limit in hours (72 for a pump-out).")
    issued_on: Day | None = Field(None, description="Default: today.")
    section: SectionNo | None = Field(None, description="Default: the violation's section.")
    addressee_name: Line | None = Field(
        None, max_length=200, description="Address it to someone other than the owner of record (a permit's plumber, "
        "a developer, an industrial user's operator). Needs addressee_block."
    )
    addressee_block: Prose | None = Field(None, description="That addressee's name and mailing address as printed.")


class ServiceIn(Schema):
    method: ServiceMethod
    served_on: Day
    served_by_name: Line = Field(..., min_length=1, max_length=120, description="Who served it.")
    served_at: AwareDatetime | None = Field(None, description="With its time zone, e.g. 2026-03-02T14:30:00-05:00.")


class ConnectionIn(Schema):
    building_id: Id
    connected_on: Day
    building_sewer_diameter_in: int | None = Field(None, ge=4, le=24, description="Inches (§118-19: at least 4).")


class MeetDeadlineIn(Schema):
    met_on: Day = Field(..., description="The day it was done (not a day still to come).")
    why: Line = Field(..., min_length=1, max_length=100, description="How it was met (a manifest, a serial).")


class AbandonmentIn(Schema):
    abandoned_on: Day = Field(..., description="Cleaned of sludge and liquid, abandoned and filled (§118-5).")


class SweepIn(Schema):
    as_of: Day | None = Field(None, description="Default: today. Not a day still to come.")


class DeadlineQuery(Schema):
    status: DeadlineStatus | None = None
    program: Program | None = None
    kind: DeadlineKind | None = None
    officer: Id | None = Field(None, description="Id of the responsible officer.")
    parcel: Id | None = Field(None, description="Id of the parcel.")
    due_from: Day | None = Field(None, description="Due on or after.")
    due_to: Day | None = Field(None, description="Due on or before.")
    overdue: bool | None = Field(None, description="true: past due and not met (overdue, or open and passed).")


class ViolationQuery(Schema):
    status: ViolationStatus | None = None
    program: Program | None = None
    section: SectionNo | None = None
    parcel: Id | None = None


class NoticeQuery(Schema):
    kind: NoticeKind | None = None
    parcel: Id | None = None
    violation: Id | None = None
    served: bool | None = None


class ChargeQuery(Schema):
    pending: bool | None = Field(None, description="true: not yet billed; false: billed.")
