"""A generated year of lab results judged at once finds exactly what ``evaluate_point`` finds series by series:
the same (point, parameter, basis, day), with the same value, limit, section, sentence and evidence.

The years hold composites and grabs on the same day, non-detects (some with a detection limit above the limit,
I-72), readings of pH and temperature, a corrected sample (I-153), a special agreement starting mid-year (I-71)
and a limit lowered mid-year by a Board resolution (I-150). Some results arrive after the first evaluation, and
the limit may change after it too: the rerun, which judges only what changed, must again agree with the
per-sample path on every result."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.db import transaction
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from sewerworks.pretreatment.models import Sample
from sewerworks.pretreatment.period.run import evaluate_period
from sewerworks.pretreatment.tests.period_helpers import (
    agreement,
    at_once,
    change_toxic_limit,
    enter_unevaluated,
    per_sample,
    second_user,
)

pytestmark = pytest.mark.django_db
YEAR = 2025
START, AS_OF = dt.date(YEAR, 1, 1), dt.date(YEAR, 12, 31)
TOXIC = {"copper": Decimal("1.6"), "zinc": Decimal("2.4"), "lead": Decimal("0.4")}
PARAMETERS = [*TOXIC, "emulsified_oil_grease", "bod", "ph", "temperature"]


@st.composite
def result(draw: Any, parameter: str) -> tuple[str, str, str, str]:
    if parameter in TOXIC:
        if draw(st.integers(0, 4)) == 0:  # a non-detect; its detection limit may be above the limit (I-72)
            return parameter, str(draw(st.decimals("0.001", "0.9", places=3))), "mg/L", "<"
        value = draw(st.decimals(0, TOXIC[parameter] * Decimal("1.6"), places=3))
        micrograms = draw(st.booleans())
        return parameter, str(value * 1000 if micrograms else value), "ug/L" if micrograms else "mg/L", ""
    if parameter == "emulsified_oil_grease":
        return parameter, str(draw(st.decimals(0, 80, places=1))), "mg/L", ""
    if parameter == "bod":
        return parameter, str(draw(st.integers(50, 1500))), "mg/L", ""
    if parameter == "ph":
        return parameter, str(draw(st.decimals("4.0", "10.5", places=1))), "pH", ""
    celsius = draw(st.booleans())
    return parameter, str(draw(st.integers(10, 80) if celsius else st.integers(50, 180))), "degC" if celsius else (
        "degF"), ""  # fmt: skip


@st.composite
def sample(draw: Any) -> dict[str, Any]:
    parameters = draw(st.lists(st.sampled_from(PARAMETERS), min_size=1, max_size=4, unique=True))
    return {
        "point": draw(st.sampled_from([0, 0, 0, 1, 2])),
        "day": START + dt.timedelta(days=draw(st.one_of(st.integers(160, 190), st.integers(0, 364)))),
        "kind": draw(st.sampled_from(["composite", "grab"])),
        "hour": draw(st.integers(6, 20)),
        "results": [draw(result(p)) for p in parameters],
        "late": draw(st.integers(0, 2)) == 0,
    }


@st.composite
def year(draw: Any) -> dict[str, Any]:
    samples = draw(st.lists(sample(), min_size=1, max_size=16))
    corrected = draw(st.none() | st.integers(0, len(samples) - 1))
    return {
        "samples": samples,
        "correction": None if corrected is None else (corrected, draw(st.lists(
            st.sampled_from([r[0] for r in samples[corrected]["results"]]), min_size=1, unique=True))),  # fmt: skip
        "agreement": draw(st.none() | st.tuples(st.integers(0, 1), st.sampled_from(["copper", "bod",
                          "emulsified_oil_grease"]), st.integers(120, 220), st.sampled_from(["1.0", "20", "500"]))),
        "lowered": draw(st.none() | st.tuples(st.sampled_from(["copper", "zinc"]), st.integers(120, 220),
                                              st.booleans())),  # fmt: skip
    }  # fmt: skip


def _enter(points: list[Any], drawn: dict[str, Any], late: bool, staff: Any) -> dict[int, Sample]:
    """The drawn samples of the first delivery (or the late ones), by their position in the draw."""
    return {n: enter_unevaluated(points[s["point"]], s["day"], s["kind"], s["results"], by=staff.clerk,
                                 sample_id=f"Y-{n}", hour=s["hour"])
            for n, s in enumerate(drawn["samples"]) if s["late"] == late}  # fmt: skip


def _correct(points: list[Any], entered: dict[int, Sample], drawn: dict[str, Any], staff: Any) -> None:
    """A second analysis of one sample, at half the value, for some of its parameters (I-153)."""
    n, parameters = drawn["correction"]
    old, spec = entered[n], drawn["samples"][n]
    halved = [(p, str(Decimal(v) / 2), u, q) for p, v, u, q in spec["results"] if p in parameters]
    enter_unevaluated(points[spec["point"]], old.day, old.kind, halved, by=staff.clerk, sample_id=f"C-{n}",
                      hour=spec["hour"], corrects=old)  # fmt: skip


@settings(max_examples=45, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(drawn=year())
def test_a_year_judged_at_once_finds_what_each_series_finds(manhole: Any, staff: Any, drawn: dict[str, Any]) -> None:
    with transaction.atomic():
        points = [manhole, manhole.user.points.create(code="CM-2", kind="public_manhole", location="Street"),
                  second_user(staff)]  # fmt: skip
        drawn["samples"][0]["late"] = False  # the first evaluation has something to judge
        entered = _enter(points, drawn, False, staff)
        if drawn["agreement"]:
            who, parameter, day, limit = drawn["agreement"]
            agreement(points[who * 2].user, parameter, limit, START + dt.timedelta(days=day))
        lowered = drawn["lowered"]
        if lowered and not lowered[2]:
            change_toxic_limit(lowered[0], thirty="0.3", twenty_four="0.6", effective=START + dt.timedelta(lowered[1]),
                               by=staff.clerk)  # fmt: skip
        first = evaluate_period(START, AS_OF, acting_user=staff.superintendent, as_of=AS_OF)
        assert at_once() == per_sample(points, AS_OF), first.notes

        entered.update(_enter(points, drawn, True, staff))
        if drawn["correction"]:
            _correct(points, entered, drawn, staff)
        if lowered and lowered[2]:
            change_toxic_limit(lowered[0], thirty="0.3", twenty_four="0.6", effective=START + dt.timedelta(lowered[1]),
                               by=staff.clerk)  # fmt: skip
        rerun = evaluate_period(START, AS_OF, acting_user=staff.superintendent, as_of=AS_OF)
        got, want = at_once(), per_sample(points, AS_OF)
        assert got == want, (rerun.notes, {k: v for k, v in got.items() if want.get(k) != v},
                             {k: v for k, v in want.items() if got.get(k) != v})
        event(f"first +{first.added}; rerun {'in full' if rerun.full else 'of what changed'}: +{rerun.added} "
              f"~{rerun.changed} -{rerun.withdrawn}")
        transaction.set_rollback(True)
