"""Readings I-51 to I-69: the deadline engine opened to every program, billing's first two issues and the grease
program (ids I-53 to I-55 were never assigned)."""

from __future__ import annotations

from sewerworks.ordinance.readings.model import Interpretation

ENTRIES = (
    Interpretation(
        "I-51",
        title="§118-38 preexisting food service: no interceptor on record is taken as none until one is",
        decision="A food service facility with no interceptor recorded is taken to have none, so its 30 days to "
        "install one run from its connection; recording an interceptor ends the duty.",
        sections=("118-38",),
    ),
    Interpretation(
        "I-52",
        title="§118-52 meters: who must install one, and from when the days to install run",
        decision="An account without a meter must install one when its user is outside the Marlborough Water "
        "District (its own supply or an unmetered water company) or is not residential (commercial, industrial "
        "or institutional being \"commercial or nonresident\"). The days to install run from the day the "
        "account was opened, or from the day the duty was found when no opening date is recorded.",
        sections=("118-52",),
        parameters=("meters.install_days", "meters.user_classes_that_install"),
    ),
    Interpretation(
        "I-56",
        title="§118-38 a 72-hour order is the written notice of the violation it names; missing it escalates that one",
        decision="The 72-hour pump-out order is itself the written notice of the §118-38 violation it names. When "
        "the 72 hours pass without the pump-out and reinspection, that same violation is escalated (the "
        "appearance ticket follows); no second violation is opened.",
        sections=("118-38", "118-47"),
    ),
    Interpretation(
        "I-57",
        title="Deadline statuses: open to met, overdue or cancelled; overdue to met (late) or cancelled; then final",
        decision="A deadline is open until it is met, passes (overdue, found by the daily sweep) or is cancelled "
        "because it is no longer owed. An overdue deadline can still be met late, keeping the day it became "
        "overdue, or be cancelled. Met and cancelled are final.",
    ),
    Interpretation(
        "I-58",
        title="§118-51 billing calendar: semiannual periods ending on the Water District's read dates",
        decision="Sewer charges are billed twice a year on the Water District's calendar: each period ends on a day "
        "the district reads its meters, reads count within a window around that day, and the bill date and due "
        "date follow the end by a set number of days. The demo's dates stand in for the district's schedule.",
        sections=("118-51",),
        parameters=(
            "billing.bill_days_after_period_end",
            "billing.due_days_after_bill",
            "billing.period_ends",
            "billing.read_window_days",
        ),
    ),
    Interpretation(
        "I-59",
        title="§118-52 defective meter: the I-26 average is never below the minimum charge then in force",
        decision="\"In no way shall there be less than a minimum charge\": when the average of the last two good "
        "bills is below the minimum charge in force for the period, the minimum is charged instead.",
        sections=("118-52",),
    ),
    Interpretation(
        "I-60",
        title="§118-52 water used: reads in the window; a changed meter: final - previous + current - initial",
        decision="The water an account used in a period runs from its last read before the period's read window to "
        "its last read within it. A meter changed during the period adds the old meter's final read less its "
        "previous read to the new meter's current read less its initial read.",
        sections=("118-52", "118-51"),
    ),
    Interpretation(
        "I-61",
        title="§118-52 a bill that needs a person (implausible rollover, no read, wash above use) is "
        "held, never posted",
        decision="A bill that cannot be trusted without a person looking (an implausible rollover, no read in the "
        "window, car-wash water above the water used, a metered account with no meter) is held: it stays a "
        "draft, listed first for review, and is never posted, printed or mailed until it is billed.",
        sections=("118-52",),
    ),
    Interpretation(
        "I-62",
        title="§118-52 defective meter: recorded on or before the period's last day; last two good bills on reads",
        decision="A meter counts as defective for a period when it was recorded defective on or before the period's "
        "last day. The two bills averaged are the last two billed on actual reads while the meter worked; with "
        "no such bill the class estimate applies.",
        sections=("118-52",),
    ),
    Interpretation(
        "I-63",
        title="§118-53 payments: oldest bill first, its penalty before its charge (parameter)",
        decision="The chapter does not say which open bill a partial payment settles. A payment goes to the oldest "
        "bill first and, within a bill, to its penalty before its charge; the order is a parameter.",
        sections=("118-53",),
        parameters=("charges.payment_allocation",),
    ),
    Interpretation(
        "I-64",
        title="§118-53 a bill's penalty terms are those in force on its bill date",
        decision="The 30 days, the 10%, its base and the weekend shift that apply to a bill are those in force on "
        "the day the bill was dated, whatever changes later.",
        sections=("118-53",),
    ),
    Interpretation(
        "I-65",
        title="§118-53 a payment settles what is owed on the day received; a returned check never paid",
        decision="A payment settles what the account owed on the day it was received (penalties included only once "
        "added). A returned check is reversed as if it had never paid: the bills were unpaid all along, and a "
        "penalty it had avoided falls again.",
        sections=("118-53",),
    ),
    Interpretation(
        "I-66",
        title="§118-38 preexisting facility without an interceptor: sized as new construction, interior if no space",
        decision="A preexisting food service facility with no interceptor installs the exterior interceptor a new "
        "facility of its seats would need (1,000 or 2,000 gallons); where the premises have no space, the "
        "100-pound interior trap the \"existing installations\" paragraph allows.",
        sections=("118-38",),
    ),
    Interpretation(
        "I-67",
        title="§118-38 next pump-out predicted from the trap's own history: advisory, never a deadline",
        decision="When a trap will next reach 80% is predicted from its own pump-outs and inspections (the fill "
        "rate they show), with a range when the points are few. The prediction is advice for scheduling, "
        "never a deadline on the owner.",
        sections=("118-38",),
    ),
    Interpretation(
        "I-68",
        title="§118-38 inspection: hours run from the inspection; the 72-hour order absorbs the maintenance notice",
        decision="The maintenance notice and the 72-hour order are served at the moment of the inspection, so "
        "their hours run from it in elapsed time. When an inspection finds both the 80% duty and the 72-hour "
        "condition, the order is the one notice given.",
        sections=("118-38",),
    ),
    Interpretation(
        "I-69",
        title="§118-38 below 80% yet not adequately performing: a discretion finding for the Building Inspector",
        decision="An interceptor under 80% full that still does not perform its function is neither the pump-out "
        "duty nor the 72-hour condition: the inspection records it as a finding for the Building Inspector to "
        "decide.",
        sections=("118-38",),
    ),
)
