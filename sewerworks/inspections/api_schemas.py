"""The inspections API's shapes (django-ninja schemas); names prefixed ``Inspection`` to stay unique."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any, Literal

from ninja import Field, Schema

from sewerworks.core.api.schemas import Day
from sewerworks.enforcement.api_schemas import Id


class InspectionItemOut(Schema):
    key: str
    section: str
    kind: str = Field(description="measured, yes_no or discretion.")
    text: str
    design: Any = Field(None, description="The design value to compare, as the permit's review stored it.")
    unit: str | None = None
    follows: str | None = Field(None, description="An item with a deadline of its own (restore), not judged now.")


class InspectionOut(Schema):
    id: int
    subject: str = Field(description="What was inspected, e.g. 'BSP-2026-0012 Building sewer permit'.")
    subject_kind: str = Field(description="The registered subject: permit ...")
    subject_id: int
    parcel_id: int | None
    kind: str = Field(description="The inspection: trench, lateral, connection ...")
    requested_on: dt.date
    requested_by: str
    requester: str = Field(description="plumber, applicant, owner or staff.")
    notice: str
    scheduled_for: dt.date | None
    repeats_id: int | None = Field(description="The inspection this one repeats.")
    checklist: list[InspectionItemOut]
    result: str = Field(description="'' (none yet), passed, failed, not_ready or cancelled.")
    inspected_on: dt.date | None
    inspector: str | None
    answers: dict[str, dict[str, str]]
    notes: str
    latitude: Decimal | None
    longitude: Decimal | None
    summary: str = Field(description="What the result started (the connection recorded, a deadline opened ...).")
    photos: list[str] = Field(description="Where each photograph is downloaded.")


class InspectionAnswerIn(Schema):
    answer: str = Field("", description="yes, no, or '' (not checked).")
    measured: str = Field("", max_length=20, description="The value measured, for a measured item.")
    note: str = Field("", max_length=500)


class InspectionResultIn(Schema):
    result: str = Field(description="passed, failed, not_ready or cancelled.", examples=["passed"])
    inspected_on: Day
    answers: dict[str, InspectionAnswerIn] = Field(default_factory=dict, description="By checklist item key.")
    notes: str = ""
    latitude: Decimal | None = Field(None, ge=-90, le=90)
    longitude: Decimal | None = Field(None, ge=-180, le=180)
    building_name: str | None = Field(
        None, max_length=120, description="Connection of a permit naming no building: the new building's name (I-132)."
    )
    building_use: str | None = Field(None, description="Its use: residential, commercial, food_service ... (I-132).")


class InspectionScheduleIn(Schema):
    scheduled_for: Day
    why: str = Field("", max_length=100)


class InspectionRequestIn(Schema):
    kind: str = Field(description="trench, lateral or connection.", examples=["trench"])
    requested_on: Day
    requested_by: str = Field(max_length=120, description="Who gave the notice: the plumber, or the applicant.")
    requester_address: str = Field("", max_length=500, description="Their mailing address (the plumber's: needed).")
    scheduled_for: Day | None = None


class InspectionQuery(Schema):
    result: Literal["open", "passed", "failed", "not_ready", "cancelled"] | None = Field(
        None, description="open: no result yet."
    )
    kind: str | None = Field(None, max_length=30, description="trench, lateral, connection ...")
    parcel_id: Id | None = Field(None, description="Id of the parcel.")
