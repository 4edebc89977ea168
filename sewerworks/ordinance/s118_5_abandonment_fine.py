"""§ 118-5 Fine for failing to abandon a private facility in time (I-21).

    Failure to properly abandon a private facility in the specified time frame shall be a violation of
    this section and subject to a fine of $10 per day for the first 30 days from notification of a
    violation and $25 per day thereafter until the violation is corrected.

I-21: days in violation = (date corrected − date the notification of violation was served) in days;
days 1–30 at $10, day 31 onward at $25. Notified 2026-06-01, corrected 2026-07-15 → 44 days →
30 × $10 + 14 × $25 = $650. Uncorrected, the fine accrues to the evaluation date. The fine is shown
as it grows and posted to the account's ledger when the violation is corrected or when the
Superintendent posts it. Each line item is rounded to cents (I-23).

:func:`abandonment_fine` is the single computation: the topic and the Django app's sweep both call it.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from pydantic import ConfigDict, Field, model_validator

from sewerworks.ordinance.decision import Amount, Decision, Finding
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.money import to_cents
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide
from sewerworks.ordinance.s118_5_connection import spoken

SECTION = "118-5"
TOPIC_NAME = "abandonment-fine"
SUPERINTENDENT = "Superintendent"


class AbandonmentFineFacts(Facts):
    """A notification that a private facility was not abandoned in time, and when it was corrected."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"notified_on": "2026-06-01", "corrected_on": "2026-07-15"}]},
    )

    notified_on: date = Field(
        description="Date the notification of the violation (private facility not abandoned in time) was served.",
        examples=["2026-06-01"],
    )
    corrected_on: date | None = Field(
        default=None,
        description="Date the private facility was cleaned, abandoned and filled, correcting the violation "
        "(none while it continues).",
        examples=["2026-07-15", None],
    )

    @model_validator(mode="after")
    def _corrected_after_notification(self) -> AbandonmentFineFacts:
        if self.corrected_on is not None and self.corrected_on < self.notified_on:
            raise ValueError(
                f"corrected_on ({self.corrected_on.isoformat()}) is before notified_on "
                f"({self.notified_on.isoformat()}): a violation is corrected on or after its notification"
            )
        return self


def days_in_violation(notified_on: date, until: date) -> int:
    """Days from the notification to ``until`` (the correction, or the evaluation date), never negative."""
    return max(0, (until - notified_on).days)


def days_word(days: int) -> str:
    return "1 day" if days == 1 else f"{days} days"


def abandonment_fine(notified_on: date, until: date, view: ParameterView) -> tuple[Decimal, list[dict[str, str]]]:
    """The §118-5 fine from ``notified_on`` to ``until`` (I-21): the total in cents and one row per period.

    Each row has ``period``, ``days``, ``rate`` and ``subtotal`` (Decimals as strings); both periods are
    always listed, a period not reached with 0 days.
    """
    first_days = int(view.number("connection.abandonment_fine.first_period_days"))
    first_rate = view.number("connection.abandonment_fine.first_period_rate")
    later_rate = view.number("connection.abandonment_fine.later_rate")
    days = days_in_violation(notified_on, until)
    periods = [
        (f"days 1–{first_days}", min(days, first_days), first_rate),
        (f"day {first_days + 1} onward", max(0, days - first_days), later_rate),
    ]
    breakdown: list[dict[str, str]] = []
    total = Decimal("0.00")
    for period, count, rate in periods:
        subtotal = to_cents(rate * count)
        total += subtotal
        breakdown.append(
            {
                "period": period,
                "days": str(count),
                "rate": format(to_cents(rate), "f"),
                "subtotal": format(subtotal, "f"),
            }
        )
    return to_cents(total), breakdown


def violation_corrected(facts: AbandonmentFineFacts, until: date, days: int) -> Finding:
    """The fine runs "until the violation is corrected": corrected, it is final; otherwise it grows."""
    served = f"Notification of the violation was served on {spoken(facts.notified_on)}"
    if facts.corrected_on is not None:
        sentence = (
            f"{served} and the private facility was cleaned, abandoned and filled on "
            f"{spoken(facts.corrected_on)}: {days_word(days)} in violation."
        )
    elif until < facts.notified_on:
        sentence = f"{served}, after {spoken(until)}; no fine had accrued on {spoken(until)}."
    else:
        sentence = (
            f"{served} and the private facility was still not abandoned on {spoken(until)}: {days_word(days)} in "
            "violation so far, and the fine grows each day until the violation is corrected."
        )
    return Finding(
        section=SECTION,
        requirement="violation-corrected",
        severity="complies" if facts.corrected_on is not None else "fails",
        sentence=sentence,
        compared={
            "notified_on": facts.notified_on.isoformat(),
            "corrected_on": facts.corrected_on.isoformat() if facts.corrected_on else None,
            "days_in_violation": days,
        },
        interpretations=["I-21"],
    )


def posting(facts: AbandonmentFineFacts, total: Decimal) -> Finding:
    """The accrued fine is posted when the violation is corrected or when the Superintendent posts it (I-21)."""
    if facts.corrected_on is not None:
        posted = (
            f"the fine of ${total:,} is final and is posted to the account's ledger"
            if total
            else ("there is no fine to post")
        )
        return Finding(
            section=SECTION,
            requirement="posting",
            severity="complies",
            sentence=f"The violation is corrected, so {posted}.",
            interpretations=["I-21"],
        )
    return Finding(
        section=SECTION,
        requirement="posting",
        severity="discretion",
        decided_by=SUPERINTENDENT,
        sentence=f"The fine of ${total:,} so far is still accruing; it is posted to the account's ledger when "
        "the violation is corrected, or earlier if the Superintendent posts it.",
        interpretations=["I-21"],
    )


def fine_for_failure_to_abandon(facts: AbandonmentFineFacts, view: ParameterView, as_of: date) -> Decision:
    """The §118-5 daily fine: final once corrected, otherwise accruing as of the evaluation date."""
    until = facts.corrected_on if facts.corrected_on is not None else as_of
    days = days_in_violation(facts.notified_on, until)
    total, breakdown = abandonment_fine(facts.notified_on, until, view)
    worked = " + ".join(f"{row['days']} × ${row['rate']}" for row in breakdown if row["days"] != "0")
    working = f" ({worked})" if worked else ""
    if facts.corrected_on is not None:
        outcome = "final"
        summary = f"{days_word(days)} in violation: the §118-5 fine is ${total:,}{working}."
    else:
        outcome = "accruing"
        summary = (
            f"{days_word(days)} in violation as of {spoken(as_of)}: the §118-5 fine so far is ${total:,}{working}, "
            "and it grows each day until the private facility is abandoned."
        )
    return decide(
        topic=TOPIC_NAME,
        as_of=as_of,
        view=view,
        outcome=outcome,
        summary=summary,
        findings=[violation_corrected(facts, until, days), posting(facts, total)],
        amounts=[
            Amount(key="days_in_violation", name="days in violation", value=Decimal(days), unit="day", section=SECTION),
            Amount(key="fine", name="abandonment fine", value=total, section=SECTION, breakdown=breakdown),
        ],
        interpretations=["I-21", "I-23"],
    )


TOPIC: Topic[AbandonmentFineFacts] = Topic(
    name=TOPIC_NAME,
    title="Daily fine for failing to abandon a private facility in time (§118-5)",
    sections=(SECTION,),
    facts_model=AbandonmentFineFacts,
    rule=fine_for_failure_to_abandon,
    interpretations=("I-21",),
    examples=(
        Example(
            "Notified 2026-06-01, corrected 2026-07-15: 44 days, 30 × $10 + 14 × $25 = $650.00",
            {"notified_on": "2026-06-01", "corrected_on": "2026-07-15"},
            "final",
            amounts={"days_in_violation": "44", "fine": "650.00"},
        ),
        Example(
            "Corrected the day the notification was served: no fine",
            {"notified_on": "2026-03-02", "corrected_on": "2026-03-02"},
            "final",
            amounts={"days_in_violation": "0", "fine": "0.00"},
        ),
        Example(
            "Notified 2026-03-02 and not yet corrected: the fine accrues day by day",
            {"notified_on": "2026-03-02"},
            "accruing",
            amounts={"days_in_violation": "60", "fine": "1050.00"},
        ),
    ),
)
