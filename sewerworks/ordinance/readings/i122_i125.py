"""Readings I-122 to I-125: the charges that run with the property (issue 32): the capital charge's base and roll,
the §118-54 connection charge as a bill of its own, the search letter, and a sale."""

from __future__ import annotations

from sewerworks.ordinance.readings.model import Interpretation, Status

ENTRIES = (
    Interpretation(
        "I-122",
        title="Capital charge: the roll's taxable value, the roll of the year before, rates of 1 January",
        decision="The valuation 'for general town and county tax purposes' is the roll's taxable value after "
        "exemptions, which the roll import keeps beside the total assessed value; a parcel whose roll row carries "
        "none is named for the clerk, never charged on a guess. Tax year Y is charged on the final roll of Y less "
        "charges.capital_roll_year_lag (the year before) at the rates per $1,000 of each improvement area in force "
        "on 1 January of Y; a contract user at the rate of the area whose main its lateral joins. Each charge is "
        "rounded half up to the cent; the run is set-based and exact in integers on every database.",
        sections=("118-49", "118-51", "118-52"),
        parameters=("charges.capital_rate_per_1000", "charges.capital_roll_year_lag"),
    ),
    Interpretation(
        "I-123",
        title="§118-54 connection charge: a bill of its own, paid by name, a lien relevied when unpaid",
        decision="The connection charge is billed when the connection is recorded, on a bill of its own due "
        "charges.connection_charge_due_days after it is offered, and posted to the parcel's account at once (or, "
        "with no account, when one opens). A payment toward it names it: it is no credit for the sewer bills and "
        "no sewer bill's payment settles it. The installation charge is the Board's rate per foot of building "
        "sewer the town built under its contract (zero while there is none). It carries no late penalty unless the "
        "Board reads §118-54's 'interest and penalties' as the §118-53 ten per cent (charges.connection_charge_"
        "penalty). Unpaid past its due date, it is a lien and a line of the Town Clerk's statement (no sewer bill; "
        "its due date where a bill has its penalty date; I-119 interest from that day), moved to the roll on "
        "adoption like a bill's charge, while relevy.relevied_charge_kinds names it; no account credit pays it.",
        sections=("118-54",),
        parameters=(
            "charges.connection_charge_due_days",
            "charges.connection_charge_penalty",
            "charges.connection_installation_rate",
        ),
        status=Status.CARRIED_OUT,
    ),
    Interpretation(
        "I-124",
        title="Search letter: what the ledger and the records show as of its date, no projection",
        decision="The Town Clerk's letter on a parcel states, as of its date and from the records alone, the unpaid "
        "sewer bills, amounts relevied, connection charges left, charges not yet billed, open violations with their "
        "notices and what was imposed, the capital charge for information, and the meters' last reads; it adds no "
        "penalty or fine not yet imposed. It is numbered, dated and kept as the PDF handed over; the Board's fee, if "
        "any (charges.search_letter_fee), is printed on it.",
        sections=("118-53", "118-54"),
        parameters=("charges.search_letter_fee",),
    ),
    Interpretation(
        "I-125",
        title="A sale: a final read on the day of sale, the account and its ledger stay with the parcel",
        decision="At a sale the clerk records the meter's final read on the day of sale, the final bill it gives for "
        "the water since the last posted bill (the amount settled at the closing, not posted: the period's "
        "semiannual bill charges that water, §118-51) and the buyer's ownership, in one transaction. The account and "
        "its ledger stay with the parcel, so an unpaid balance stays a lien and shows on the next search letter.",
        sections=("118-51", "118-53"),
    ),
)
