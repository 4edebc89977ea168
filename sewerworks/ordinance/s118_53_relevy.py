"""§ 118-53 Interest and penalties; statements: the topic ``relevy`` (I-29, I-117 to I-120).

    Sewer user charges [...] and the interest and penalties thereon shall be a lien upon the real property
    [...], and on or before the day when, under Town Law, preliminary estimates of expenditures are required
    to be submitted, the Town Clerk shall prepare and file with the Town Board a statement showing all sewer
    user charges, with penalties and interest thereon, which remain unpaid, which said statement shall
    contain a brief description of the property [...], the name of the owner liable to pay the same, so far
    as may be known, and the amount chargeable.

One account's bills, payments, penalties and dates → what goes on the statement, and what the Board's
adoption relevies:

- **On the statement** (I-29, I-117): each bill posted by the statement date and past its penalty date
  (I-25) with something unpaid at the end of the statement date: its unpaid sewer user charge, its unpaid
  late penalty and interest. What was paid toward a bill's charge settles its sewer user charge before the
  other programs' charges riding on it (as the late penalty reads it, I-98); those other charges (a §118-5
  fine, a §118-47 expense) are not relevied and are named as left out.
- **A credit first** (I-118, ``relevy.credit_applied_first``): a credit on the account on the statement date
  pays the statement's bills first, oldest bill first and its penalty before its charge (I-63).
- **Interest** (I-119, ``relevy.interest_rate``, zero unless the Board sets a rate, I-29): simple interest on
  the unpaid sewer user charge from the day after the penalty date to the statement date, actual days over
  365, rounded half up to the cent per bill.
- **The relevy** (I-120): with the counter's ``cutoff`` given, what is still unpaid at the end of that day,
  part by part, never more than the statement's amount; interest on the charge unpaid then, for the same
  days.

Worked example: a bill dated 2026-04-10 (due 2026-05-01, penalty date 2026-05-11) of $57.30, with its $5.73
penalty added on 2026-05-12 and $20.00 paid on 2026-04-20 toward its charge: on the statement of 2026-09-20,
$37.30 of charge and $5.73 of penalty, $43.03; a bill of 2026-10-10 is not past its penalty date and is not
on it. Paid $10.00 more on 2026-10-05 (penalty first, I-63: $5.73 penalty and $4.27 charge), the relevy with
the cut-off 2026-10-31 moves $33.03, all charge.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from decimal import Decimal
from typing import Any, Literal

from pydantic import ConfigDict, Field, field_validator, model_validator

from sewerworks.ordinance.decision import Amount, Decision, Finding
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.money import to_cents
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide, num
from sewerworks.ordinance.s118_5_connection import spoken
from sewerworks.ordinance.s118_52_charges import money

SECTION = "118-53"
TOPIC_NAME = "relevy"
IDS = ["I-29", "I-117", "I-118", "I-119", "I-120", "I-25", "I-63"]
ZERO = Decimal("0.00")
Part = Literal["penalty", "charge"]


def _cents(value: Decimal) -> Decimal:
    if value != to_cents(value):
        raise ValueError("an amount of money has at most 2 decimal places (dollars and cents)")
    return value


class StatementBill(Facts):
    """One posted bill of the account."""

    key: str = Field(min_length=1, max_length=40, description="The bill's number.", examples=["1041"])
    posted_on: date = Field(description="The day its charge went on the ledger (its bill date).")
    penalty_date: date = Field(description="Its §118-53 penalty date (I-25): unpaid at the end of it, a penalty.")
    charge: Decimal = Field(ge=0, description="Its sewer user charge, USD (the bill's amount with its adjustments).")
    other_charges: Decimal = Field(
        default=ZERO, ge=0, description="Other programs' charges riding on the bill (a fine, an expense), USD."
    )

    _cents = field_validator("charge", "other_charges")(_cents)


class PenaltyEntry(Facts):
    """A late penalty on a bill (negative: withdrawn)."""

    bill: str = Field(description="The bill's number.")
    added_on: date = Field(description="The day it was added (the day after the penalty date).")
    amount: Decimal = Field(description="USD; negative for a withdrawal.")

    _cents = field_validator("amount")(_cents)


class PartEntry(Facts):
    """Money toward one part of a bill: a payment (negative: reversed), or an amount relevied (negative:
    removed from the roll)."""

    bill: str = Field(description="The bill's number.")
    on: date = Field(description="The day it counts from (a payment's day received; a relevy's adoption).")
    part: Part = Field(description="penalty or charge: the part of the bill it went toward.")
    amount: Decimal = Field(description="USD toward the part; negative for a reversal or a removal.")

    _cents = field_validator("amount")(_cents)


class RelevyFacts(Facts):
    """One account on a statement date: its bills, what was paid and relevied toward them, its credit."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "statement_date": "2026-09-20",
                    "bills": [{"key": "1041", "posted_on": "2026-04-10", "penalty_date": "2026-05-11",
                               "charge": "57.30"}],
                    "penalties": [{"bill": "1041", "added_on": "2026-05-12", "amount": "5.73"}],
                }
            ]
        },
    )  # fmt: skip

    statement_date: date = Field(description="The statement's date (§118-53; Town Law §104, I-120).")
    cutoff: date | None = Field(
        default=None, description="The counter's last day (I-120): with it, what the Board's adoption relevies."
    )
    credit: Decimal = Field(default=ZERO, ge=0, description="Unapplied credit on the account on the statement date.")
    bills: list[StatementBill] = Field(default=[], description="The account's posted bills.")
    penalties: list[PenaltyEntry] = Field(default=[], description="Late penalties added to them (I-25).")
    payments: list[PartEntry] = Field(default=[], description="Payments toward each bill's penalty or charge (I-63).")
    relevied: list[PartEntry] = Field(default=[], description="Amounts relevied before (or removed from a roll).")

    _cents = field_validator("credit")(_cents)

    @model_validator(mode="after")
    def _known_bills(self) -> RelevyFacts:
        keys = [b.key for b in self.bills]
        if len(set(keys)) != len(keys):
            raise ValueError("each bill is listed once (its key)")
        for name in ("penalties", "payments", "relevied"):
            for entry in getattr(self, name):
                if entry.bill not in keys:
                    raise ValueError(f"{name}: bill {entry.bill!r} is not one of the bills")
        if self.cutoff is not None and self.cutoff < self.statement_date:
            raise ValueError("cutoff is before statement_date: the counter takes payments after the statement")
        return self


def _sum(entries: Iterable[Any], bill: str, day: date, part: str | None = None) -> Decimal:
    total = ZERO
    for e in entries:
        when = getattr(e, "added_on", None) or e.on
        if e.bill == bill and when <= day and (part is None or e.part == part):
            total += e.amount
    return total


def unpaid_parts(facts: RelevyFacts, bill: StatementBill, day: date) -> tuple[Decimal, Decimal, Decimal]:
    """(penalty, sewer user charge, other charges) of ``bill`` unpaid at the end of ``day`` (I-117): payments
    toward the charge settle the sewer user charge first; what was relevied was sewer user charge."""
    penalty = _sum(facts.penalties, bill.key, day)
    paid_penalty = _sum(facts.payments, bill.key, day, "penalty") + _sum(facts.relevied, bill.key, day, "penalty")
    paid_charge = _sum(facts.payments, bill.key, day, "charge") + _sum(facts.relevied, bill.key, day, "charge")
    charge = max(bill.charge - paid_charge, ZERO)
    other = max(bill.charge + bill.other_charges - paid_charge - charge, ZERO)
    return max(penalty - paid_penalty, ZERO), charge, other


def apply_credit(credit: Decimal, owed: list[tuple[str, Decimal, Decimal]]) -> dict[str, tuple[Decimal, Decimal]]:
    """I-118 with I-63's order: the credit pays the bills (``(key, penalty, charge)``, oldest first) penalty
    before charge. Returns what it paid toward each bill's (penalty, charge)."""
    paid: dict[str, tuple[Decimal, Decimal]] = {}
    for key, penalty, charge in owed:
        on_penalty = min(credit, penalty)
        on_charge = min(credit - on_penalty, charge)
        credit -= on_penalty + on_charge
        paid[key] = (on_penalty, on_charge)
    return paid


def interest(charge: Decimal, penalty_date: date, statement_date: date, rate: Decimal) -> tuple[Decimal, int]:
    """I-119: simple interest at ``rate`` percent a year on ``charge`` for the days after the penalty date up to
    the statement date (actual days over 365), rounded half up to the cent; and the days."""
    days = max((statement_date - penalty_date).days, 0)
    return to_cents(charge * rate / 100 * days / 365), days


def relevy(facts: RelevyFacts, view: ParameterView, as_of: date) -> Decision:
    """What goes on the statement of ``facts.statement_date`` (and with a cut-off, what is relevied)."""
    day = facts.statement_date
    terms = view.parameters.at(day)  # the readings in force on the statement date
    rate = terms.number("relevy.interest_rate")
    credit_first = terms.flag("relevy.credit_applied_first")
    findings: list[Finding] = []
    on: list[tuple[StatementBill, Decimal, Decimal]] = []
    other_left = ZERO
    for bill in sorted(facts.bills, key=lambda b: (b.posted_on, b.key)):
        if bill.posted_on > day:
            continue  # not yet billed on the statement date
        penalty, charge, other = unpaid_parts(facts, bill, day)
        if penalty + charge + other <= 0:
            continue
        if bill.penalty_date >= day:
            findings.append(_left_out(bill, f"is not past its penalty date, {spoken(bill.penalty_date)} (I-25)"))
            continue
        if other > 0:
            other_left += other
            findings.append(_left_out(bill, f"carries {money(other)} of other programs' charges, not relevied (I-117)"))
        if penalty + charge > 0:
            on.append((bill, penalty, charge))
    credited = apply_credit(facts.credit, [(b.key, p, c) for b, p, c in on]) if credit_first else {}
    lines: list[dict[str, str]] = []
    totals = {"penalty": ZERO, "charge": ZERO, "interest": ZERO, "relevied": ZERO, "credit_applied": ZERO}
    for bill, penalty, charge in on:
        by_credit = credited.get(bill.key, (ZERO, ZERO))
        penalty, charge = penalty - by_credit[0], charge - by_credit[1]
        totals["credit_applied"] += sum(by_credit, ZERO)
        if penalty + charge <= 0:
            findings.append(_left_out(bill, "is paid by the account's credit (I-118)"))
            continue
        owed_interest, days = interest(charge, bill.penalty_date, day, rate)
        line = {"bill": bill.key, "penalty": format(penalty, "f"), "charge": format(charge, "f"),
                "interest": format(owed_interest, "f"), "days": str(days),
                "total": format(penalty + charge + owed_interest, "f")}  # fmt: skip
        sentence = (
            f"Bill {bill.key} (penalty date {spoken(bill.penalty_date)}): {money(charge)} of charge, {money(penalty)} "
            f"of penalty and {money(owed_interest)} of interest ({num(rate)}% a year for {days} days, I-119) unpaid."
        )
        if facts.cutoff is not None:
            moved = _relevied(facts, bill, penalty, charge, rate)
            line.update({k: format(v, "f") for k, v in moved.items()})
            totals["relevied"] += sum(moved.values(), ZERO)
            sentence += f" Unpaid at the end of {spoken(facts.cutoff)}: {money(sum(moved.values(), ZERO))} relevied."
        totals["penalty"] += penalty
        totals["charge"] += charge
        totals["interest"] += owed_interest
        lines.append(line)
        compared: dict[str, str | int | bool | None] = dict(line)
        findings.append(Finding(section=SECTION, requirement="on-statement", severity="fails", sentence=sentence,
                                compared=compared, interpretations=["I-117", "I-119"]))  # fmt: skip
    total = totals["penalty"] + totals["charge"] + totals["interest"]
    amounts = [
        Amount(key="total", name="amount chargeable", value=total, section=SECTION, breakdown=lines),
        Amount(key="charge", name="unpaid sewer user charges", value=totals["charge"], section=SECTION),
        Amount(key="penalty", name="unpaid late penalties", value=totals["penalty"], section=SECTION),
        Amount(key="interest", name="interest", value=totals["interest"], section=SECTION),
        Amount(key="credit_applied", name="credit applied first", value=totals["credit_applied"], section=SECTION),
        Amount(key="other_not_relevied", name="other programs' charges, not relevied", value=other_left,
               section=SECTION),
    ]  # fmt: skip
    if facts.cutoff is not None:
        amounts.append(Amount(key="relevied", name="relevied", value=totals["relevied"], section=SECTION))
    outcome = "on-statement" if lines else "not-on-statement"
    summary = (
        f"On the statement of {spoken(day)}: {money(total)} for {len(lines)} bill(s)."
        if lines
        else f"Nothing of this account is on the statement of {spoken(day)}."
    )
    if facts.cutoff is not None and lines:
        summary += f" Relevied on adoption after {spoken(facts.cutoff)}: {money(totals['relevied'])}."
    return decide(topic=TOPIC_NAME, as_of=as_of, view=terms, outcome=outcome, summary=summary, findings=findings,
                  amounts=amounts, interpretations=IDS)  # fmt: skip


def _relevied(facts: RelevyFacts, bill: StatementBill, penalty: Decimal, charge: Decimal,
              rate: Decimal) -> dict[str, Decimal]:  # fmt: skip
    """I-120: each part unpaid at the end of the cut-off, never more than the statement's; interest on the
    charge unpaid then, for the statement's days (I-119)."""
    assert facts.cutoff is not None
    left_penalty, left_charge, _ = unpaid_parts(facts, bill, facts.cutoff)
    moved_penalty, moved_charge = min(penalty, left_penalty), min(charge, left_charge)
    moved_interest, _ = interest(moved_charge, bill.penalty_date, facts.statement_date, rate)
    return {"relevied_penalty": moved_penalty, "relevied_charge": moved_charge, "relevied_interest": moved_interest}


def _left_out(bill: StatementBill, why: str) -> Finding:
    return Finding(section=SECTION, requirement="left-out", severity="complies", sentence=f"Bill {bill.key} {why}.",
                   compared={"bill": bill.key}, interpretations=["I-117", "I-25"])  # fmt: skip


SPRING = {"key": "1041", "posted_on": "2026-04-10", "penalty_date": "2026-05-11", "charge": "57.30"}
AUTUMN = {"key": "1290", "posted_on": "2026-10-10", "penalty_date": "2026-11-09", "charge": "41.90"}
PENALTY = {"bill": "1041", "added_on": "2026-05-12", "amount": "5.73"}
PART_PAID = {"bill": "1041", "on": "2026-04-20", "part": "charge", "amount": "20.00"}
WORKED: dict[str, Any] = {"statement_date": "2026-09-20", "bills": [SPRING], "penalties": [PENALTY],
                          "payments": [PART_PAID]}  # fmt: skip

# (title, facts, outcome, amounts checked to the cent)
CASES: tuple[tuple[str, dict[str, Any], str, dict[str, str]], ...] = (
    ("A $57.30 bill, $20.00 paid before the statement: $37.30 charge and $5.73 penalty, $43.03 on it",
     WORKED, "on-statement", {"total": "43.03", "charge": "37.30", "penalty": "5.73", "interest": "0.00"}),
    ("Paid $10.00 more on 2026-10-05, after the statement, before the cut-off: $33.03 relevied, not $43.03",
     {**WORKED, "cutoff": "2026-10-31",
      "payments": [PART_PAID, {"bill": "1041", "on": "2026-10-05", "part": "penalty", "amount": "5.73"},
                   {"bill": "1041", "on": "2026-10-05", "part": "charge", "amount": "4.27"}]},
     "on-statement", {"total": "43.03", "relevied": "33.03"}),
    ("A $57.30 payment on 2026-05-05 reversed (a returned check): the whole $57.30 and its $5.73 penalty, $63.03",
     {**WORKED, "payments": [{"bill": "1041", "on": "2026-05-05", "part": "charge", "amount": "57.30"},
                             {"bill": "1041", "on": "2026-05-05", "part": "charge", "amount": "-57.30"}]},
     "on-statement", {"total": "63.03", "charge": "57.30"}),
    ("Paid in full on 2026-06-01 (after the penalty was added, which stays paid too): nothing on the statement",
     {**WORKED, "payments": [{"bill": "1041", "on": "2026-06-01", "part": "penalty", "amount": "5.73"},
                             {"bill": "1041", "on": "2026-06-01", "part": "charge", "amount": "57.30"}]},
     "not-on-statement", {"total": "0.00"}),
    ("The autumn bill of 2026-10-10 is not past its penalty date on the statement of 2026-09-20: not on it",
     {"statement_date": "2026-09-20", "bills": [SPRING, AUTUMN], "penalties": [PENALTY],
      "payments": [{"bill": "1041", "on": "2026-06-01", "part": "charge", "amount": "57.30"},
                   {"bill": "1041", "on": "2026-06-01", "part": "penalty", "amount": "5.73"}]},
     "not-on-statement", {"total": "0.00"}),
    ("A $12.00 credit on the account pays the penalty, then $6.27 of the charge first (I-118): $51.03",
     {"statement_date": "2026-09-20", "bills": [SPRING], "penalties": [PENALTY], "credit": "12.00"},
     "on-statement", {"total": "51.03", "credit_applied": "12.00"}),
    ("A $25.00 fine riding on the bill is left out (I-117): $63.03 on the statement, $25.00 not relevied",
     {"statement_date": "2026-09-20", "bills": [{**SPRING, "other_charges": "25.00"}], "penalties": [PENALTY]},
     "on-statement", {"total": "63.03", "other_not_relevied": "25.00"}),
)  # fmt: skip

TOPIC: Topic[RelevyFacts] = Topic(
    name=TOPIC_NAME,
    title="Unpaid sewer rents on the Town Clerk's statement and the relevy (§118-53)",
    sections=(SECTION,),
    facts_model=RelevyFacts,
    rule=relevy,
    interpretations=("I-29", "I-117", "I-118", "I-119", "I-120"),
    examples=tuple(Example(title, facts, outcome, amounts=amounts) for title, facts, outcome, amounts in CASES),
)
