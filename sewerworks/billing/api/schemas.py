"""The shapes of billing's REST API: periods, bills with their line items, ledger entries and balances.

Money is a decimal string of dollars (``"28.00"``), never a float.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from ninja import Field, Schema

from sewerworks.core.api.schemas import Day


class PeriodIn(Schema):
    end: Day = Field(..., description="The period's last day: a day the §118-51 calendar ends a period on.")
    area_id: int | None = Field(None, description="One Sewer Improvement Area; empty for every account.")


class PeriodOut(Schema):
    id: int
    area_id: int | None
    start: dt.date
    end: dt.date
    reads_from: dt.date
    reads_until: dt.date
    bill_date: dt.date
    due_date: dt.date
    status: str = Field(
        ..., description="draft, reviewed, posting (part posted: post again to finish, I-108) or posted."
    )


class BillingJobOut(Schema):
    id: int = Field(..., description="The background job; follow it at /api/jobs/{id}.")
    status: str


class PostOut(Schema):
    posted: int = Field(..., description="Ledger entries written by this call (0 when the period was already posted).")
    unchanged: bool
    message: str


class LineOut(Schema):
    position: int
    kind: str
    description: str
    working: str
    quantity: Decimal | None = Field(None, description="Gallons.")
    rate: Decimal | None
    amount: Decimal
    section: str
    interpretations: str


class BillOut(Schema):
    id: int
    account_id: int
    parcel_id: int
    period_id: int
    status: str
    basis: str
    flags: str
    gallons: Decimal | None
    total: Decimal
    topic: str
    note: str


class BillDetailOut(BillOut):
    facts: dict[str, object] = Field(..., description="The topic's facts: POST them to /api/determinations/{topic}.")
    lines: list[LineOut]
    penalty_date: dt.date | None = Field(
        None, description="§118-53 (I-25, I-20): paid by the end of this day, no late penalty."
    )
    penalty: Decimal | None = Field(None, description="The late penalty on the ledger (§118-53), if added.")


class EntryOut(Schema):
    id: int
    parcel_id: int
    account_id: int | None
    kind: str
    amount: Decimal
    posted_on: dt.date
    source_key: str
    description: str


class BalanceOut(Schema):
    parcel_id: int
    balance: Decimal = Field(..., description="The sum of the parcel's ledger entries, dollars.")


class StrengthIn(Schema):
    account_id: int = Field(..., description="The sewer account measured.")
    bod: Decimal | None = Field(None, ge=0, description="Five-day BOD, mg/L.")
    suspended_solids: Decimal | None = Field(None, ge=0, description="Suspended solids, mg/L.")
    chlorine_demand: Decimal | None = Field(None, ge=0, description="Chlorine demand, mg/L.")
    source: str = Field(..., max_length=200, description="What the measurement comes from (the lab report).")


class StrengthOut(Schema):
    id: int
    account_id: int
    period_id: int
    bod: Decimal | None
    suspended_solids: Decimal | None
    chlorine_demand: Decimal | None
    source: str
    entered_by_id: int
