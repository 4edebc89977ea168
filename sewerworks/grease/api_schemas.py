"""The shapes of the grease program's REST API. Measurements are decimal strings, never floats."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from ninja import Field, Schema

from sewerworks.core.api.schemas import Day


class EstablishmentOut(Schema):
    id: int
    name: str
    building_id: int
    parcel_id: int
    seats: int
    established_on: dt.date | None
    category: str = Field(..., description="new, existing or preexisting (§118-38, I-35).")
    interceptor_id: int | None
    interceptor: str = Field(..., description="The interceptor on record, e.g. '2,000-gallon exterior precast'.")
    last_fill_percent: Decimal | None
    open_case: str = Field(..., description="none, pump_out_notice or pump_out_order.")
    due_at: dt.datetime | None = Field(None, description="When the open notice's or order's hours end.")
    deadline_status: str | None
    log: str = Field(..., description="The record-keeping check: complete, incomplete, empty or no-interceptor.")
    predicted_on: dt.date | None = Field(None, description="Next 80% predicted (advisory, I-67).")


class InspectionIn(Schema):
    inspected_at: dt.datetime = Field(..., description="With its time zone: the hours run from it (I-20).")
    adequately_performing: bool
    grease_depth_in: Decimal | None = Field(None, ge=0, description="Exterior: grease layer, in.")
    solids_depth_in: Decimal | None = Field(None, ge=0, description="Exterior: solids layer, in.")
    grease_retained_lb: Decimal | None = Field(None, ge=0, description="Interior: grease retained, lb.")
    log_made_available: bool = True
    notes: str = Field("", max_length=2000)


class GreaseInspectionOut(Schema):
    id: int
    interceptor_id: int
    inspected_at: dt.datetime
    fill_percent: Decimal
    adequately_performing: bool
    outcome: str = Field(..., description="in-order, needs-review, pump-out-due or pump-out-order (I-36).")
    violation_id: int | None
    notice_number: str | None
    due_at: dt.datetime | None
    decision_id: int


class PumpOutIn(Schema):
    pumped_on: Day
    hauler_id: int
    volume_gal: Decimal = Field(..., gt=0)
    disposal_facility: str = Field("", max_length=160)
    nysdec_approved_disposal: bool | None = None
    manifest_number: str = Field("", max_length=40)
    receipt_service_date: Day | None = None
    receipt_volume_gal: Decimal | None = Field(None, gt=0)


class PumpOutOut(Schema):
    id: int
    interceptor_id: int
    pumped_on: dt.date
    hauler_id: int
    volume_gal: Decimal
    disposal_facility: str
    nysdec_approved_disposal: bool | None
    manifest_number: str
    has_receipt: bool


class HaulerIn(Schema):
    name: str = Field(..., min_length=1, max_length=120)
    license_number: str = Field(..., min_length=1, max_length=40)
    license_expires_on: Day | None = None
    phone: str = Field("", max_length=30)


class HaulerOut(Schema):
    id: int
    name: str
    license_number: str
    license_expires_on: dt.date | None
    phone: str
