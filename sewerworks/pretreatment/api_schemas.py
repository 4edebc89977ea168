"""The shapes of the pretreatment program's REST API. Measurements are decimal strings, never floats."""

from __future__ import annotations

import datetime as dt

from ninja import Field, Schema


class PointOut(Schema):
    id: int
    code: str
    kind: str = Field(..., description="control_manhole (§118-41) or public_manhole (§118-42).")
    location: str


class IndustrialUserOut(Schema):
    id: int
    name: str
    building_id: int
    parcel_id: int
    account_id: int | None
    activity: str
    average_daily_flow: str | None = Field(None, description="Gallons per day (§118-39, I-32).")
    points: list[PointOut]
    open_review: bool = Field(..., description="A §118-39 review awaits the Town Engineer.")


class ResultOut(Schema):
    parameter: str
    reported: str = Field(..., description='As the lab reported it, e.g. "<5 ug/L".')
    value: str = Field(..., description="In the limit's unit, exact (I-31); a non-detect counts as zero.")
    unit: str
    non_detect: bool
    method: str


class SampleOut(Schema):
    id: int
    lab_sample_id: str
    lab: str
    point: str
    kind: str
    started_at: dt.datetime
    ended_at: dt.datetime
    day: dt.date
    results: list[ResultOut]


class FindingOut(Schema):
    id: int
    user_id: int
    point: str
    day: dt.date
    parameter: str
    basis: str = Field(..., description="24_hour, 30_day or instantaneous (I-73).")
    row: str = Field(..., description="The §118-37 table row or clause.")
    section: str
    value: str
    limit: str
    unit: str
    sentence: str
    violation_id: int | None
