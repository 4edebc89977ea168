"""§ 118-53 Interest and penalties: the topic ``late-penalty`` (I-25, I-20, I-64).

    The bills for sewer user charges shall become due and payable [...] semiannually. If such bills are
    not paid by the due date listed on the bill or within 30 days, whichever the latter, a penalty of
    10% of the amount of such bill will be added thereto.

I-25: penalty date = the later of the bill's due date and the bill date + 30 days. A bill with any
balance left at the end of that day gets 10% of the bill's amount, once, added on the next day. Bill
dated 2026-01-10, due 2026-01-31, $57.30 → penalty date 2026-02-09; unpaid at the end of that day →
$5.73 added on 2026-02-10; paid on 2026-02-09 → nothing. Paying is an act by the public, so a penalty
date on a Saturday, Sunday or New York public holiday moves to the next business day (I-20): dated
2026-01-08, the 30th day is Saturday 2026-02-07 and the penalty date Monday 2026-02-09.
``charges.late_penalty_base`` allows ``unpaid_balance`` if the Board reads "the amount of such bill" so.

I-64: a bill's penalty terms (the 30 days, the 10%, its base, the weekend shift) are those in force on
its bill date, the terms the bill was issued under. Payments dated after the "as of" date have not
been made yet on that date and are not counted. The penalty is rounded half up to cents (I-23).
"""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from pydantic import ConfigDict, Field, field_validator, model_validator

from sewerworks.ordinance.deadlines import due_after
from sewerworks.ordinance.decision import Amount, Deadline, Decision, Finding, Severity
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.money import to_cents
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide, num
from sewerworks.ordinance.s118_5_connection import spoken
from sewerworks.ordinance.s118_52_charges import money

SECTION = "118-53"
TOPIC_NAME = "late-penalty"
IDS = ["I-25", "I-20", "I-23", "I-64"]


def _in_cents(value: Decimal) -> Decimal:
    if value != to_cents(value):
        raise ValueError("an amount of money has at most 2 decimal places (dollars and cents)")
    return value


class Payment(Facts):
    """A payment applied to this bill."""

    paid_on: date = Field(description="Date the payment was made to the Town Clerk.", examples=["2026-02-09"])
    amount: Decimal = Field(gt=0, description="Amount paid on this bill, USD.", examples=["57.30"])

    _cents = field_validator("amount")(_in_cents)


class LatePenaltyFacts(Facts):
    """One sewer bill: its date, its due date, its amount and the payments applied to it."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"bill_date": "2026-01-10", "due_date": "2026-01-31", "amount": "57.30"}]},
    )

    bill_date: date = Field(description="Date of the bill.", examples=["2026-01-10"])
    due_date: date = Field(description="Due date listed on the bill.", examples=["2026-01-31"])
    amount: Decimal = Field(gt=0, description="Amount of the bill, USD.", examples=["57.30"])
    payments: list[Payment] = Field(default=[], description="Payments applied to this bill (date and amount).")

    _cents = field_validator("amount")(_in_cents)

    @model_validator(mode="after")
    def _due_on_or_after_the_bill(self) -> LatePenaltyFacts:
        if self.due_date < self.bill_date:
            raise ValueError("due_date is before bill_date: a bill falls due on or after its date")
        return self


def penalty_date(bill_date: date, due_date: date, view: ParameterView) -> date:
    """§118-53: "By the due date listed on the bill or within 30 days, whichever the latter" (I-25), shifted past a
    weekend or holiday (I-20). Shifting is monotone, so shifting each date and taking the later is the
    same as shifting the later one."""
    days = int(view.number("charges.late_penalty_days"))
    shift = view.flag("deadlines.weekend_holiday_shift")
    return max(due_after(bill_date, days, shift=shift), due_after(due_date, 0, shift=shift))


def paid_by(payments: list[Payment], day: date) -> Decimal:
    """What was paid on or before the end of ``day``."""
    return sum((p.amount for p in payments if p.paid_on <= day), Decimal("0.00"))


def penalty_amount(bill_amount: Decimal, balance: Decimal, view: ParameterView) -> tuple[Decimal, str]:
    """§118-53: "A penalty of 10% of the amount of such bill" (I-25), or of the unpaid balance if the Board says so."""
    rate = view.number("charges.late_penalty_rate")
    base = view["charges.late_penalty_base"]
    if base not in ("bill_amount", "unpaid_balance"):
        raise ValueError(f"charges.late_penalty_base {base!r} is neither bill_amount nor unpaid_balance (I-25)")
    of, what = (bill_amount, "the bill's amount") if base == "bill_amount" else (balance, "the unpaid balance")
    return to_cents(of * rate / 100), f"{num(rate)}% of {what} {money(of)}"


def late_penalty(facts: LatePenaltyFacts, view: ParameterView, as_of: date) -> Decision:
    """The penalty date and, once it has passed with a balance left, the one 10% penalty (I-25)."""
    terms = view.parameters.at(facts.bill_date)  # I-64
    due = penalty_date(facts.bill_date, facts.due_date, terms)
    added_on = due + timedelta(days=1)
    counted_until = min(due, as_of)
    balance_at_due = facts.amount - paid_by(facts.payments, counted_until)
    later = [p for p in facts.payments if p.paid_on > as_of]
    penalty, working = penalty_amount(facts.amount, max(balance_at_due, Decimal("0.00")), terms)
    days = int(terms.number("charges.late_penalty_days"))
    later_of = max(facts.due_date, facts.bill_date + timedelta(days=days))
    moved = f", moved from {later_of:%A} {spoken(later_of)} to the next business day (I-20)" if due != later_of else ""
    bill = f"The bill of {money(facts.amount)} dated {spoken(facts.bill_date)}, due {spoken(facts.due_date)},"
    when = (
        f"{bill} may be paid without penalty through {spoken(due)}, the later of the due date and {days} days "
        f"after the bill date{moved}."
    )
    compared: dict[str, str | int | bool | None] = {
        "bill_date": facts.bill_date.isoformat(),
        "due_date": facts.due_date.isoformat(),
        "days_after_bill_date": days,
        "penalty_date": due.isoformat(),
    }
    findings = [
        Finding(
            section=SECTION,
            requirement="penalty-date",
            severity="complies",
            sentence=when,
            compared=compared,
            interpretations=["I-25", "I-20"],
        )
    ]
    deadlines: list[Deadline] = []
    amounts: list[Amount] = []
    if balance_at_due <= 0:
        outcome = "no-penalty"
        sentence = f"It was paid in full by the end of {spoken(due)}: no penalty."
    elif penalty <= 0:  # I-23: under $0.05, 10% rounds half up to $0.00, and the ledger writes nothing
        outcome = "no-penalty"
        left = f"is unpaid on {spoken(as_of)}" if as_of <= due else f"was still unpaid at the end of {spoken(due)}"
        rate = num(terms.number("charges.late_penalty_rate"))
        sentence = f"{money(balance_at_due)} {left}; no penalty: {rate}% rounds to $0.00 ({working}, I-23)."
    elif as_of <= due:
        outcome = "not-yet"
        sentence = (
            f"{money(balance_at_due)} is unpaid on {spoken(as_of)}; if any balance is left at the end of "
            f"{spoken(due)}, a penalty of {money(penalty)} ({working}) is added on {spoken(added_on)}."
        )
        deadlines.append(
            Deadline(
                key="pay_without_penalty",
                name="pay without penalty",
                due=due,
                section=SECTION,
                sentence=sentence,
                interpretations=["I-25", "I-20"],
            )
        )
    else:
        outcome = "penalty"
        sentence = (
            f"{money(balance_at_due)} was still unpaid at the end of {spoken(due)}: a penalty of {money(penalty)} "
            f"({working}) was added on {spoken(added_on)}, once."
        )
        balance = facts.amount + penalty - paid_by(facts.payments, as_of)
        breakdown = [
            {
                "item": "late penalty",
                "working": working,
                "amount": format(penalty, "f"),
                "added_on": added_on.isoformat(),
            }
        ]
        amounts += [
            Amount(key="penalty", name="late penalty", value=penalty, section=SECTION, breakdown=breakdown),
            Amount(key="balance", name="balance", value=balance, section=SECTION),
        ]
    if later:
        sentence += f" Payments dated after {spoken(as_of)} are not counted on that date."
    owed: dict[str, str | int | bool | None] = {
        "unpaid": format(max(balance_at_due, Decimal("0.00")), "f"),
        "counted_until": counted_until.isoformat(),
        "penalty": format(penalty, "f") if outcome == "penalty" else None,
        "penalty_added_on": added_on.isoformat() if outcome == "penalty" else None,
    }
    severity: Severity = "fails" if outcome == "penalty" else "complies"
    findings.append(
        Finding(
            section=SECTION,
            requirement="late-penalty",
            severity=severity,
            sentence=sentence,
            compared=owed,
            interpretations=["I-25"],
        )
    )
    so_far = outcome == "not-yet" or (as_of <= due and balance_at_due > 0)
    unpaid = "unpaid so far" if so_far else "unpaid at the end of the penalty date"
    amounts.insert(0, Amount(key="unpaid", name=unpaid, value=max(balance_at_due, Decimal("0.00")), section=SECTION))
    return decide(
        topic=TOPIC_NAME,
        as_of=as_of,
        view=terms,
        outcome=outcome,
        summary=f"{when} {sentence}",
        findings=findings,
        deadlines=deadlines,
        amounts=amounts,
        interpretations=IDS,
    )


WORKED: dict[str, Any] = {"bill_date": "2026-01-10", "due_date": "2026-01-31", "amount": "57.30"}

# (title, facts, as of, outcome, penalty date, penalty in dollars or ""): each checked to the cent.
CASES: tuple[tuple[str, dict[str, Any], str, str, str, str], ...] = (
    (
        "Dated 2026-01-10, due 2026-01-31, $57.30, unpaid: $5.73 added on 2026-02-10 (I-25)",
        WORKED,
        "2026-02-10",
        "penalty",
        "2026-02-09",
        "5.73",
    ),
    (
        "The same bill, unpaid, on its penalty date 2026-02-09: no penalty yet",
        WORKED,
        "2026-02-09",
        "not-yet",
        "2026-02-09",
        "",
    ),
    (
        "Paid in full on the penalty date 2026-02-09: no penalty",
        {**WORKED, "payments": [{"paid_on": "2026-02-09", "amount": "57.30"}]},
        "2026-03-01",
        "no-penalty",
        "2026-02-09",
        "",
    ),
    (
        "Paid in full the day after, 2026-02-10: the $5.73 penalty stands",
        {**WORKED, "payments": [{"paid_on": "2026-02-10", "amount": "57.30"}]},
        "2026-03-01",
        "penalty",
        "2026-02-09",
        "5.73",
    ),
    (
        "Paid $30.00 of $57.30 in time: 10% of the bill's amount, $5.73, not of the balance",
        {**WORKED, "payments": [{"paid_on": "2026-02-01", "amount": "30.00"}]},
        "2026-03-01",
        "penalty",
        "2026-02-09",
        "5.73",
    ),
    (
        "Dated 2026-01-08: the 30th day is Saturday 2026-02-07, so the penalty date is Monday 2026-02-09 (I-20)",
        {**WORKED, "bill_date": "2026-01-08"},
        "2026-02-09",
        "not-yet",
        "2026-02-09",
        "",
    ),
    (
        "Dated 2026-01-08, unpaid at the end of Monday 2026-02-09: $5.73 added on Tuesday 2026-02-10 (I-20)",
        {**WORKED, "bill_date": "2026-01-08"},
        "2026-02-10",
        "penalty",
        "2026-02-09",
        "5.73",
    ),
    (
        "Dated 2026-01-08, paid on Monday 2026-02-09, past the 30th day (a Saturday): in time, no penalty (I-20)",
        {**WORKED, "bill_date": "2026-01-08", "payments": [{"paid_on": "2026-02-09", "amount": "57.30"}]},
        "2026-03-01",
        "no-penalty",
        "2026-02-09",
        "",
    ),
    (
        "Dated 2026-01-17: the 30th day is Washington's Birthday 2026-02-16, so paying on 2026-02-17 is in time",
        {**WORKED, "bill_date": "2026-01-17", "payments": [{"paid_on": "2026-02-17", "amount": "57.30"}]},
        "2026-03-01",
        "no-penalty",
        "2026-02-17",
        "",
    ),
    (
        "Due 60 days after its date: the due date, later than 30 days, is the penalty date",
        {**WORKED, "due_date": "2026-03-11"},
        "2026-03-12",
        "penalty",
        "2026-03-11",
        "5.73",
    ),
)

TOPIC: Topic[LatePenaltyFacts] = Topic(
    name=TOPIC_NAME,
    title="Late penalty on a sewer bill (§118-53)",
    sections=(SECTION,),
    facts_model=LatePenaltyFacts,
    rule=late_penalty,
    interpretations=("I-25", "I-20"),
    # A Example has no "as of": the cases whose outcome no later date changes (not the "not-yet" ones).
    # Checked to the cent: the penalty added, or nothing left unpaid at the end of the penalty date.
    examples=tuple(
        Example(title, facts, outcome, amounts={"penalty": dollars} if dollars else {"unpaid": "0.00"})
        for title, facts, _, outcome, _, dollars in CASES
        if outcome != "not-yet"
    ),
)
