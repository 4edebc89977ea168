"""Readings I-140 to I-144: extension construction on record (issue 35): the test plan, the inspection billed
to the developer, the owners' petition's count, what a design import does with streets and storm-water models,
and when construction may start."""

from __future__ import annotations

from sewerworks.ordinance.readings.model import Interpretation

ENTRIES = (
    Interpretation(
        "I-140",
        title="§118-34 a test plan splits a run between two manholes into the fewest equal sections of at most 100 ft "
        "(or a shorter limit with its reason), rounded to 0.01 ft, the last taking the remainder",
        decision="A run of pipe between two manholes is tested in the fewest equal sections of at most "
        "exfiltration.max_section_length (100 ft): each the run's length divided by their number, rounded half up to "
        "0.01 ft, the last taking what remains, and one section more where that would leave it longer than the limit "
        "(a 250-ft run is 83.33, 83.33 and 83.34 ft). The Town Engineer may order shorter sections on a steep grade, "
        "with the reason; a limit over 100 ft, or under it with no reason, is refused naming the field. Sections count "
        "from the upstream manhole: it is tested with the first section, the downstream one with the last, and each "
        "counts in its section's leakage allowance (I-41).",
        sections=("118-34",),
    ),
    Interpretation(
        "I-141",
        title="§118-31 the full-time inspection is billed by calendar month: each day's hours at the rate in force "
        "that day, to the project's parcel of record as a bill of its own; a town-built extension is not billed",
        decision="After a calendar month ends the clerk bills it: the hours of its daily reports, each day's at "
        "engineering.inspection_hourly_rate in force that day, summed and rounded half up to the cent, become a "
        "pending charge of kind extension_inspection (section 118-31) on the project's parcel of record, posted as a "
        "bill of its own (not with a semiannual bill: the developer often has no account) and paid at the counter. A "
        "month is billed once; a report for a day of a billed month is then refused. An extension the town builds "
        "under public contract (§118-30) is not billed: the town pays its own engineer.",
        sections=("118-31",),
        parameters=("engineering.inspection_hourly_rate",),
    ),
    Interpretation(
        "I-142",
        title="§118-30 a petition's majority counts each distinct owner of record of the benefiting parcels once; a "
        "parcel's co-owners together are one owner, signed when any one of them signs",
        decision="The benefiting parcels lie within connection.sewer_available_distance of the design's proposed "
        "mains (I-46). Their owners of record on the day counted are counted once each however many parcels they own; "
        "the co-owners of a parcel are one owner of record, signed when any one of them signs. A signer is matched by "
        "name to an owner of record of the parcel signed for; one who is not is listed and not counted, and a "
        "signature for a parcel that does not benefit is refused. A majority is more than half.",
        sections=("118-30",),
    ),
    Interpretation(
        "I-143",
        title="Design import: a link open at the top (street, ditch, channel) is not a sewer, and rain gages or "
        "subcatchments mark a storm-water model: each a review item for the Town Engineer, never a failure",
        decision="A SWMM conduit whose cross-section is open at the top (STREET, TRAPEZOIDAL, TRIANGULAR, RECT_OPEN, "
        "PARABOLIC, POWER, IRREGULAR) is an open channel, not a closed conduit: one needs-review item says so and none "
        "of the pipe checks of §118-29 to 33 applies. A file with rain gages or subcatchments gets one design-level "
        "item saying it looks like a storm-water model, not a sanitary sewer design (storm and surface waters are not "
        "admitted to a sanitary sewer, §118-1, §118-28). Outfalls, storage units and dividers are called what they "
        "are, never manholes.",
        sections=("118-29", "118-33"),
    ),
    Interpretation(
        "I-144",
        title="§118-31, 35 construction starts only with the Board's resolution recorded and, when it demands a "
        "guaranty security, one received by the start day and unexpired on it",
        decision="Construction of an extension starts only when the Town Board's resolution is recorded and linked: "
        "the §118-31 approval's (adopted on or before the approval) for an owner, builder or developer, the §118-30 "
        "finding that the extension warrants its cost for the town. When the resolution demands a guaranty security "
        "(a completion bond, maintenance bond or certified check), one must be received by the start day and not "
        "expired on it; its sufficiency is the Board's, not judged here. An owner's, builder's or developer's "
        "extension also names the parcel of record its inspection is billed to.",
        sections=("118-31", "118-35"),
    ),
)
