"""§118-38 Maintenance, looked ahead: when will this interceptor next reach 80% (advisory, I-67)?

    The grease and oil interceptor shall be pumped out when it is at 80% of its intended capacity [...].
                                                                                          (§ 118-38)

The law fixes the 80%; it says nothing about predicting it. I-67 reads each trap's own history:

- With inspections on at least two different days since the last pump-out, the least-squares line of fill
  against days since that pump-out, ``fill = a + b·t``, reaches 80% on day ``(80 − a) ÷ b``, rounded up
  to the first whole day. With fewer than three inspections the prediction is a range: from the earliest
  to the latest of that day and the days each inspection alone gives when the trap is taken as empty
  after its pump-out (``t × 80 ÷ fill``).
- Otherwise (or when the fill is not rising), the mean interval between pump-outs after the last one; with
  fewer than three intervals, a range from the shortest to the longest interval.
- Otherwise nothing is predicted. A prediction is advisory, never a deadline: only the inspection's 80%
  and the 72-hour order bind the owner.

Worked example: pumped out 2026-01-05; 20% on day 30, 41% on day 60, 59% on day 90 → b = 1170 ÷ 1800 =
0.65, a = 1 → day 79 ÷ 0.65 = 121.5… → day 122 → 2026-05-07. With the first two inspections only: the
line gives day 116, each inspection alone days 120 and 118 → from 2026-05-01 to 2026-05-05.
"""

from __future__ import annotations

from datetime import date, timedelta
from decimal import ROUND_CEILING, Decimal

from pydantic import ConfigDict, Field, model_validator

from sewerworks.ordinance.decision import Amount, Decision, Finding
from sewerworks.ordinance.facts import LAST_DATE, Facts
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide, num

SECTION = "118-38"
TOPIC_NAME = "grease-pump-out-prediction"
RANGE_BELOW = 3  # fewer points than this give a range (I-67)
PREDICTED = frozenset({"predicted", "predicted-reached"})  # the outcomes that name a day


class FillReading(Facts):
    """One inspection's fill (I-36), in percent of the interceptor's capacity."""

    inspected_on: date = Field(description="Day of the inspection (after the last pump-out).")
    fill_percent: Decimal = Field(ge=0, le=1000, description="Fill found, percent of capacity (I-36).")


class PumpOutHistoryFacts(Facts):
    """One interceptor's pump-outs and the inspections since the last of them."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "last_pump_out_on": "2026-01-05",
                    "inspections": [
                        {"inspected_on": "2026-02-04", "fill_percent": 20},
                        {"inspected_on": "2026-03-06", "fill_percent": 41},
                        {"inspected_on": "2026-04-05", "fill_percent": 59},
                    ],
                }
            ]
        },
    )

    last_pump_out_on: date = Field(description="Day of the last pump-out.")
    earlier_pump_outs: list[date] = Field(default=[], max_length=500, description="Days of earlier pump-outs.")
    inspections: list[FillReading] = Field(
        default=[], max_length=500, description="Inspections since the last pump-out, with the fill found."
    )

    @model_validator(mode="after")
    def _in_order(self) -> PumpOutHistoryFacts:
        for i, reading in enumerate(self.inspections):
            if reading.inspected_on < self.last_pump_out_on:
                raise ValueError(f"inspections[{i}].inspected_on is before last_pump_out_on")
        for i, day in enumerate(self.earlier_pump_outs):
            if day >= self.last_pump_out_on:
                raise ValueError(f"earlier_pump_outs[{i}] is not before last_pump_out_on")
        return self


def _days(value: Decimal) -> int:
    return int(max(value, Decimal(0)).to_integral_value(rounding=ROUND_CEILING))


def least_squares(points: list[tuple[int, Decimal]]) -> tuple[Decimal, Decimal] | None:
    """Intercept and slope of fill against days; None unless the points span at least two days."""
    n = Decimal(len(points))
    mean_t = sum((Decimal(t) for t, _ in points), Decimal(0)) / n
    mean_f = sum((f for _, f in points), Decimal(0)) / n
    spread = sum(((Decimal(t) - mean_t) ** 2 for t, _ in points), Decimal(0))
    if spread == 0:
        return None
    slope = sum(((Decimal(t) - mean_t) * (f - mean_f) for t, f in points), Decimal(0)) / spread
    return mean_f - slope * mean_t, slope


def by_fill_slope(facts: PumpOutHistoryFacts, target: Decimal) -> tuple[int, int, int, str] | None:
    """The day the least-squares line reaches the target, and the range when fewer than three points."""
    points = [((r.inspected_on - facts.last_pump_out_on).days, r.fill_percent) for r in facts.inspections]
    fit = least_squares(points) if len(points) >= 2 else None
    if fit is None or fit[1] <= 0:
        return None
    intercept, slope = fit
    day = _days((target - intercept) / slope)
    working = (
        f"least-squares fill = {num(intercept.quantize(Decimal('0.001')))} + "
        f"{num(slope.quantize(Decimal('0.0001')))} × days over {len(points)} inspections"
    )
    if len(points) >= RANGE_BELOW:
        return day, day, day, working
    alone = [_days(Decimal(t) * target / f) for t, f in points if f > 0 and t > 0]
    return day, min([day, *alone]), max([day, *alone]), working


def by_pump_out_intervals(facts: PumpOutHistoryFacts) -> tuple[int, int, int, str] | None:
    """The mean interval between pump-outs, and the range when fewer than three intervals."""
    days = sorted([*facts.earlier_pump_outs, facts.last_pump_out_on])
    intervals = [(b - a).days for a, b in zip(days, days[1:], strict=False)]
    if not intervals:
        return None
    mean = _days(Decimal(sum(intervals)) / len(intervals))
    working = f"mean of {len(intervals)} interval(s) between pump-outs: {', '.join(map(str, intervals))} days"
    if len(intervals) >= RANGE_BELOW:
        return mean, mean, mean, working
    return mean, min(intervals), max(intervals), working


def _on(facts: PumpOutHistoryFacts, days: int) -> date:
    horizon = (LAST_DATE - facts.last_pump_out_on).days
    return facts.last_pump_out_on + timedelta(days=min(days, horizon))


def next_pump_out(facts: PumpOutHistoryFacts, view: ParameterView, as_of: date) -> Decision:
    """The day the interceptor is predicted to reach 80% again (advisory, never a deadline; I-67)."""
    target = view.number("grease.pump_out_fill")
    method, estimate = "fill slope", by_fill_slope(facts, target)
    if estimate is None:
        method, estimate = "pump-out intervals", by_pump_out_intervals(facts)
    if estimate is None:
        sentence = (
            "Nothing to predict from: fewer than two inspections with a rising fill since the last pump-out, "
            "and no earlier pump-out."
        )
        finding = Finding(section=SECTION, requirement="prediction", severity="complies", sentence=sentence,
                          interpretations=["I-67"])  # fmt: skip
        return decide(topic=TOPIC_NAME, as_of=as_of, view=view, outcome="no-prediction", summary=sentence,
                      findings=[finding], interpretations=["I-67"])  # fmt: skip
    day, low, high, working = estimate
    predicted, earliest, latest = _on(facts, day), _on(facts, low), _on(facts, high)
    when = predicted.isoformat() if low == high else f"between {earliest.isoformat()} and {latest.isoformat()}"
    sentence = (
        f"Predicted to reach {num(target)}% {when} ({day} days after the pump-out of "
        f"{facts.last_pump_out_on.isoformat()}, by {method}); advisory, not a deadline."
    )
    finding = Finding(
        section=SECTION,
        requirement="prediction",
        severity="complies",
        sentence=sentence,
        compared={
            "method": method,
            "predicted_on": predicted.isoformat(),
            "earliest": earliest.isoformat(),
            "latest": latest.isoformat(),
        },
        interpretations=["I-67"],
    )
    amount = Amount(key="days_to_80_percent", name="days to 80%", value=Decimal(day), unit="day", section=SECTION,
                    breakdown=[{"item": method, "working": working}])  # fmt: skip
    return decide(
        topic=TOPIC_NAME,
        as_of=as_of,
        view=view,
        outcome="predicted-reached" if earliest <= as_of else "predicted",
        summary=sentence,
        findings=[finding],
        amounts=[amount],
        interpretations=["I-67"],
    )


def cannot_predict(as_of: date, problems: list[str]) -> Decision:
    """No prediction, and why: a trap's records this topic cannot read (a fill over 1000%, more than 500
    pump-outs or inspections) are a finding, not an error, where the records are read rather than given as
    facts (I-176). Advisory like every prediction: nothing binds the owner."""
    why = "; ".join(problems) or "the records do not fit the prediction"
    sentence = f"Cannot predict the next pump-out from this trap's records ({why}); check them."
    finding = Finding(section=SECTION, requirement="prediction", severity="complies", sentence=sentence,
                      interpretations=["I-67", "I-176"])  # fmt: skip
    return Decision(topic=TOPIC_NAME, as_of=as_of, outcome="cannot-predict", summary=sentence, findings=[finding],
                    interpretations=["I-176", "I-67"])  # fmt: skip


_THREE = [
    {"inspected_on": "2026-02-04", "fill_percent": 20},
    {"inspected_on": "2026-03-06", "fill_percent": 41},
    {"inspected_on": "2026-04-05", "fill_percent": 59},
]

TOPIC: Topic[PumpOutHistoryFacts] = Topic(
    name=TOPIC_NAME,
    title="Next pump-out of a grease interceptor predicted from its history (§118-38, advisory)",
    sections=(SECTION,),
    facts_model=PumpOutHistoryFacts,
    rule=next_pump_out,
    interpretations=("I-67",),
    examples=(
        Example("Three inspections since 2026-01-05 predict 80% on 2026-05-07",
                {"last_pump_out_on": "2026-01-05", "inspections": _THREE}, "predicted"),
        Example("Pump-outs 120 and 122 days apart, the last on 2025-10-01: 80% reached by 2026-05-01",
                {"last_pump_out_on": "2025-10-01", "earlier_pump_outs": ["2025-06-01", "2025-02-01"]},
                "predicted-reached"),
        Example("One inspection and no earlier pump-out: nothing to predict",
                {"last_pump_out_on": "2026-01-05", "inspections": _THREE[:1]}, "no-prediction"),
    ),
)  # fmt: skip
