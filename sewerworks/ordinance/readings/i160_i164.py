"""Readings I-160 to I-164: public accounts (issue 37): how an owner proves a parcel is theirs online, when that
ends, what the availability lookup shows anyone, paperless bills, and how far back an owner's page reaches."""

from __future__ import annotations

from sewerworks.ordinance.readings.model import Interpretation

ENTRIES = (
    Interpretation(
        "I-160",
        title="§118-53 owner online: the account number with the random access code printed on the account's bills "
        "proves a person may see the parcel's bills, balance and notices",
        decision="A public account with a confirmed e-mail address links a parcel by typing the sewer account's "
        "number and its access code, a random code (not derived from the number) printed on every bill from the "
        "next run. Wrong codes are counted per account number (5 in 15 minutes pause that number for 15 minutes) "
        "and per client address; the refusal never says whether the account exists. The clerk may replace a code "
        "on request (a code on bills already printed then links nothing).",
        sections=("118-53",),
    ),
    Interpretation(
        "I-161",
        title="§118-53 owner online: a parcel that changes hands ends its owners' links and gets a new access code",
        decision="When a new ownership of a parcel that already had one is recorded (a transfer, or the assessment "
        "roll's import), every live owner's link to the parcel ends in the same transaction, and each of its "
        "accounts gets a new access code, so the old owner's printed code links nothing. The new owner links with "
        "the code on the next bill.",
        sections=("118-53",),
    ),
    Interpretation(
        "I-162",
        title="§118-5 availability lookup without sign-in: only what the published assessment roll shows of the "
        "property, never an owner's name or mailing address",
        decision="Anyone may ask whether a public sewer is available to a property by its street address; the answer "
        "names the tax map number, street address and property class, the distance to the nearest main and the "
        "limit (I-46), never an owner's name or mailing address (the lookup is about the property; the owner's "
        "pages are behind a bill's code). At least three characters are asked, and ten properties at most answered.",
        sections=("118-5",),
    ),
    Interpretation(
        "I-163",
        title="§118-53 paperless bills: an owner who chose them is mailed a link to each bill when the period is "
        "posted, and no paper bill",
        decision="An owner with a confirmed address who chose paperless bills receives, when a period is posted, one "
        "e-mail listing a link to each of the period's bills of their linked parcels (never the PDF); posting marks "
        "those bills e-mailed and the mailing batch leaves them out. A posting resumed or repeated sends nothing "
        "twice.",
        sections=("118-53",),
    ),
    Interpretation(
        "I-164",
        title="§118-53 owner online: a link reaches the parcel's records from the start of the ownership current "
        "when it was made; what was owed before is one amount",
        decision="An owner's link sees the parcel's bills (by period end), payments and notices from the day the "
        "ownership current at linking began, and open deadlines whenever set; the balance is the parcel's whole "
        "balance (unpaid rents run with the property, §118-53), with what was owed before the ownership shown as "
        "one amount without its detail.",
        sections=("118-53",),
    ),
)
