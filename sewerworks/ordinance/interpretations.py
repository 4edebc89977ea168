"""The interpretation ids of ``shared/ordinance/INTERPRETATIONS.md``, each with a one-line title.

Code and parameter files cite these ids wherever they depend on a reading of the text; a test checks
every citation against this list so that nothing cites a reading that does not exist.
"""

from __future__ import annotations

import re

INTERPRETATIONS: dict[str, str] = {
    # Missing text
    "I-01": "§118-15 building sewer permit classes: Class 1 residential/commercial, Class 2 industrial",
    "I-02": "§118-13 additional requirements: free-text Health Department conditions on a permit",
    "I-03": "§118-52 strength formula: pluggable, default excess-pounds surcharge",
    "I-04": "§118-32 pipe thickness and field strength: the Town Engineer's review",
    "I-05": "§118-37 'Subsection C' is the normal sanitary sewage table",
    "I-06": "§118-1 definition headwords inferred from the model ordinance",
    "I-07": "Article numerals and titles inferred",
    "I-08": "Effective dates: latest printed amendment, else 1970-01-01; illustrative demo values",
    # Conflicts
    "I-10": "Contract users: 400 ft (§118-29.1) governs over 200 ft (§118-1)",
    "I-11": "Jurisdiction is the Town of Marlborough with two Sewer Improvement Areas",
    "I-12": "Lateral cost is paid through the connection charge (§118-24 with §118-54)",
    # Conventions
    "I-20": "Day counting: end of day X + N, weekend/holiday shift for acts by the public; hours elapsed",
    "I-21": "§118-5 abandonment fine: $10/day for days 1-30, $25/day from day 31",
    "I-22": "§118-47 penalties: maximum exposure only; fines are set by a court",
    "I-23": "Money: Decimal, line items rounded half up to cents, quoted in parameter files",
    "I-24": "§118-52 minimum charge: max($10, rate × first 5,000 gal) + rate × the rest",
    "I-25": "§118-53 late penalty: 10% of the bill after the later of due date and bill date + 30 days",
    "I-26": "§118-52 defective meter: average of the last two good semiannual charges",
    "I-27": "§118-52 unmetered users and users outside the water district: class estimates",
    "I-28": "§118-51 capital cost amortization charge: on the tax statement, per parcel",
    "I-29": "§118-53 unpaid-charges statement; interest zero unless the Board sets a rate",
    "I-30": "§118-37 ppm read as mg/L; §118-39 thresholds on each 24-hour average",
    "I-31": "§118-37 24-hour and 30-day averages; a value equal to a limit complies",
    "I-32": "§118-37 slug loads: five times the midpoints of the normal ranges",
    "I-33": "§118-37 fluorides: ×1.5 only for fresh water where the supply is not fluoridated",
    "I-34": "§118-37 pH 6.0-9.0 inclusive; temperature limit 150 °F",
    "I-35": "§118-38 'in excess of 150 seats' is 151 or more; new construction after 2000-07-24",
    "I-36": "§118-38 interceptor fill and the 80% pump-out duty; 72-hour order",
    "I-37": "§118-20 slope: 1/8 to 1/2 in/ft inclusive for 4-inch pipe; larger pipe is discretion",
    "I-38": "§118-21 bends: a cleanout for a horizontal bend strictly greater than 11¼°",
    "I-39": "§118-32 trench width: 8/10/12-inch limits; wider needs 6 in of concrete encasement",
    "I-40": "§118-33 manholes: at most 400 ft apart and at every change of slope or alignment",
    "I-41": "§118-34 exfiltration: allowance formula and the conditions of a valid test",
    "I-42": "§118-54 connection charge: schedule by building sewer diameter",
    "I-43": "Rate changes: a period is rated with the parameters in force on its last day",
    "I-44": "§118-6 car washes: separately metered wash water excluded from sewer usage",
    "I-45": "§118-21 bearing walls: within 3 ft fails; parallel farther away is discretion",
    # Readings the programs need (issue 8)
    "I-46": "'Available' public sewer (§118-5, 7, 12): a main within the availability distance",
    "I-47": "§118-47 'reasonable time limit': the notice states it; a default only pre-fills it",
    "I-48": "§118-52 meter rollover: only when the dials allow it and usage is a small fraction",
    "I-49": "§118-25 meter certification: dated between installation and the passed inspection",
    "I-50": "Dates in the future: events still to come and runs as of a future date are refused",
    # Readings made while opening the deadline engine to every program (issue 8)
    "I-51": "§118-38 preexisting food service: no interceptor on record is taken as none until one is",
    "I-52": "§118-52 meters: who must install one, and from when the days to install run",
    # Billing I (issue 10)
    "I-58": "§118-51 billing calendar: semiannual periods ending on the Water District's read dates",
    "I-59": "§118-52 defective meter: the I-26 average is never below the minimum charge then in force",
    "I-60": "§118-52 water used: reads in the window; a changed meter: final - previous + current - initial",
    "I-61": "§118-52 a bill that needs a person (implausible rollover, no read, wash above use) is held, never posted",
    "I-62": "§118-52 defective meter: recorded on or before the period's last day; last two good bills on reads",
    # Billing II (issue 11)
    "I-63": "§118-53 payments: oldest bill first, its penalty before its charge (parameter)",
    "I-64": "§118-53 a bill's penalty terms are those in force on its bill date",
    "I-65": "§118-53 a payment settles what is owed on the day received; a returned check never paid",
    # Grease program (issue 12)
    "I-66": "§118-38 preexisting facility without an interceptor: sized as new construction, interior if no space",
    "I-67": "§118-38 next pump-out predicted from the trap's own history: advisory, never a deadline",
    "I-68": "§118-38 inspection: hours run from the inspection; the 72-hour order absorbs the maintenance notice",
    "I-69": "§118-38 below 80% yet not adequately performing: a discretion finding for the Building Inspector",
    # Pretreatment I (issue 13)
    "I-70": "§118-37 heat: above 40 °C yet within 150 °F, its effect on the plant is the Town Engineer's judgement",
    "I-71": "§118-43 special agreement: its limit replaces the chapter's for the parameters and dates it names",
    "I-72": "§118-37 a non-detect whose detection limit is above the limit cannot show compliance: review",
    "I-73": "§118-37 bases: toxic rows on 24-hour and 30-day averages; pH and heat on every reading",
    "I-74": "§118-39 one open engineer review per industrial user gathers every trigger until decided",
    "I-75": "§118-52 strength: flow-weighted mean of the period's composites; unflowed ones weigh equally",
    "I-76": "§118-37 30-day average judged each day a daily value enters or leaves the window",
    # Engineering I (issue 14)
    "I-77": "§118-33 manholes: tolerances for a change of alignment or slope; 400 ft along the pipe complies",
    "I-78": "§118-29 Recommended Standards: 2014 edition's minimum slopes, n = 0.013, 2 ft/s flowing full",
    "I-79": "Design import: SWMM Length is the pipe's length; drawings only place it; nominal diameters",
    "I-80": "§118-29/31 review items: future flows of the drainage area and the approvals, with who decides",
    "I-81": "§118-32 in a design: trench and bedding as drawn; what a design does not state is not a failure",
    # Contract users (issue 15)
    "I-82": "§118-29.1 no discharge point on record: cannot judge; the distances in force are stated",
    "I-83": "§118-29.1 400 ft only from 2000-07-24; before, §118-1's 200 ft (from 1996-04-22) alone",
    "I-84": "§118-1/§118-29.1 'within' distances are inclusive, planar EPSG:2260 feet to the nearest area",
    # Permits I (issue 16)
    "I-85": "§118-17 rear building: one rear building on an interior lot, no private sewer route to it",
    "I-86": "§118-22 a building drain in place on the day the public sewer was installed counts as in place",
    "I-87": "§118-36 approved disposal: public sewer by permit, or a county-permitted private system if none available",
    "I-88": "§118-15 permit and inspection fee by class, paid at filing; the application stays submitted without it",
    "I-89": "§118-9 county inspection within 48 hours of its notice: shown when overdue, never a deadline on the owner",
    "I-90": "Permit approval: no failing finding, and every discretion finding decided by the official it names",
    # Every role's day (issue 17)
    "I-91": "§118-47/§118-49 a charge to a property with no open sewer account stays pending until one is opened",
    "I-92": "§118-5/§118-12 sewer available, no Notice to Connect served: the Superintendent's task, no clock yet",
    "I-113": "My work: a task is its assignee's if they may do it, else its role's; due this week = 5 business days",
    # Operations (issue 19)
    "I-95": "Backup's portable copy: one JSON-lines file per table in key order; money as decimal strings, exact",
    # Billing I and II, readings found after their ranges were used (issues 10 and 11)
    "I-96": "§118-52 a period's water runs from the last read up to the previous read window's end; none between",
    "I-97": "§118-53 a payment received by the penalty date but entered after the sweep withdraws that penalty",
    "I-98": "§118-53 paid means payments and credits applied net of reversals; adjustments are not payments",
    # Grease program readings found after its range was used (issue 12)
    "I-99": "§118-38 a trap with no pump-out on record is taken as empty on the day it was installed",
    "I-100": "§118-38 an 80% written notice is corrected by the pump-out alone (the 72-hour order needs reinspection)",
    "I-101": "§118-38 a pump-out by a hauler whose license had expired is refused: not a licensed hauler",
    "I-102": "§118-38 readings taken on the day of a pump-out are left out of the next pump-out's prediction",
    "I-103": "§118-38 a hauler's manifest row is the hauler's record, not the owner's receipt of the pump-out",
    # Contract-user screen readings (issue 15)
    "I-104": "§118-29.1 distances rounded to 0.01 ft, halves up; 0 ft when a lot touches or overlaps the area",
    "I-105": "§118-29.1 screen candidates: outside and within 600 ft of a boundary (a display radius, not law)",
    "I-106": "§118-29.1 a contract user's revenue area is the area of the main its first lateral joins",
    "I-107": "§118-29.1 a contract is approved by a recorded Board resolution adopted on or before the decision",
    # The bill run's speed goals (issue 10)
    "I-108": "§118-51 a period posts in chunks: each bill on the ledger when its chunk commits; posted when all are",
    # Void and rebill; posting other programs' charges (issues 10 and 11)
    "I-110": "§118-53 a rebilled bill's late penalty runs from its own bill date: the later of due and rebill+30d",
    "I-111": "§118-15 a fee paid at filing is posted with its payment the same day; other programs' charges by kind",
    # Event dates (issue 17)
    "I-114": "A status change is dated by the event it records (not in the future, not before the record began); "
    "the row's own timestamp is when it was recorded, and by whom",
    "I-115": "The daily sweep's moves for a missed deadline happen on the day it was missed (the day after its "
    "due day); a deadline is set on the as-of date of the determination that set it",
    # Payments received out of the order entered (issue 11's follow-up)
    "I-116": "§118-53 a payment entered after payments received later than it settles the bills first, as if "
    "entered in the order received: what the later receipts paid goes back to their credit and is applied again",
    # Unpaid sewer rents reach the tax roll (issue 31)
    "I-117": "§118-53 the statement: bills past their penalty date with a balance; payments settle the sewer charge "
    "before other programs' charges riding on a bill, which are not relevied (a parameter lists the kinds that are)",
    "I-118": "§118-53 a credit on the same account pays its bills on the statement first (I-63 order), before relevy",
    "I-119": "§118-53 interest: simple, the Board's yearly rate on the unpaid charge from the penalty date to the "
    "statement; a relevy charge: a percentage of the parcel's amount plus a flat amount, both zero unless set",
    "I-120": "§118-53 the statement date (Town Law §104), the counter's cut-off, adoption after it relevies what is "
    "unpaid then (never more than stated) to the next year's roll; a removal before certification reverses it",
    "I-121": "§118-53 the county's export: a row per parcel of its net relevy; print key from the tax map number; "
    "a row the county cannot take is fixed in the registry or removed from the roll with a reason",
    # Consolidation (issue 9)
    "I-56": "§118-38 a 72-hour order is the written notice of the violation it names; missing it escalates that one",
    "I-57": "Deadline statuses: open to met, overdue or cancelled; overdue to met (late) or cancelled; then final",
}

ID_PATTERN = re.compile(r"\bI-\d{2}\b")


class UnknownInterpretation(KeyError):
    """An interpretation id that is not in INTERPRETATIONS.md."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown interpretation"


def title(interpretation_id: str) -> str:
    try:
        return INTERPRETATIONS[interpretation_id]
    except KeyError:
        message = f"{interpretation_id!r} is not an interpretation in INTERPRETATIONS.md"
        raise UnknownInterpretation(message) from None


def is_known(interpretation_id: str) -> bool:
    return interpretation_id in INTERPRETATIONS
