"""Helpers of the period evaluation's tests: results entered without being evaluated (as a lab's year arrives
before anyone runs the evaluation), a Board resolution changing a §118-37 limit, a second industrial user."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from sewerworks.core.models import BoardResolution
from sewerworks.core.parameters import current_parameters
from sewerworks.core.resolutions.actions import ProposedValue, do_record_resolution
from sewerworks.ordinance.s118_37_limits import PARAMETERS, in_limit_unit
from sewerworks.pretreatment.actions.handoff import figures
from sewerworks.pretreatment.evaluation import evaluate_point, one_per_day
from sewerworks.pretreatment.models import Exceedance, Result, Sample, SamplingPoint, SpecialAgreement
from sewerworks.pretreatment.tests.conftest import NY
from sewerworks.registry.tests import factories as f

LAB = "Hudson Valley Labs"
Figures = dict[tuple[Any, ...], tuple[Any, ...]]


def per_sample(points: list[SamplingPoint], as_of: dt.date) -> Figures:
    """What ``evaluate_point`` finds, one per (point, parameter, basis, day) (I-154), with its figures and
    evidence: what the period's evaluation must find."""
    failed = [j for p in points for j in evaluate_point(p, as_of=as_of) if j.decision.failed]
    out = {}
    for key, judged in one_per_day(failed).items():
        f = figures(judged.decision)
        out[key] = (f["value"], f["limit"], f["section"], f["sentence"], sorted(r.pk for r in judged.results))
    return out


def at_once() -> Figures:
    """The exceedances standing (not withdrawn), with the same figures."""
    found = Exceedance.objects.filter(withdrawn_by=None).prefetch_related("results")
    return {(e.point_id, e.parameter, e.basis, e.day): (e.value, e.limit, e.section, e.sentence,
                                                         sorted(r.pk for r in e.results.all())) for e in found}


def enter_unevaluated(point: SamplingPoint, day: dt.date, kind: str, results: list[tuple[str, str, str, str]], *,
                      by: Any, sample_id: str, hour: int = 8, corrects: Sample | None = None) -> Sample:  # fmt: skip
    """A sample and its results ``(parameter, value, unit, qualifier)`` written as ``do_record_results`` writes
    them, but not evaluated. A non-detect's detection limit is its value."""
    end = dt.datetime(day.year, day.month, day.day, hour, tzinfo=NY)
    start = end - dt.timedelta(days=1) if kind == "composite" else end
    sample = Sample.objects.create(point=point, lab_sample_id=sample_id, lab=LAB, kind=kind, started_at=start,
                                   ended_at=end, day=day, created_by=by, corrects=corrects)  # fmt: skip
    Result.objects.bulk_create([
        Result(sample=sample, parameter=p, reported_value=Decimal(v), reported_unit=u, qualifier=q,
               detection_limit=Decimal(v) if q else None, unit=PARAMETERS[p].unit,
               value=Decimal(0) if q else in_limit_unit(Decimal(v), u, p))
        for p, v, u, q in results
    ])  # fmt: skip
    return sample


def change_toxic_limit(parameter: str, *, thirty: str, twenty_four: str, effective: dt.date, by: Any,
                       instrument: str = "Resolution 2025-40") -> None:  # fmt: skip
    """A Board resolution setting one row of the §118-37 table from ``effective`` (the rest as before)."""
    table = {row: dict(v) for row, v in current_parameters().at(effective).table("discharge.toxic_limits").items()}
    table[parameter] = {"thirty_day": Decimal(thirty), "twenty_four_hour": Decimal(twenty_four)}
    do_record_resolution(instrument=instrument, adopted_on=effective - dt.timedelta(days=20), effective_on=effective,
                         title=f"Lower §118-37 limit of {parameter}", acting_user=by,
                         values=[ProposedValue("discharge.toxic_limits", table, effective=effective,
                                               section="118-37")])  # fmt: skip


def agreement(user: Any, parameter: str, limit: str, starts_on: dt.date, ends_on: dt.date | None = None) -> Any:
    resolution = BoardResolution.objects.create(instrument=f"Resolution {starts_on.year}-{user.pk}{parameter[:3]}",
                                                adopted_on=starts_on, effective_on=starts_on,
                                                title="Special agreement (§118-43)")  # fmt: skip
    return SpecialAgreement.objects.create(user=user, resolution=resolution, parameter=parameter,
                                           limit=Decimal(limit), starts_on=starts_on, ends_on=ends_on)  # fmt: skip


def second_user(staff: Any, code: str = "CM-7", name: str = "Highland Plating Works", n: int = 0) -> SamplingPoint:
    """Another industrial user with its control manhole (``n``: a different one each)."""
    from sewerworks.pretreatment.actions import do_add_sampling_point, do_register_industrial_user

    parcel = f.parcel(f"108.12-3-{70 + n}", street_number=str(70 + n), street_name="Western Ave", dx=400 + 200 * n)
    building = f.building(parcel, use="industrial", name=name)
    user = do_register_industrial_user(building=building, activity="Electroplating", acting_user=staff.engineer,
                                       average_daily_flow=Decimal(3000))  # fmt: skip
    return do_add_sampling_point(user=user, code=code, kind="control_manhole", location="Rear",
                                 acting_user=staff.engineer, required_on=dt.date(2020, 4, 1))  # fmt: skip
