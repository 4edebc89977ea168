"""Readings I-126 to I-129: the clerk's cash and the Board's review (issue 34): the fund of every amount, the
Clerk's day and month, corrections nobody makes alone, and the §118-50 annual review of the user charges."""

from __future__ import annotations

from sewerworks.ordinance.readings.model import Interpretation

ENTRIES = (
    Interpretation(
        "I-126",
        title="§118-53 the fund of an amount is its parcel's Sewer Improvement Area, or a contract user's agreed "
        "revenue area; a deposit keeps the fund it credited when it closed; otherwise 'no area', reported apart",
        decision="Bills are payable to the Marlboro or the Milton Sewer Improvement Area (§118-53), so every amount "
        "on the ledger belongs to a fund: its parcel's Sewer Improvement Area, or for a contract user the revenue "
        "area of its approved agreement (I-106). An amount of an account in neither is reported on a line of its "
        "own ('no area'), never spread over the two. A closed deposit keeps the fund each of its items credited "
        "when it closed, whatever becomes of the parcel later.",
        sections=("118-53", "118-29.1"),
    ),
    Interpretation(
        "I-127",
        title="§118-53 the Clerk's day and month: each business day's receipts closed into one deposit that never "
        "changes; a reversal after its close goes on the next; the month's turnover is its deposits per fund",
        decision="The Clerk closes each day's receipts (payments, and reversals not yet deposited) into one deposit, "
        "in the order of the days: cash, checks by number, card and other, with totals by kind and by fund. The cash "
        "counted is set against the cash in the items and a difference is recorded with its reason, reported apart "
        "from the funds. A closed deposit never changes: a payment reversed after its deposit closed is a negative "
        "line on the next one. The month's turnover to the Supervisor is the deposits of its days per fund; it is "
        "closed and signed once the month has ended and nothing of it waits for a deposit, and is frozen from then.",
        sections=("118-53",),
    ),
    Interpretation(
        "I-128",
        title="§118-53 corrections: a returned-check fee (none unless resolved) rides on the next bill; an "
        "adjustment above the resolved threshold needs a second person; a refund is authorised, audited, then paid",
        decision="A check the bank returns is reversed by the one reversal action, with the bank's reference and "
        "reason; the returned-check fee is a Town Board resolution value (none until set), charged to the account "
        "and riding on its next bill, and the payer is sent a letter. An adjustment to a posted bill's charge or "
        "late penalty carries a reason code and lowers a part by at most what is still owed on it; above the "
        "Board's threshold (0.00 until set: every adjustment) it is posted only when a second person holding the "
        "approval permission approves it, never its maker. A wrong bill is voided and rebilled, never adjusted. A "
        "credit balance is refunded as a claim: authorised by the Clerk (holding the credit), audited by the Board, "
        "paid by the Supervisor, and the credit closed by a ledger entry on the day paid.",
        sections=("118-53",),
        parameters=("charges.adjustment_approval_threshold", "charges.returned_check_fee"),
    ),
    Interpretation(
        "I-129",
        title="§118-50 the annual review: the fiscal year's O&M budget per area against one posted period "
        "re-rated at the rates reviewed, times the periods a year; due by a day of each fiscal year",
        decision="'Annually' is each fiscal year (the calendar year), and the review is due by a day the Board sets. "
        "The 'actual operation and maintenance cost' is each area's adopted operation and maintenance budget for "
        "the year, entered against its resolution. The revenue set against it is one posted period's real bills "
        "re-rated by the bill run's own arithmetic at the rates reviewed, times the periods in a year, per area and "
        "class, with the change on typical bills. Nothing changes until the Board records a resolution adopting a "
        "candidate, whose rates then take effect on its date.",
        sections=("118-50", "118-52"),
        parameters=("billing.rate_review_due",),
    ),
)
