"""Readings I-95 to I-116: operations, and the readings billing, grease and contract users found after their
ranges were used (I-109 and I-112 were never assigned)."""

from __future__ import annotations

from sewerworks.ordinance.readings.model import Interpretation

ENTRIES = (
    Interpretation(
        "I-95",
        title="Backup's portable copy: one JSON-lines file per table in key order; money as decimal strings, exact",
        decision="A backup's portable copy holds each table as one file of JSON lines, a row a line in primary-key "
        "order, with amounts written as decimal strings so that a restore on either database gives back the "
        "same cents.",
    ),
    Interpretation(
        "I-96",
        title="§118-52 a period's water runs from the last read up to the previous read window's end; none between",
        decision="A period starts from the last read up to the end of the previous period's read window, not from a "
        "read taken between the windows, so every gallon between consecutive windows is billed exactly once.",
        sections=("118-52", "118-51"),
    ),
    Interpretation(
        "I-97",
        title="§118-53 a payment received by the penalty date but entered after the sweep withdraws that penalty",
        decision="A payment or credit received on or before a bill's penalty date, but entered after the sweep had "
        "added the penalty, withdraws it when the bill then owed nothing at the end of its penalty date: a "
        "counter-entry dated as the penalty, with an audit record. Reversing that payment puts the penalty back.",
        sections=("118-53",),
    ),
    Interpretation(
        "I-98",
        title="§118-53 paid means payments and credits applied net of reversals; adjustments are not payments",
        decision="Whether a bill was paid by its penalty date counts the payments and credits applied to it, less "
        "their reversals. Adjustments, penalties and their withdrawals are not payments. The sweep and the "
        "bill's page count alike.",
        sections=("118-53",),
    ),
    Interpretation(
        "I-99",
        title="§118-38 a trap with no pump-out on record is taken as empty on the day it was installed",
        decision="For the prediction of the next pump-out, a trap never pumped out is taken as empty on the day it "
        "was installed, so its first inspections already predict its first pump-out.",
        sections=("118-38",),
    ),
    Interpretation(
        "I-100",
        title="§118-38 an 80% written notice is corrected by the pump-out alone (the 72-hour order needs reinspection)",
        decision="The maintenance noncompliance found at 80% is corrected by a pump-out recorded on or after the day "
        "of the inspection that found it. The 72-hour order is met only by the pump-out and a passed "
        "reinspection.",
        sections=("118-38",),
    ),
    Interpretation(
        "I-101",
        title="§118-38 a pump-out by a hauler whose license had expired is refused: not a licensed hauler",
        decision="The 72-hour pump-out must be done by a licensed contract hauler: a pump-out dated after the "
        "hauler's license expired is refused, in the log and in a manifest import alike.",
        sections=("118-38",),
    ),
    Interpretation(
        "I-102",
        title="§118-38 readings taken on the day of a pump-out are left out of the next pump-out's prediction",
        decision="An inspection on the day of a pump-out is the one that asked for it, taken before the trap was "
        "emptied: its fill is left out of the prediction of the next pump-out.",
        sections=("118-38",),
    ),
    Interpretation(
        "I-103",
        title="§118-38 a hauler's manifest row is the hauler's record, not the owner's receipt of the pump-out",
        decision="A pump-out entered from a hauler's manifest is in the log, but it is the hauler's record: the "
        "record-keeping check still asks for the owner's receipt showing the service date and volume.",
        sections=("118-38",),
    ),
    Interpretation(
        "I-104",
        title="§118-29.1 distances rounded to 0.01 ft, halves up; 0 ft when a lot touches or overlaps the area",
        decision="The screen's distances are rounded to the hundredth of a foot, halves up, before they are "
        "compared; a lot that touches or overlaps an area is 0 ft from it.",
        sections=("118-29.1",),
    ),
    Interpretation(
        "I-105",
        title="§118-29.1 screen candidates: outside and within 600 ft of a boundary (a display radius, not law)",
        decision="The contract-user screen keeps every parcel outside both areas within 600 ft of a boundary, so "
        "that the map shows the lots near the boundary that are not adjoining too. The 600 ft is a display "
        "radius, not a distance of the law.",
        sections=("118-29.1",),
    ),
    Interpretation(
        "I-106",
        title="§118-29.1 a contract user's revenue area is the area of the main its first lateral joins",
        decision="A contract user is billed and credited as a user of the area whose main its lateral joins; with "
        "several laterals, the first recorded one decides.",
        sections=("118-29.1", "118-53"),
    ),
    Interpretation(
        "I-107",
        title="§118-29.1 a contract is approved by a recorded Board resolution adopted on or before the decision",
        decision="The Town Board's approval of a contract is a recorded resolution, and it must have been adopted "
        "on or before the day the decision is recorded as made.",
        sections=("118-29.1",),
    ),
    Interpretation(
        "I-108",
        title="§118-51 a period posts in chunks: each bill on the ledger when its chunk commits; posted when all are",
        decision="Posting a period writes its bills to the ledger in chunks, each committed on its own: a bill is on "
        "the ledger once its chunk commits, and the period is posted when every chunk is. A posting that "
        "stopped resumes where it was.",
        sections=("118-51",),
    ),
    Interpretation(
        "I-110",
        title="§118-53 a rebilled bill's late penalty runs from its own bill date: the later of due and rebill+30d",
        decision="A bill voided and billed again gets its own penalty date: the later of its due date and its own "
        "bill date plus 30 days. A parameter lets the Board have it run from the original bill instead.",
        sections=("118-53",),
        parameters=("charges.rebill_penalty_runs_from",),
    ),
    Interpretation(
        "I-111",
        title="§118-15 a fee paid at filing is posted with its payment the same day; other programs' charges by kind",
        decision="A charge paid when it was incurred, like the permit fee paid at filing, is posted to the ledger "
        "with its payment on the same day: owed by no one and not a credit for other bills. Other programs' "
        "charges post by their kind.",
        sections=("118-15",),
    ),
    Interpretation(
        "I-113",
        title="My work: a task is its assignee's if they may do it, else its role's; due this week = 5 business days",
        decision="A task belongs to the person it is assigned to when that person may do it, otherwise to everyone "
        "of the role that may. \"Due this week\" means within the next five business days.",
    ),
    Interpretation(
        "I-114",
        title="A status change is dated by the event it records (not in the future, not before the record began); "
        "the row's own timestamp is when it was recorded, and by whom",
        decision="Every change of status is dated by the event it records (a permit approved on the day it was "
        "approved), never in the future and never before the record began; the row's own timestamp says when it "
        "was entered and by whom.",
    ),
    Interpretation(
        "I-115",
        title="The daily sweep's moves for a missed deadline happen on the day it was missed (the day after its "
        "due day); a deadline is set on the as-of date of the determination that set it",
        decision="When the daily sweep finds a deadline missed, it records the miss on the day after the due day, "
        "whenever the sweep runs. A deadline is set on the as-of date of the determination that set it.",
    ),
    Interpretation(
        "I-116",
        title="§118-53 a payment entered after payments received later than it settles the bills first, as if "
        "entered in the order received: what the later receipts paid goes back to their credit and is applied again",
        decision="A payment entered late, after payments received later than it, settles the bills as if the "
        "payments had been entered in the order received: what the later receipts had paid goes back to their "
        "credit and is applied again behind it. A parameter can keep the order entered.",
        sections=("118-53",),
        parameters=("charges.backdated_payment_settles",),
    ),
)
