"""Readings I-20 to I-36: the conventions a computer needs before it can apply the text (days, money, charges,
penalties, discharge limits, grease interceptors)."""

from __future__ import annotations

from sewerworks.ordinance.readings.model import Interpretation, Status

ENTRIES = (
    Interpretation(
        "I-20",
        title="Day counting: end of day X + N, weekend/holiday shift for acts by the public; hours elapsed",
        decision='"Within N days after X" runs to the end of the calendar day X + N in America/New_York (a notice '
        "on 2026-01-01 with 180 days: connect by the end of 2026-06-30). A day-counted deadline for something the "
        "public must do that falls on a Saturday, Sunday or New York public holiday moves to the next business "
        'day (General Construction Law §25-a; a parameter turns this off). "Within 72 hours" is elapsed time '
        "from the recorded moment, unaffected by daylight saving and never moved.",
        parameters=(
            "connection.abandonment_days_after_connection",
            "connection.days_after_notice",
            "deadlines.weekend_holiday_shift",
            "grease.preexisting_install_days",
            "grease.pump_out_order_hours",
            "meters.install_days",
            "permits.reexcavate_days",
            "permits.restoration_days",
        ),
    ),
    Interpretation(
        "I-21",
        title="§118-5 abandonment fine: $10/day for days 1-30, $25/day from day 31",
        decision="Only the failure to clean, abandon and fill a private system in time accrues the automatic "
        "daily fine of §118-5; every other missed deadline takes the §118-47 notice path. The days run from "
        "the day the notification of violation was served to the day the violation is corrected: the first 30 "
        "at $10, each later one at $25 (served 2026-06-01, corrected 2026-07-15: 44 days, $650). Uncorrected, "
        "it accrues to the day shown; it is posted to the ledger when corrected or when the Superintendent "
        "posts it.",
        sections=("118-5",),
        parameters=(
            "connection.abandonment_fine.first_period_days",
            "connection.abandonment_fine.first_period_rate",
            "connection.abandonment_fine.later_rate",
        ),
    ),
    Interpretation(
        "I-22",
        title="§118-47 penalties: maximum exposure only; fines are set by a court",
        decision='A fine "upon conviction" is the court\'s. sewerworks shows the most a court could impose '
        "(violations × days past the notice's time limit × $500) and records the fines a court actually "
        "imposed; it never imposes one itself.",
        sections=("118-47",),
        parameters=("penalties.max_fine_per_violation",),
    ),
    Interpretation(
        "I-23",
        title="Money: Decimal, line items rounded half up to cents, quoted in parameter files",
        decision="Amounts are exact decimals, never binary floating point, stored as whole cents. Each line item "
        "is rounded to the cent, half up. A parameter file writes money as a quoted string so that no reader "
        "turns it into a float.",
        parameters=(
            "charges.minimum_charge",
            "connection.abandonment_fine.first_period_rate",
            "connection.abandonment_fine.later_rate",
            "penalties.max_fine_per_violation",
        ),
    ),
    Interpretation(
        "I-24",
        title="§118-52 minimum charge: max($10, rate × first 5,000 gal) + rate × the rest",
        decision="For each account and semiannual period the first 5,000 gallons (or fewer) cost the greater of "
        "$10 and the per-gallon rate on them; every gallon above 5,000 costs the rate. At $0.003 a gallon "
        "8,000 gallons cost $15.00 + $9.00 = $24.00 and 2,000 gallons cost $10.00. A partial period still pays "
        "the minimum. Meters reading cubic feet are converted at 7.48052 gallons per cubic foot first.",
        sections=("118-52",),
        parameters=(
            "charges.gallons_per_cubic_foot",
            "charges.minimum_charge",
            "charges.minimum_charge_gallons",
            "charges.rate_per_gallon",
        ),
    ),
    Interpretation(
        "I-25",
        title="§118-53 late penalty: 10% of the bill after the later of due date and bill date + 30 days",
        decision="A bill's penalty date is the later of its due date and its bill date plus 30 days, moved past a "
        "weekend or holiday because paying is an act of the public (I-20). If anything is still owed at the "
        "end of that day, 10% of the bill's amount is added once, on the next day (bill of 2026-01-10 due "
        "2026-01-31 for $57.30: $5.73 on 2026-02-10 unless paid by the end of 2026-02-09). A parameter lets "
        "the Board read the base as the unpaid balance instead.",
        sections=("118-53",),
        parameters=(
            "billing.due_days_after_bill",
            "charges.late_penalty_base",
            "charges.late_penalty_days",
            "charges.late_penalty_rate",
        ),
    ),
    Interpretation(
        "I-26",
        title="§118-52 defective meter: average of the last two good semiannual charges",
        decision="While a meter is defective the account is charged the average, rounded half up to the cent, of "
        "its last two semiannual user charges billed while the meter worked ($36.20 and $41.90 give $39.05). "
        "With fewer than two such bills the class estimate of I-27 applies.",
        sections=("118-52",),
    ),
    Interpretation(
        "I-27",
        title="§118-52 unmetered users and users outside the water district: class estimates",
        decision="A user outside the Marlborough Water District, or not using its water, is charged on a table of "
        "typical gallons per period by user class that the Superintendent sets. An owner with a private supply "
        "or an unmetered water company, and every commercial or nonresident user, must install a meter at their "
        "own expense: the estimate applies until it is read, and the missing meter is a deadline.",
        sections=("118-52",),
        parameters=("charges.class_estimates", "meters.install_days"),
    ),
    Interpretation(
        "I-28",
        title="§118-51 capital cost amortization charge: on the tax statement, per parcel",
        decision="The capital cost amortization charge is not on the sewer bill. It is computed for each parcel "
        "inside the improvement boundaries and for each contract user, as assessed valuation × a rate per "
        "$1,000 the Board sets, and handed to the town for its tax statement.",
        sections=("118-49", "118-51", "118-52"),
        status=Status.NOT_YET,
        missing="The registry keeps each parcel's assessed value from the roll, but nothing computes or exports "
        "the charge.",
        parameters=("charges.capital_rate_per_1000",),
    ),
    Interpretation(
        "I-29",
        title="§118-53 unpaid-charges statement; interest zero unless the Board sets a rate",
        decision="The Town Clerk's statement lists, property by property, the user charges still unpaid with their "
        "penalties and interest, the property's description, its owner and the amount, for relevy on the tax "
        "roll; the day it is prepared is a parameter. The chapter names no interest rate, so interest is zero "
        "until the Board sets one. What the statement lists, and the relevy that follows, are I-117 to I-121.",
        sections=("118-53",),
        parameters=("relevy.interest_rate", "relevy.statement_day"),
    ),
    Interpretation(
        "I-30",
        title="§118-37 ppm read as mg/L; §118-39 thresholds on each 24-hour average",
        decision='In wastewater one part per million is one milligram per litre. "50 parts per million gallons of '
        'ether-soluble matter" is read as 50 mg/L on each 24-hour average. The §118-39 thresholds (BOD 300, '
        "suspended solids 350, chlorine demand 15 mg/L) are judged on each 24-hour average too: a single day "
        "above sends the discharge to the Town Engineer's review.",
        sections=("118-37", "118-39"),
        parameters=("discharge.emulsified_oil_grease", "discharge.normal_strength"),
    ),
    Interpretation(
        "I-31",
        title="§118-37 24-hour and 30-day averages; a value equal to a limit complies",
        decision="A 24-hour average is one 24-hour composite, or the mean of one calendar day's grab samples. A "
        "30-day average is the mean of the daily values of the same substance at the same point over the 30 "
        "days ending on the day judged. Non-detects count as zero (a parameter) and are shown as non-detects. "
        "Results are converted to the limit's unit and kept exactly; equal to the limit complies.",
        sections=("118-37",),
        parameters=("discharge.nondetect_as_zero", "discharge.toxic_limits"),
    ),
    Interpretation(
        "I-32",
        title="§118-37 slug loads: five times the midpoints of the normal ranges",
        decision='"Five times the average of normal sanitary sewage" uses the midpoints of the normal ranges: '
        "1,325 mg/L of suspended solids and 1,100 mg/L of BOD, judged on grabs or readings of 15 minutes or "
        "less. The §118-39 flow trigger compares a user's average daily flow with 2% of the whole town's "
        "average daily flow, both areas together.",
        sections=("118-37", "118-39"),
        parameters=(
            "discharge.normal_range",
            "discharge.review_flow_share",
            "discharge.slug_factor",
            "discharge.slug_minutes",
            "pretreatment.town_average_daily_flow",
        ),
    ),
    Interpretation(
        "I-33",
        title="§118-37 fluorides: ×1.5 only for fresh water where the supply is not fluoridated",
        decision="The factor of 1.5 applies only to the fresh-water fluoride limits and only where the settings say "
        "the town's water supply is not fluoridated; by default it is fluoridated, the stricter limit. Whether "
        "the plant discharges to fresh or saline water is a setting too, fresh by default.",
        sections=("118-37",),
        parameters=(
            "discharge.fluoride_unfluoridated_factor",
            "discharge.receiving_water",
            "discharge.water_supply_fluoridated",
        ),
    ),
    Interpretation(
        "I-34",
        title="§118-37 pH 6.0-9.0 inclusive; temperature limit 150 °F",
        decision="A pH from 6.0 to 9.0, both included, is allowed. The temperature limit is 150 °F (the text's "
        "65 °C rounds 65.56 °C); readings in °C are converted, and only above 150 °F is prohibited.",
        sections=("118-37",),
        parameters=("discharge.max_temperature", "discharge.ph_range"),
    ),
    Interpretation(
        "I-35",
        title="§118-38 'in excess of 150 seats' is 151 or more; new construction after 2000-07-24",
        decision='A facility needs the 2,000-gallon interceptor at 151 seats or more. A facility "hereafter '
        'established" is one established after 2000-07-24, the day L.L. No. 2-2000 added the section.',
        sections=("118-38",),
        parameters=(
            "grease.large_facility_min_capacity",
            "grease.large_facility_seats",
            "grease.new_construction_after",
        ),
    ),
    Interpretation(
        "I-36",
        title="§118-38 interceptor fill and the 80% pump-out duty; 72-hour order",
        decision="An exterior interceptor's fill is its grease and solids depth over its working depth; an interior "
        "trap's is the grease retained over its rated pounds. At 80% a pump-out is due: found at an inspection "
        "it is a maintenance noncompliance with a written notice and a time to correct (72 hours by default). "
        "At or above capacity and not performing, the owner gets the statutory 72 hours to pump out and call "
        "for reinspection. Missing either, the Building Inspector issues an appearance ticket.",
        sections=("118-38",),
        parameters=(
            "grease.interior_trap_capacity",
            "grease.maintenance_notice_hours",
            "grease.pump_out_fill",
            "grease.pump_out_order_hours",
        ),
    ),
)
