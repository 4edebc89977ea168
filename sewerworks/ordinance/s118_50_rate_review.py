"""§ 118-50 Review of user charges: the Town Board's annual review, and what it sets the revenue against (I-129).

    The Town Board of the Town of Marlborough shall review the user charges annually and revise them
    periodically to reflect the actual sewage works, operation and maintenance cost.      (§ 118-50)

I-129: "annually" is each fiscal year of the Town (the calendar year, Town Law §107); the review of a year is
due by ``billing.rate_review_due`` (a month and day of that year, a duty of the Town's own: never moved off a
weekend). The "actual [...] operation and maintenance cost" of an area is the operation and maintenance budget
the Board adopted for it for the year; the revenue set against it is the user charges of one posted
semiannual period, re-rated at the rates under review, times the periods in a year (two, §118-51). With
both figures the review finds the revenue covers the cost, or falls short by the difference; without them it
only says when the review is due.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from pydantic import ConfigDict, Field

from sewerworks.ordinance.decision import Amount, Deadline, Decision, Finding
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide

SECTION = "118-50"
TOPIC_NAME = "rate-review"
IDS = ["I-129"]


class RateReviewFacts(Facts):
    """A fiscal year's review: the year, and for one area (if known) its cost and its revenue."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"fiscal_year": 2026, "cost": "450000.00", "annual_revenue": "412000.00"}]},
    )

    fiscal_year: int = Field(ge=1900, le=2999, description="The Town's fiscal year (the calendar year, I-129).")
    cost: Decimal | None = Field(
        default=None, ge=0, description="The area's operation and maintenance budget for the year, USD."
    )
    annual_revenue: Decimal | None = Field(
        default=None,
        ge=0,
        description="The user charges of one posted period at the rates reviewed, times the "
        "periods in a year, USD (I-129).",
    )


def review_due(fiscal_year: int, view: ParameterView) -> date:
    """The last day of ``fiscal_year``'s review (``billing.rate_review_due``, MM-DD)."""
    text = str(view["billing.rate_review_due"])
    try:
        month, day = (int(part) for part in text.split("-"))
        return date(fiscal_year, month, day) if (month, day) != (2, 29) else date(fiscal_year, 2, 28)
    except ValueError:
        raise ValueError(f"billing.rate_review_due: {text!r} is not a month and day MM-DD") from None


def rate_review(facts: RateReviewFacts, view: ParameterView, as_of: date) -> Decision:
    due = review_due(facts.fiscal_year, view)
    when = (
        f"§118-50 requires the Town Board to review the user charges annually: the review of {facts.fiscal_year} "
        f"is due by the end of {due.isoformat()} (I-129)."
    )
    deadline = Deadline(
        key="rate_review", name="review the user charges", due=due, section=SECTION, sentence=when, interpretations=IDS
    )
    if facts.cost is None or facts.annual_revenue is None:
        finding = Finding(
            section=SECTION,
            requirement="annual-review",
            severity="discretion",
            sentence=when,
            compared={"due": due.isoformat()},
            decided_by="the Town Board",
            interpretations=IDS,
        )
        return decide(
            topic=TOPIC_NAME,
            as_of=as_of,
            view=view,
            outcome="review-due",
            summary=when,
            findings=[finding],
            deadlines=[deadline],
            interpretations=IDS,
        )
    difference = (facts.annual_revenue - facts.cost).quantize(Decimal("0.01"))
    covers = difference >= 0
    sentence = (
        f"At the rates reviewed the user charges bring ${facts.annual_revenue:,.2f} a year against the operation "
        f"and maintenance cost of ${facts.cost:,.2f}: "
        + (f"they cover it, ${difference:,.2f} over." if covers else f"${-difference:,.2f} short of it.")
        + " §118-50: the charges are revised to reflect the actual cost (I-129)."
    )
    finding = Finding(
        section=SECTION,
        requirement="reflect-cost",
        severity="complies" if covers else "fails",
        sentence=sentence,
        compared={"annual_revenue": format(facts.annual_revenue, "f"), "cost": format(facts.cost, "f")},
        interpretations=IDS,
    )
    amount = Amount(
        key="difference",
        name="revenue less cost",
        value=difference,
        section=SECTION,
        breakdown=[
            {"item": "revenue", "amount": format(facts.annual_revenue, "f")},
            {"item": "cost", "amount": format(facts.cost, "f")},
        ],
    )
    return decide(
        topic=TOPIC_NAME,
        as_of=as_of,
        view=view,
        outcome="revenue-covers-cost" if covers else "revenue-short-of-cost",
        summary=sentence,
        findings=[finding],
        deadlines=[deadline],
        amounts=[amount],
        interpretations=IDS,
    )


TOPIC: Topic[RateReviewFacts] = Topic(
    name=TOPIC_NAME,
    title="The Town Board's annual review of the user charges (§118-50)",
    sections=(SECTION,),
    facts_model=RateReviewFacts,
    rule=rate_review,
    interpretations=tuple(IDS),
    examples=(
        Example(
            "The 2026 review, before the figures are in, is due by 2026-12-15",
            {"fiscal_year": 2026},
            "review-due",
            deadlines={"rate_review": "2026-12-15"},
        ),
        Example(
            "$412,000.00 a year against a cost of $450,000.00 falls $38,000.00 short",
            {"fiscal_year": 2026, "cost": "450000.00", "annual_revenue": "412000.00"},
            "revenue-short-of-cost",
            amounts={"difference": "-38000.00"},
            deadlines={"rate_review": "2026-12-15"},
        ),
        Example(
            "$450,000.00 a year against a cost of $450,000.00 covers it exactly",
            {"fiscal_year": 2026, "cost": "450000.00", "annual_revenue": "450000.00"},
            "revenue-covers-cost",
            amounts={"difference": "0.00"},
            deadlines={"rate_review": "2026-12-15"},
        ),
    ),
)
