"""The permits API's shapes (django-ninja schemas)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from ninja import Field, Schema

from sewerworks.core.api.schemas import Day


class PermitOut(Schema):
    id: int
    number: str
    kind: str
    permit_class: str
    status: str
    parcel_id: int
    applicant: str
    filed_on: dt.date
    review_outcome: str = Field(description="complies, fails, needs-review, incomplete or not-reviewed.")
    review: dict[str, Any] = Field(description="Each topic's Decision, the field errors and the topics missing.")
    blockers: list[str] = Field(description="What stands between the permit and approval (I-88, I-90).")
    fee_receipt: str | None = None
    county_inspection_overdue: bool = False
    industrial_user_id: int | None = Field(None, description="Class 2: the pretreatment program's industrial user.")
    industrial_user_legacy: str = Field(
        "", description="The industrial user as typed before the link, when it matched no user exactly (I-172)."
    )


class ApplicationIn(Schema):
    kind: str = Field(description="building_sewer, opening or old_sewer_reuse.", examples=["building_sewer"])
    permit_class: str = Field("", description="class_1 or class_2 (building sewer permits, I-01).")
    parcel_id: int
    applicant: str = Field(max_length=120)
    applicant_is_agent: bool = False
    filed_on: Day
    description: str = ""
    design: dict[str, Any] = Field(
        default_factory=dict,
        description="Facts by topic: building-sewer, separate-building-sewer, lateral-connection, building-drain-lift, "
        "new-development (building sewer); old-building-sewer (reuse).",
        examples=[{"building-sewer": {"diameter_in": 4, "slope_in_per_ft": "0.25", "material": "pvc_sdr35"}}],
    )
    constituents: str = ""
    characteristics: str = ""
    activity: str = ""
    industrial_user_id: int | None = Field(
        None, description="Class 2: the industrial user's id in the pretreatment program, on the parcel (I-172)."
    )
    county_conditions: str = ""


class DesignIn(Schema):
    design: dict[str, Any]
    why: str = Field("", max_length=100)


class FeeIn(Schema):
    amount: Decimal = Field(description="The class's fee in force on the filing date, dollars.", examples=["100.00"])
    receipt_number: str = Field(max_length=40)
    method: str = Field(description="cash, check, card or money_order.")
    paid_on: Day


class PermitMoveIn(Schema):
    to: str = Field(description="The status to move to (a declared move).", examples=["under_review"])
    why: str = Field("", max_length=100)


class DiscretionIn(Schema):
    topic: str
    requirement: str
    verdict: str = Field(description="accepted or refused.")
    reason: str
