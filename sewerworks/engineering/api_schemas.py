"""Schemas of the engineering API."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from ninja import Field, Schema

from sewerworks.core.api.schemas import Day


class FindingOut(Schema):
    element: str
    element_kind: str | None
    requirement: str
    severity: str
    section: str
    sentence: str
    decided_by: str
    interpretations: list[str]


class RevisionOut(Schema):
    id: int
    number: int
    file_name: str
    format: str
    crs: str
    submitted_on: dt.date
    reviewed_on: dt.date
    outcome: str
    failing: int
    needing_review: int
    note: str


class ElementOut(Schema):
    kind: str
    name: str
    geometry: str
    length_ft: Decimal | None
    diameter_in: Decimal | None
    slope_percent: Decimal | None
    rim_ft: Decimal | None
    invert_ft: Decimal | None


class ApprovalOut(Schema):
    authority: str
    approved_on: dt.date
    reference: str


class ProjectOut(Schema):
    id: int
    name: str
    place: str
    builder: str
    builder_name: str
    status: str
    drainage_area: str
    future_flows_reviewed_on: dt.date | None
    missing_approvals: list[str]
    approvals: list[ApprovalOut]
    latest_revision: RevisionOut | None


# --- construction on record (§118-30, 31, 34, 35) ---------------------------------------------------------------
class ExtensionSecurityIn(Schema):
    kind: str = Field(description="completion_bond, maintenance_bond or certified_check (§118-35).")
    amount: str = Field(description="Dollars and cents as text, e.g. \"150000.00\".")
    issuer: str
    number: str
    received_on: Day
    expires_on: Day | None = Field(default=None, description="Empty for a certified check.")


class ExtensionSecurityOut(Schema):
    id: int
    kind: str
    amount: Decimal
    issuer: str
    number: str
    received_on: dt.date
    expires_on: dt.date | None


class ExtensionResolutionIn(Schema):
    resolution_id: int = Field(description="A recorded Board resolution (the Board's §118-31 approval).")
    security_demanded: bool = Field(default=False, description="The resolution demands a guaranty security.")


class ExtensionStartIn(Schema):
    contractor: str
    started_on: Day
    parcel: str = Field(default="", description="The parcel of record's tax map number (billed, §118-31).")


class ExtensionConstructionOut(Schema):
    project_id: int
    status: str
    contractor: str
    construction_started_on: dt.date | None
    parcel: str | None
    resolution: str | None
    security_demanded: bool
    securities: list[ExtensionSecurityOut]
    stop_work_open_since: dt.date | None
    acceptance_waits_for: list[str]


class DailyReportIn(Schema):
    report_date: Day
    weather: str
    crew: str
    hours: str = Field(description="Inspection hours that day, 0 to 24, as text (\"7.5\").")
    pipe: str = ""
    station_from_ft: str | None = None
    station_to_ft: str | None = None
    trench_width_in: str | None = None
    bedding_in: str | None = None
    notes: str = ""


class DailyReportOut(Schema):
    id: int
    report_date: dt.date
    weather: str
    crew: str
    hours: Decimal
    pipe: str
    station_from_ft: Decimal | None
    station_to_ft: Decimal | None
    pipe_laid_ft: Decimal
    trench_width_in: Decimal | None
    bedding_in: Decimal | None
    notes: str
    stop_work: list[str]
    rejections: list[str]


class StopWorkIn(Schema):
    reason: str


class StopWorkOut(Schema):
    id: int
    issued_on: dt.date
    reason: str
    section: str
    lifted_on: dt.date | None


class LiftIn(Schema):
    lifted_on: Day
    note: str


class RejectionIn(Schema):
    material: str
    reason: str


class RejectionOut(Schema):
    id: int
    material: str
    reason: str
    section: str


class InspectionBillIn(Schema):
    month: str = Field(pattern=r"^\d{4}-\d{2}$", description="The month billed, YYYY-MM (ended).")


class InspectionBillOut(Schema):
    month: dt.date
    hours: Decimal
    amount: Decimal
    working: str
    charge_id: int
    billed_on: dt.date


class SteepRunIn(Schema):
    run: str
    max_section_ft: str
    reason: str


class TestPlanIn(Schema):
    steep: list[SteepRunIn] = Field(default_factory=list, max_length=1000)


class PlannedSectionOut(Schema):
    id: int
    run: str
    number: int
    from_ft: Decimal
    to_ft: Decimal
    length_ft: Decimal
    manholes: str
    result: str


class ExfiltrationTestIn(Schema):
    tested_on: Day
    filled_hours: str
    head_ft_above_crown: str
    test_hours: str
    water_added_gal: str
    groundwater_ft_above_crown: str | None = None


class ExfiltrationTestOut(Schema):
    id: int
    section_id: int
    tested_on: dt.date
    allowed_gal: Decimal
    water_added_gal: Decimal
    result: str
    after_repair_id: int | None


class RepairIn(Schema):
    repaired_on: Day
    description: str


class RepairOut(Schema):
    id: int
    section_id: int
    repaired_on: dt.date
    description: str


class PetitionSignatureIn(Schema):
    tax_map_number: str
    signer: str
    signed_on: Day


class PetitionSignatureOut(Schema):
    id: int
    tax_map_number: str
    signer: str
    signed_on: dt.date
    owner: str | None


class PetitionOwnerOut(Schema):
    owners: list[str]
    parcels: list[str]
    signed: bool


class PetitionOut(Schema):
    signed: int
    total: int
    majority: bool
    owners: list[PetitionOwnerOut]
    unmatched: list[PetitionSignatureOut]
    benefiting_parcels: list[str]


class WarrantIn(Schema):
    resolution_id: int
    decided_on: Day
