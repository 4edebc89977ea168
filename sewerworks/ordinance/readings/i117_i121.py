"""Readings I-117 to I-121: unpaid sewer rents reach the tax roll (issue 31): what the Town Clerk's §118-53
statement lists, a credit applied first, interest and the relevy charge, the statement's dates and the relevy
on the Board's adoption, and the county's export."""

from __future__ import annotations

from sewerworks.ordinance.readings.model import Interpretation

ENTRIES = (
    Interpretation(
        "I-117",
        title="§118-53 the statement: bills past their penalty date with a balance; other programs' charges riding "
        "on a bill are not relevied unless a parameter lists their kind",
        decision="The statement lists, as of its date, every posted bill past its penalty date (I-25) with "
        "something unpaid at the end of that day: its unpaid sewer user charge, its unpaid late penalty and its "
        "interest. What was paid toward a bill's charge settles its sewer user charge before the other programs' "
        "charges riding on it (I-98); those charges (a §118-5 fine, a §118-47 expense, permit fees, contract-user "
        "charges) are named on the draft as left out. Pending charges of the kinds relevy.relevied_charge_kinds "
        "lists (the §118-54 connection charge, which 'shall be levied on the property if not paid') are relevied; a "
        "kind no program declares yet relevies nothing, and the statement says so.",
        sections=("118-53", "118-54"),
        parameters=("relevy.relevied_charge_kinds",),
    ),
    Interpretation(
        "I-118",
        title="§118-53 a credit on the same account pays its bills on the statement first, before relevy",
        decision="A credit on the account at the end of the statement date (an overpayment, a voided bill's "
        "payments given back) is applied to the statement's bills before anything is listed, oldest bill first and "
        "its penalty before its charge (I-63): the owner is never relevied for what the town already holds. "
        "relevy.credit_applied_first turns it off should the town attorney read it otherwise.",
        sections=("118-53",),
        parameters=("relevy.credit_applied_first",),
    ),
    Interpretation(
        "I-119",
        title="§118-53 interest: simple, at the Board's yearly rate, from the penalty date to the statement; a relevy "
        "charge: a percentage plus a flat amount per parcel, both zero unless the Board sets them",
        decision="The chapter names interest but no rate (I-29). Interest is simple, on the unpaid sewer user charge, "
        "from the day after the penalty date to the statement date, actual days over 365, rounded half up to the "
        "cent per bill; relevy.interest_rate is zero until the Board sets one. A relevy charge the Board may set by "
        "resolution is relevy.charge_percent of the parcel's relevied amount plus relevy.charge_flat, added on "
        "adoption as an entry of its own and shown on the notice before relevy; both are zero by default.",
        sections=("118-53",),
        parameters=("relevy.charge_flat", "relevy.charge_percent", "relevy.interest_rate"),
    ),
    Interpretation(
        "I-120",
        title="§118-53 the statement day (Town Law §104), the counter's cut-off, the relevy of what is unpaid then "
        "to the next year's roll, and removal before certification",
        decision="The statement is filed on or before relevy.statement_day (20 September: Town Law §104's day for "
        "departmental estimates, to be confirmed by the town attorney). The counter takes payments toward a bill on "
        "the filed statement until relevy.counter_cutoff_day; on the Board's adoption, what is unpaid at the end of "
        "that day, part by part and never more than the statement's amount, moves off the account to the tax roll "
        "relevy.tax_roll_years_after_statement years after the statement's year, as RELEVY_TRANSFER entries. A "
        "relevied bill is closed to the sweep and the counter. Until relevy.certification_day the clerk may "
        "remove a parcel from the roll: a counter-entry reversing its transfers, never a delete. A statement for a "
        "date before the last filed one is refused; a later one supersedes it and lists the differences.",
        sections=("118-53",),
        parameters=(
            "relevy.certification_day",
            "relevy.counter_cutoff_day",
            "relevy.statement_day",
            "relevy.tax_roll_years_after_statement",
        ),
    ),
    Interpretation(
        "I-121",
        title="§118-53 the county's export: a row per parcel of its net relevy; the print key from the tax map "
        "number; a row the county cannot take is fixed or removed with a reason",
        decision="The export for the county holds one row per parcel: the town's SWIS code (relevy.swis_code), the "
        "print key derived from the tax map number in the county's layout, the levy code of the parcel's "
        "improvement area (relevy.levy_codes), the amount (its RELEVY_TRANSFER entries net of removals) and the "
        "owner of record. The layout is a versioned column map; the built-in one is illustrative until the "
        "county's specification is on file. A row the county cannot take (no print key, no owner, no levy code) is "
        "named in a reject list, and nothing is exported until each is fixed in the registry or removed from the "
        "roll by the clerk with a reason. The county's settlement is reconciled per parcel against the export.",
        sections=("118-53",),
        parameters=("relevy.levy_codes", "relevy.swis_code"),
    ),
)
