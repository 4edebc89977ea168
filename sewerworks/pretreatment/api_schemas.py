"""The shapes of the pretreatment program's REST API. Measurements are decimal strings, never floats."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Annotated, Literal

from ninja import Field, Schema
from pydantic import AfterValidator

from sewerworks.core.api.schemas import Day
from sewerworks.core.text import no_nul
from sewerworks.pretreatment.choices import CHECKLIST


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


class PretreatmentFindingOut(Schema):
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
    found_by_run: int | None = Field(None, description="The period evaluation that found it; empty: its entry.")
    withdrawn_by_run: int | None = Field(None, description="The evaluation that found it no longer holds (I-151).")
    withdrawn_reason: str = ""


# --- A period evaluated at once (issue 36) --------------------------------------------------------------


class EvaluationIn(Schema):
    start: Day = Field(..., description="First day; a day before the first result is cut to it.")
    end: Day = Field(..., description="Last day; a day after today is cut to today (I-50).")


class EvaluationJobOut(Schema):
    id: int = Field(..., description="The background job (GET /api/jobs/{id}); its result names the run.")
    status: str


class EvaluationChangeOut(Schema):
    kind: str = Field(..., description="added, changed (its figures or evidence), withdrawn or reinstated (I-151).")
    exceedance_id: int
    point: str
    parameter: str
    basis: str
    day: dt.date
    value_before: str | None
    limit_before: str | None
    value_after: str | None
    limit_after: str | None
    unit: str
    reason: str


class EvaluationRunOut(Schema):
    id: int
    requested_start: dt.date
    requested_end: dt.date
    start: dt.date = Field(..., description="The period evaluated: cut to the data (see notes).")
    end: dt.date
    as_of: dt.date
    status: str = Field(..., description="running, finished, interrupted (a rerun completes it) or failed.")
    full: bool = Field(..., description="True: every series; false: only what changed since the last run.")
    parameters_version: str
    job_id: int | None
    results_read: int
    series: int
    added: int
    changed: int
    withdrawn: int
    violations: int
    timings: dict[str, float] = Field(..., description="Seconds per step and in all.")
    notes: str
    message: str


class EvaluationRunDetailOut(EvaluationRunOut):
    changes: list[EvaluationChangeOut]


# --- Input: what staff enter by hand (the screens' forms, over REST) -------------------------------------

NoNul = AfterValidator(no_nul)
# Strings the database stores (no NUL character, no longer than their column) and decimals that fit theirs.
Str10 = Annotated[str, Field(max_length=10), NoNul]
Str30 = Annotated[str, Field(max_length=30), NoNul]
Str60 = Annotated[str, Field(max_length=60), NoNul]
Str120 = Annotated[str, Field(max_length=120), NoNul]
Str200 = Annotated[str, Field(max_length=200), NoNul]
Prose = Annotated[str, Field(max_length=4000), NoNul]
Gallons = Annotated[Decimal, Field(ge=0, max_digits=12, decimal_places=1, allow_inf_nan=False)]
Strength = Annotated[Decimal, Field(ge=0, max_digits=12, decimal_places=3, allow_inf_nan=False)]
Measured = Annotated[Decimal, Field(ge=0, max_digits=20, decimal_places=9, allow_inf_nan=False)]


PointKindIn = Literal["control_manhole", "public_manhole"]
AgencyIn = Literal["town_engineer", "town", "usepa", "nysdec"]


class IndustrialUserIn(Schema):
    building_id: int = Field(..., description="An industrial building with no industrial user yet (one per building).")
    activity: Str200 = Field(
        ..., min_length=1, description="What the plant does, as its Class 2 application describes it."
    )
    account_number: Str30 = Field("", description="The sewer account billed the §118-52 surcharge; empty for none.")
    average_daily_flow: Gallons | None = Field(
        None, description="Gallons per day, for the §118-39 2% comparison (I-32)."
    )


class SamplingPointIn(Schema):
    code: Str30 = Field(..., min_length=1, description="As the lab's files name it, e.g. CM-1 (stored in capitals).")
    kind: PointKindIn = Field(..., description="control_manhole (§118-41) or public_manhole (§118-42).")
    location: Str200 = Field(..., min_length=1, description="Where it is, accessibly and safely located.")
    required_on: Day | None = Field(None, description="Control manhole: when the Town Engineer required it.")
    plans_approved_on: Day | None = Field(None, description="Control manhole only.")


class AgreementIn(Schema):
    resolution_id: int = Field(..., description="The Board resolution that approved the agreement (§118-43).")
    parameter: Str30 = Field(..., min_length=1, description="A §118-37 parameter, e.g. bod, copper.")
    limit: Strength = Field(
        ..., gt=0, description="The accepted strength, in the limit's unit (mg/L for concentrations)."
    )
    starts_on: Day = Field(..., description="Not before the resolution was adopted.")
    ends_on: Day | None = Field(None, description="Empty: until the Board ends it.")
    terms: Prose = Field("", description="The payment and other terms.")


class PretreatmentAgreementOut(Schema):
    id: int
    user_id: int
    resolution: str = Field(..., description="The instrument that approved it, e.g. Resolution 2025-31.")
    parameter: str
    limit: str
    starts_on: dt.date
    ends_on: dt.date | None


class TreatmentIn(Schema):
    description: Str200 = Field(..., min_length=1, description="The facility, e.g. pH neutralization (§118-40).")
    plans_submitted_on: Day
    town_engineer_approved_on: Day | None = None
    state_approved_on: Day | None = Field(None, description="The Water Resources Commission's and NYSDEC's.")
    construction_started_on: Day | None = Field(None, description="Not before both written approvals (§118-40).")


class TreatmentOut(Schema):
    id: int
    user_id: int
    description: str
    plans_submitted_on: dt.date
    town_engineer_approved_on: dt.date | None
    state_approved_on: dt.date | None
    construction_started_on: dt.date | None
    approved: bool


class PermitIn(Schema):
    spdes_number: Str30 = Field(
        ..., min_length=1, description="The SPDES permit for cooling water to natural drainage (§118-28)."
    )
    town_engineer_approved_on: Day
    issued_on: Day
    expires_on: Day
    outfall: Str200 = Field(..., min_length=1, description="The natural drainage it discharges to.")


class PretreatmentPermitOut(Schema):
    id: int
    user_id: int
    spdes_number: str
    town_engineer_approved_on: dt.date
    issued_on: dt.date
    expires_on: dt.date
    outfall: str


class VisitIn(Schema):
    visited_on: Day
    visitor: Str120 = Field(..., min_length=1)
    agency: AgencyIn = Field(..., description="Who §118-45 lets enter.")
    credentials: Str120 = Field(..., description="The credentials and identification shown (§118-45).")
    reason: Str200 = Field(..., description="The reason for inspection (§118-45).")
    checklist: dict[Str30, Str30] = Field(
        default_factory=dict,
        description="Item -> seen, not_seen or not_checked; items: "
        + ", ".join(CHECKLIST)
        + ". Left out: not_checked.",
    )
    notes: Prose = ""


class VisitOut(Schema):
    id: int
    user_id: int
    visited_on: dt.date
    visitor: str
    agency: str
    credentials: str
    reason: str
    checklist: dict[str, str]
    seen: list[str]


class ResultIn(Schema):
    parameter: Str30 = Field(
        ..., min_length=1, description="e.g. copper, bod, ph, temperature (the lab-results layout's names)."
    )
    result: Measured = Field(..., description="As the lab reported it, in ``unit``.")
    qualifier: Literal["", "<"] = Field("", description='"<": below the detection limit, counted as zero (I-31).')
    detection_limit: Measured | None = Field(None, description="In ``unit``.")
    unit: Str10 = Field(
        ...,
        min_length=1,
        description="mg/L, ug/L, pH, degF, degC or gal/min; converted exactly to the limit's unit (I-31).",
    )
    method: Str60 = ""


class SampleIn(Schema):
    sampling_point: Str30 = Field(..., min_length=1, description="The code of one of this user's sampling points.")
    sample_id: Str60 = Field(..., min_length=1, description="The lab's sample id.")
    lab: Str120 = Field(..., min_length=1)
    sample_type: Literal["grab", "composite"]
    start: dt.datetime = Field(..., description="Without a zone: the Town's time.")
    end: dt.datetime = Field(..., description="A composite's end names its day (I-31).")
    flow_gal: Gallons | None = Field(None, description="Flow over the sample, gallons (I-31).")
    corrects: Str60 = Field("", description="The lab's id of an earlier sample of the same point and day that this "
                            "one corrects: its results replace that sample's for the parameters reported (I-153).")
    results: list[ResultIn] = Field(..., min_length=1, max_length=40)
