"""§118-38 Maintenance and inspection of a grease interceptor: the 80% pump-out and the 72-hour order.

    Maintenance. All grease and oil interceptors shall be maintained at the owner's expense in
    continuously efficient operation at all times. The grease and oil interceptor shall be pumped out
    when it is at 80% of its intended capacity and the contents disposed of at a NYSDEC approved disposal
    facility.

    Inspection. [...] If during the time of inspection it is determined that the interceptor is at or
    above capacity, and not adequately performing its intended function, the owner of the facility will
    be given 72 hours from the time of the inspection to have a licensed contract hauler pump out and
    properly dispose of the contents. The owner shall then contact the designee for a reinspection. If
    the owner is found to be in noncompliance with these maintenance and inspection requirements, the
    Building Inspector shall issue and serve an appearance ticket to the owner and pursue remedy.
                                                                                          (§ 118-38)

I-36: fill of an exterior interceptor = (grease layer + solids layer) ÷ working liquid depth; of an
interior trap = grease retained ÷ rated pounds. At 80% or more a pump-out is due; found at inspection it
is a maintenance noncompliance with a written notice and a correction time in hours (parameter, 72). At
100% or more **and** not adequately performing, the statutory 72-hour order. I-68: both clocks run in
elapsed time from the moment of the inspection (I-20); where the 72-hour order is given it carries the
pump-out, so no separate maintenance notice is given for the same finding.

Worked example: working depth 48 in, grease 10 in, solids 28.4 in → 80% → pump-out due; inspected
2026-03-06 10:00 EST → the notice's 72 hours end 2026-03-09 11:00 EDT (daylight-saving time began between).
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import ROUND_FLOOR, Decimal
from typing import Literal

from pydantic import ConfigDict, Field, model_validator

from sewerworks.ordinance.deadlines import TOWN_TIMEZONE, due_after_hours, local_date
from sewerworks.ordinance.decision import Amount, Deadline, Decision, Finding
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide, num

SECTION = "118-38"
TOPIC_NAME = "grease-inspection"
HUNDRED = Decimal(100)


class GreaseInspectionFacts(Facts):
    """What an inspector measured and saw at one inspection of one interceptor."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "inspected_at": "2026-03-06T10:00:00-05:00",
                    "interceptor": "exterior",
                    "working_depth_in": 48,
                    "grease_depth_in": 10,
                    "solids_depth_in": "28.4",
                    "adequately_performing": True,
                }
            ]
        },
    )

    inspected_at: datetime = Field(description="The moment of the inspection, with its time zone (I-20).")
    interceptor: Literal["exterior", "interior"] = Field(
        description="exterior (measured in inches of grease and solids) or interior (pounds of grease retained)."
    )
    working_depth_in: Decimal | None = Field(default=None, gt=0, description="Exterior: working liquid depth, in.")
    grease_depth_in: Decimal | None = Field(default=None, ge=0, description="Exterior: grease layer measured, in.")
    solids_depth_in: Decimal | None = Field(default=None, ge=0, description="Exterior: solids layer measured, in.")
    rated_pounds: Decimal | None = Field(default=None, gt=0, description="Interior: rated capacity, lb of grease.")
    grease_retained_lb: Decimal | None = Field(default=None, ge=0, description="Interior: grease retained, lb.")
    adequately_performing: bool = Field(
        description="The inspector's finding that the interceptor is adequately performing its intended function."
    )

    @model_validator(mode="after")
    def _measured(self) -> GreaseInspectionFacts:
        if self.inspected_at.tzinfo is None or self.inspected_at.utcoffset() is None:
            raise ValueError("inspected_at needs its time zone: the 72 hours run in elapsed time (I-20)")
        if self.interceptor == "exterior":
            missing = [
                name
                for name in ("working_depth_in", "grease_depth_in", "solids_depth_in")
                if getattr(self, name) is None
            ]
        else:
            missing = [name for name in ("rated_pounds", "grease_retained_lb") if getattr(self, name) is None]
        if missing:
            raise ValueError(f"an {self.interceptor} interceptor's fill needs {', '.join(missing)} (I-36)")
        return self


def fill_percent(facts: GreaseInspectionFacts) -> tuple[Decimal, str]:
    """The share of its intended capacity the interceptor holds, in percent, with its working (I-36)."""
    if facts.interceptor == "exterior":
        assert facts.working_depth_in and facts.grease_depth_in is not None and facts.solids_depth_in is not None
        held = facts.grease_depth_in + facts.solids_depth_in
        working = (
            f"({num(facts.grease_depth_in)} in grease + {num(facts.solids_depth_in)} in solids) "
            f"÷ {num(facts.working_depth_in)} in working depth"
        )
        return held / facts.working_depth_in * HUNDRED, working
    assert facts.rated_pounds and facts.grease_retained_lb is not None
    working = f"{num(facts.grease_retained_lb)} lb retained ÷ {num(facts.rated_pounds)} lb rated"
    return facts.grease_retained_lb / facts.rated_pounds * HUNDRED, working


def _shown(fill: Decimal) -> str:
    """Fill to a hundredth of a percent, rounded down so that 79.999% never reads as 80%."""
    return num(fill.quantize(Decimal("0.01"), rounding=ROUND_FLOOR))


def pumped_out_at_80_percent(fill: Decimal, view: ParameterView) -> Finding:
    """The grease and oil interceptor shall be pumped out when it is at 80% of its intended capacity."""
    due = view.number("grease.pump_out_fill")
    if fill < due:
        sentence = f"The interceptor is {_shown(fill)}% full, below the {num(due)}% at which it must be pumped out."
    else:
        sentence = (
            f"The interceptor is {_shown(fill)}% full, at or above {num(due)}% of its capacity: a pump-out is due, "
            "and finding it so at inspection is a maintenance noncompliance."
        )
    return Finding(
        section=SECTION,
        requirement="pump-out-at-80-percent",
        severity="complies" if fill < due else "fails",
        sentence=sentence,
        compared={"fill_percent": _shown(fill), "pump_out_percent": num(due)},
        interpretations=["I-36"],
    )


def at_capacity_and_not_performing(fill: Decimal, performing: bool) -> Finding:
    """If [...] the interceptor is at or above capacity, and not adequately performing its intended
    function, the owner [...] will be given 72 hours from the time of the inspection."""
    full = fill >= HUNDRED
    ordered = full and not performing
    state = "at or above capacity" if full else "below capacity"
    performance = "adequately performing" if performing else "not adequately performing"
    sentence = f"The interceptor is {state} ({_shown(fill)}%) and {performance}"
    sentence += ": the 72-hour order applies." if ordered else ": no 72-hour order."
    return Finding(
        section=SECTION,
        requirement="seventy-two-hour-order",
        severity="fails" if ordered else "complies",
        sentence=sentence,
        compared={"fill_percent": _shown(fill), "at_or_above_capacity": full, "adequately_performing": performing},
        interpretations=["I-36"],
    )


def continuously_efficient_operation(fill: Decimal) -> Finding:
    """All grease and oil interceptors shall be maintained [...] in continuously efficient operation at all
    times (I-69: below 80% and not performing, the remedy is the Building Inspector's to decide)."""
    return Finding(
        section=SECTION,
        requirement="efficient-operation",
        severity="discretion",
        sentence=(
            f"The interceptor is only {_shown(fill)}% full but not adequately performing: it is not in continuously "
            "efficient operation; neither the 80% pump-out nor the 72-hour order applies, and the remedy is the "
            "Building Inspector's to decide."
        ),
        compared={"fill_percent": _shown(fill), "adequately_performing": False},
        decided_by="Building Inspector",
        interpretations=["I-69"],
    )


def hours_from_inspection(facts: GreaseInspectionFacts, hours: int, name: str, what: str, ids: list[str]) -> Deadline:
    """A limit in hours from the time of the inspection, in elapsed time, never moved (I-20, I-68)."""
    due_at = due_after_hours(facts.inspected_at.astimezone(TOWN_TIMEZONE), hours)
    sentence = (
        f"Inspected at {facts.inspected_at.isoformat()}: {what} within {hours} hours, by {due_at.isoformat()}. "
        "Failing that, the Building Inspector shall issue and serve an appearance ticket."
    )
    return Deadline(
        key="pump_out",
        name=name,
        due=local_date(due_at),
        due_at=due_at,
        section=SECTION,
        sentence=sentence,
        interpretations=ids,
    )


def grease_inspection(facts: GreaseInspectionFacts, view: ParameterView, as_of: date) -> Decision:
    """Fill, the 80% pump-out, and the 72-hour order found at one inspection (I-36, I-68)."""
    fill, working = fill_percent(facts)
    maintenance = pumped_out_at_80_percent(fill, view)
    order = at_capacity_and_not_performing(fill, facts.adequately_performing)
    amount = Amount(
        key="fill",
        name="fill",
        value=fill.quantize(Decimal("0.01"), rounding=ROUND_FLOOR),
        unit="percent",
        section=SECTION,
        breakdown=[{"item": "fill", "working": working, "percent": num(fill)}],
    )
    deadlines: list[Deadline] = []
    findings = [maintenance, order]
    if order.severity == "fails":
        outcome = "pump-out-order"
        hours = int(view.number("grease.pump_out_order_hours"))
        what = (
            "have a licensed contract hauler pump out the interceptor, dispose of the contents, "
            "and call for reinspection"
        )
        name = "pump out and call for reinspection"
        deadlines.append(hours_from_inspection(facts, hours, name, what, ["I-20", "I-36", "I-68"]))
    elif maintenance.severity == "fails":
        outcome = "pump-out-due"
        hours = int(view.number("grease.maintenance_notice_hours"))
        what = "correct the maintenance noncompliance stated in the written notice by having it pumped out"
        name = "correct the maintenance noncompliance"
        deadlines.append(hours_from_inspection(facts, hours, name, what, ["I-20", "I-36", "I-68"]))
    elif not facts.adequately_performing:
        outcome = "needs-review"
        findings.append(continuously_efficient_operation(fill))
    else:
        outcome = "in-order"
    summary = " ".join([maintenance.sentence, *(d.sentence for d in deadlines), *(f.sentence for f in findings[2:])])
    return decide(
        topic=TOPIC_NAME,
        as_of=as_of,
        view=view,
        outcome=outcome,
        summary=summary,
        findings=findings,
        deadlines=deadlines,
        amounts=[amount],
        interpretations=["I-36"],
    )


_EXTERIOR = {"inspected_at": "2026-03-06T10:00:00-05:00", "interceptor": "exterior", "working_depth_in": 48}

TOPIC: Topic[GreaseInspectionFacts] = Topic(
    name=TOPIC_NAME,
    title="Inspection of a grease interceptor: the 80% pump-out and the 72-hour order (§118-38)",
    sections=(SECTION,),
    facts_model=GreaseInspectionFacts,
    rule=grease_inspection,
    interpretations=("I-36",),
    examples=(
        Example(
            "79% full and performing: in order",
            {**_EXTERIOR, "grease_depth_in": 10, "solids_depth_in": "27.92", "adequately_performing": True},
            "in-order",
        ),
        Example(
            "79% full and not performing: the Building Inspector decides the remedy",
            {**_EXTERIOR, "grease_depth_in": 10, "solids_depth_in": "27.92", "adequately_performing": False},
            "needs-review",
        ),
        Example(
            "80% full: a pump-out is due, with a written notice and 72 hours to correct",
            {**_EXTERIOR, "grease_depth_in": 10, "solids_depth_in": "28.4", "adequately_performing": True},
            "pump-out-due",
            deadlines={"pump_out": "2026-03-09T11:00:00-04:00"},
        ),
        Example(
            "Full and not performing: the 72-hour order to pump out and call for reinspection",
            {**_EXTERIOR, "grease_depth_in": 20, "solids_depth_in": 28, "adequately_performing": False},
            "pump-out-order",
            deadlines={"pump_out": "2026-03-09T11:00:00-04:00"},
        ),
        Example(
            "A 100-pound interior trap holding 100 pounds but still performing: a pump-out is due, no order",
            {"inspected_at": "2026-03-06T10:00:00-05:00", "interceptor": "interior", "rated_pounds": 100,
             "grease_retained_lb": 100, "adequately_performing": True},
            "pump-out-due",
            deadlines={"pump_out": "2026-03-09T11:00:00-04:00"},
        ),
    ),
)  # fmt: skip
