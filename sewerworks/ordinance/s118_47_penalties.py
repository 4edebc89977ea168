"""§ 118-47 Penalties for offenses: the most a court may fine (I-22).

    Any person found to be violating any provision of this chapter shall be served by the town with
    written notice stating the nature of the violation and providing a reasonable time limit for the
    satisfactory correction thereof. The offender shall, within the period of time stated in such
    notice, permanently cease all violations.

    Any person who shall continue any violation beyond the above time limit shall, upon conviction
    thereof, be fined in an amount not exceeding $500 for each violation. Each day in which any such
    violation shall continue shall be deemed a separate offense, except that penalties assessed under
    § 118-5 shall not be limited by this section.

I-22: a fine "upon conviction" is set by a court. sewerworks computes only the maximum exposure
(days past the correction deadline × $500, summed over the violations) and never imposes a fine.

How days are counted (our reading, as I-21 counts the §118-5 fine): a violation corrected on or before
the time limit has no day past it. Otherwise each calendar day after the time limit into which the
violation continued is a separate offense, up to and including the day it was corrected (or the
evaluation date, while it continues): deadline June 30, corrected July 1 → 1 day. The time limit is the
date stated in the notice; if only the date the notice was served is known, the default of
``enforcement.default_correction_days`` (a reading: the Superintendent sets the limit of each notice)
is counted from it as a deadline for an act by the public (I-20).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from pydantic import ConfigDict, Field, field_validator, model_validator

from sewerworks.ordinance.chapter.catalogue import UnknownSection, normalise_number, section
from sewerworks.ordinance.deadlines import due_after
from sewerworks.ordinance.decision import Amount, Decision, Finding
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.money import to_cents
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide
from sewerworks.ordinance.s118_5_abandonment_fine import days_word
from sewerworks.ordinance.s118_5_connection import spoken

SECTION = "118-47"
TOPIC_NAME = "violation-exposure"
COURT = "court (upon conviction)"


class Violation(Facts):
    """One violation named in a written notice of violation."""

    model_config = ConfigDict(extra="forbid")

    section: str = Field(description="The section of Chapter 118 violated, e.g. 118-38.", examples=["118-38"])
    notice_served_on: date | None = Field(
        default=None, description="Date the written notice of violation was served.", examples=["2026-01-05"]
    )
    correction_deadline: date | None = Field(
        default=None,
        description="The time limit for correction stated in the notice (if none is given, the default number "
        "of days is counted from notice_served_on).",
        examples=["2026-02-04"],
    )
    corrected_on: date | None = Field(
        default=None, description="Date the violation permanently ceased (none while it continues).", examples=[None]
    )

    @field_validator("section")
    @classmethod
    def _a_section_of_chapter_118(cls, value: str) -> str:
        try:
            return section(normalise_number(value.strip())).number
        except UnknownSection as error:
            raise ValueError(str(error)) from None

    @model_validator(mode="after")
    def _dates_in_order(self) -> Violation:
        if self.correction_deadline is None and self.notice_served_on is None:
            raise ValueError("give the correction_deadline stated in the notice, or the notice_served_on date")
        served = self.notice_served_on
        if served is not None and self.correction_deadline is not None and self.correction_deadline < served:
            raise ValueError("correction_deadline is before notice_served_on")
        if served is not None and self.corrected_on is not None and self.corrected_on < served:
            raise ValueError("corrected_on is before notice_served_on: nothing was left to correct")
        return self


class ExposureFacts(Facts):
    """The violations of one person after written notice under §118-47."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "violations": [
                        {"section": "118-38", "correction_deadline": "2026-03-31", "corrected_on": "2026-04-10"},
                        {"section": "118-36", "correction_deadline": "2026-03-31"},
                    ]
                }
            ]
        },
    )

    violations: list[Violation] = Field(
        min_length=1, description="Each violation stated in a notice, with its time limit and correction."
    )


def correction_deadline(violation: Violation, view: ParameterView) -> date:
    """The time limit stated in the notice, or the default counted from the day it was served (I-47)."""
    if violation.correction_deadline is not None:
        return violation.correction_deadline
    assert violation.notice_served_on is not None  # the facts model requires one of the two
    days = int(view.number("enforcement.default_correction_days"))
    return due_after(violation.notice_served_on, days, shift=view.flag("deadlines.weekend_holiday_shift"))


def days_past_limit(deadline: date, until: date) -> int:
    """Separate offenses: days after the time limit up to and including ``until``; none if on time."""
    return max(0, (until - deadline).days)


def continued_beyond_time_limit(n: int, violation: Violation, deadline: date, as_of: date) -> tuple[Finding, int]:
    """The offender shall, within the period of time stated in such notice, permanently cease all violations."""
    until = violation.corrected_on if violation.corrected_on is not None else as_of
    days = days_past_limit(deadline, until)
    which, by = f"Violation {n} (§{violation.section})", spoken(deadline)
    if violation.corrected_on is not None:
        late = f"{days_word(days)} late" if days else "within the time limit"
        sentence = f"{which} had to be corrected by {by}; it was corrected on {spoken(violation.corrected_on)}, {late}."
    elif days == 0:
        sentence = f"{which} must be corrected by {by}; the time limit has not passed."
    else:
        sentence = (
            f"{which} had to be corrected by {by}; it still continued on {spoken(as_of)}, {days_word(days)} past it."
        )
    finding = Finding(
        section=SECTION,
        requirement=f"violation-{n}-time-limit",
        severity="complies" if days == 0 else "fails",
        sentence=sentence,
        compared={
            "section": violation.section,
            "correction_deadline": deadline.isoformat(),
            "corrected_on": violation.corrected_on.isoformat() if violation.corrected_on else None,
            "days_past_limit": days,
        },
        interpretations=["I-22"],
    )
    return finding, days


def fine_upon_conviction(total: Decimal, per_day: Decimal) -> Finding:
    """Upon conviction, a fine not exceeding $500 for each violation, each day a separate offense (I-22)."""
    at_most = f"at most ${total:,} here" if total else "here no day is past a time limit, so no fine may be imposed"
    return Finding(
        section=SECTION,
        requirement="fine-upon-conviction",
        severity="discretion",
        decided_by=COURT,
        sentence=f"Only a court, upon conviction, may fine the offender, up to ${per_day:,} for each day each "
        f"violation continued past its time limit: {at_most}. sewerworks never imposes this fine; "
        "it records a fine only when a court has imposed it.",
        compared={"maximum_exposure": format(total, "f"), "max_fine_per_violation": format(per_day, "f")},
        interpretations=["I-22"],
    )


def section_118_5_not_limited() -> Finding:
    """Penalties assessed under §118-5 shall not be limited by this section."""
    return Finding(
        section=SECTION,
        requirement="118-5-not-limited",
        severity="complies",
        sentence="The daily fine under §118-5 for failing to abandon a septic tank or cesspool in time is "
        "assessed separately and is not limited by this maximum.",
        interpretations=["I-21", "I-22"],
    )


def violation_exposure(facts: ExposureFacts, view: ParameterView, as_of: date) -> Decision:
    """The maximum fine a court may impose for violations continued past their time limits (I-22)."""
    per_day = view.number("penalties.max_fine_per_violation")
    findings: list[Finding] = []
    breakdown: list[dict[str, str]] = []
    total = Decimal("0.00")
    continuing = waiting = False
    for n, violation in enumerate(facts.violations, start=1):
        deadline = correction_deadline(violation, view)
        finding, days = continued_beyond_time_limit(n, violation, deadline, as_of)
        findings.append(finding)
        subtotal = to_cents(per_day * days)
        total += subtotal
        continuing |= violation.corrected_on is None and days > 0
        waiting |= violation.corrected_on is None and days == 0
        breakdown.append(
            {
                "violation": str(n),
                "section": violation.section,
                "correction_deadline": deadline.isoformat(),
                "until": (violation.corrected_on or as_of).isoformat(),
                "days": str(days),
                "max_per_day": format(per_day, "f"),
                "subtotal": format(subtotal, "f"),
            }
        )
    findings += [fine_upon_conviction(total, per_day), section_118_5_not_limited()]
    if continuing:
        outcome = "continuing"
        summary = (
            f"A violation continues past its time limit; a court could fine up to ${total:,} so far, more each day."
        )
    elif total:
        outcome = "exposure"
        summary = f"Violations continued past their time limits; a court could fine up to ${total:,} upon conviction."
    elif waiting:
        outcome = "within-time-limit"
        summary = "No time limit has passed yet; there is no exposure to a fine under §118-47."
    else:
        outcome = "corrected-in-time"
        summary = "Every violation was corrected within its time limit; there is no exposure to a fine under §118-47."
    return decide(
        topic=TOPIC_NAME,
        as_of=as_of,
        view=view,
        outcome=outcome,
        summary=summary,
        findings=findings,
        amounts=[
            Amount(
                key="maximum_exposure",
                name="maximum exposure",
                value=to_cents(total),
                section=SECTION,
                breakdown=breakdown,
            )
        ],
        interpretations=["I-22", "I-23"],
    )


TOPIC: Topic[ExposureFacts] = Topic(
    name=TOPIC_NAME,
    title="Maximum fine a court may impose for violations continued past the notice (§118-47)",
    sections=(SECTION,),
    facts_model=ExposureFacts,
    rule=violation_exposure,
    interpretations=("I-22",),
    examples=(
        Example(
            "Two violations due 2026-03-31: one corrected 2026-04-10 (10 days), one corrected 2026-04-05 "
            "(5 days): at most 15 × $500 = $7,500",
            {
                "violations": [
                    {"section": "118-38", "correction_deadline": "2026-03-31", "corrected_on": "2026-04-10"},
                    {"section": "118-36", "correction_deadline": "2026-03-31", "corrected_on": "2026-04-05"},
                ]
            },
            "exposure",
            amounts={"maximum_exposure": "7500.00"},
        ),
        Example(
            "A violation corrected on its deadline: no exposure",
            {"violations": [{"section": "118-38", "correction_deadline": "2026-03-31", "corrected_on": "2026-03-31"}]},
            "corrected-in-time",
            amounts={"maximum_exposure": "0.00"},
        ),
        Example(
            "A violation still continuing past its deadline",
            {"violations": [{"section": "118-36", "correction_deadline": "2026-04-20"}]},
            "continuing",
            amounts={"maximum_exposure": "5500.00"},
        ),
        Example(
            "A notice served 2026-04-20 with the default 30-day limit has not run out",
            {"violations": [{"section": "118-36", "notice_served_on": "2026-04-20"}]},
            "within-time-limit",
            amounts={"maximum_exposure": "0.00"},
        ),
    ),
)
