"""Shapes of the contract-user API."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Literal

from ninja import Field, Schema

from sewerworks.contracts.choices import Outcome
from sewerworks.core.api.schemas import Day

OutcomeName = Literal["eligible", "eligible-under-118-29.1", "too-far", "not-adjoining", "cannot-judge"]
assert set(OutcomeName.__args__) == set(Outcome.values)  # type: ignore[attr-defined]


class CandidateOut(Schema):
    parcel_id: int
    tax_map_number: str
    address: str
    area: str = Field(..., description="Code of the nearer Sewer Improvement Area.")
    outcome: OutcomeName
    boundary_gap_ft: Decimal = Field(..., description="Parcel polygon to the area, EPSG:2260 ft, to the hundredth.")
    discharge_distance_ft: Decimal | None = Field(..., description="Discharge point to the area; null: none (I-82).")
    as_of: dt.date
    run: str


class ScreenIn(Schema):
    as_of: Day | None = Field(None, description="The law in force on this day (default today); from 1996-04-22.")


class ScreenOut(Schema):
    id: int
    run: str
    as_of: dt.date
    scope: str
    job_id: int | None
    finished_at: dt.datetime | None
    parcels_read: int
    candidates: int
    counts: dict[str, int]
    sample: int
    mismatches: list[dict[str, object]]


class PetitionIn(Schema):
    parcel_id: int
    account_id: int
    petitioner: str = Field(..., max_length=120)
    petitioned_on: Day
    notes: str = Field("", max_length=2000)


class DecisionIn(Schema):
    approve: bool
    resolution_id: int
    decided_on: Day
    legal_fees: Decimal | None = Field(None, description="Dollars and cents; with approval.")
    assessment_share: Decimal | None = Field(None, description="Dollars and cents; with approval.")


class AgreementOut(Schema):
    id: int
    parcel_id: int
    account_id: int
    petitioner: str
    petitioned_on: dt.date
    status: str
    eligibility_outcome: str
    resolution: str | None
    decided_on: dt.date | None
    legal_fees: Decimal | None
    assessment_share: Decimal | None
    revenue_area: str | None
