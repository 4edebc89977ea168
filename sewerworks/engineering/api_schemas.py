"""Schemas of the engineering API."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from ninja import Schema


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
