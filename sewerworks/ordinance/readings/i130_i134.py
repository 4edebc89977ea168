"""Readings I-130 to I-134: inspections in the field (issue 33): who passes a trench, the re-excavation and
restoration limits, the building a connection creates, the cut fees, and what is no failure of the plumber's."""

from __future__ import annotations

from sewerworks.ordinance.readings.model import Interpretation

ENTRIES = (
    Interpretation(
        "I-130",
        title="§118-26 the Town Engineer's deputy or representative: the Sewer Department inspector passes a trench",
        decision="The Town Engineer passes a trench, and the Sewer Department's inspector acts as his representative; "
        "an engineer the town approves is given the Town Engineer's role. The Superintendent does not pass trenches: "
        "he supervises connections (§118-25).",
        sections=("118-26",),
        parameters=("permits.inspection_officials",),
    ),
    Interpretation(
        "I-131",
        title="§118-26/27 a filled trench is re-excavated, and public property restored, within days set as parameters",
        decision="The chapter sets no time. A trench filled before its inspection is re-excavated within "
        "permits.reexcavate_days (7) of the inspection that found it filled; public property the work disturbed is "
        "restored within permits.restoration_days (30) of the inspection that ends the work. Both are acts by the "
        "public, so a limit ending on a weekend or holiday moves to the next business day (I-20).",
        sections=("118-26", "118-27"),
        parameters=("permits.reexcavate_days", "permits.restoration_days"),
    ),
    Interpretation(
        "I-132",
        title="§118-25 a connection passed on a permit that names no building creates it on the permit's parcel",
        decision="A connection passed on a permit that names no building connects the building the result names (its "
        "name and use), created on the permit's parcel in the result's own transaction and established on the day of "
        "the connection; the registry's keepers may complete its record later.",
        sections=("118-25",),
    ),
    Interpretation(
        "I-133",
        title="§118-24 rock and curb cut fees: a charge of their own, billed at once when the lateral's inspection "
        "passes",
        decision="When the inspection of a lateral the town built passes, the rock-cut and curb-cut fees the design "
        "requires are charged at the amounts in force that day: a pending charge of its own kind (lateral_cut_fee, "
        "§118-24) billed at once, not carried to the semiannual bill. The lateral itself is paid through the §118-54 "
        "connection charge (I-12).",
        sections=("118-24",),
    ),
    Interpretation(
        "I-134",
        title="§118-25/26 a cancellation, a reschedule or 'not ready' is no failure of the plumber's work",
        decision="An applicant's cancellation or reschedule, or work found not ready, starts no order, deadline or "
        "violation: only a failed inspection counts against the work. A new notice asks for the inspection again, "
        "linked to the one it repeats.",
        sections=("118-25", "118-26"),
    ),
)
