"""Readings I-150 to I-154: a period's lab results judged at once (issue 36): the limits of each day, findings
that no longer hold, the lab's qualifiers, corrected results, and one single-reading exceedance a day."""

from __future__ import annotations

from sewerworks.ordinance.readings.model import Interpretation

ENTRIES = (
    Interpretation(
        "I-150",
        title="§118-37 each day is judged against the limits in force that day: a 30-day average on the day it is "
        "judged, whatever limits were in force on the earlier days of its window",
        decision="A daily value, a single reading and a 30-day average are each compared with the §118-37 limits "
        "(and the §118-43 special agreements, I-71) in force on the day judged. A limit lowered mid-year therefore "
        "adds exceedances on its effective day and later only; a 30-day window reaching back before the change is "
        "judged by the new limit on the days it is judged after the change. A period's evaluation records a "
        "fingerprint of the limits and agreements it applied, so that a rerun after a change re-judges the days "
        "the change touches.",
        sections=("118-37", "118-43"),
    ),
    Interpretation(
        "I-151",
        title="§118-37 a finding that no longer holds is withdrawn with the evaluation and the reason, never deleted; "
        "its violation is left to staff; one found again is reinstated, changed figures are kept before and after",
        decision="When a period's evaluation no longer finds an exceedance on record (a corrected result, a limit "
        "raised, an agreement), the exceedance is kept and marked withdrawn by that evaluation with the reason; it "
        "no longer counts, and the violation it carries, if any, stays for staff to close or keep. An exceedance "
        "found again is reinstated; one whose value, limit or evidence moved is updated, the run keeping the "
        "figures before and after. The per-sample path never records an exceedance a second time, withdrawn or not.",
        sections=("118-37",),
    ),
    Interpretation(
        "I-152",
        title="§118-37 lab qualifiers: '>' (above the range) is refused, the lab must dilute and report a number; "
        "'ND' with a detection limit reads as '<' that limit, without one it is refused",
        decision="The lab import takes a result's qualifier empty or '<' (a non-detect below the detection limit, "
        "I-31). '>' says the value lies above the lab's range: no number can be judged, so the row is refused and "
        "the lab must dilute and report one. 'ND' with a detection limit is read as '<' that limit; without one it "
        "is refused. A sample dated after the day of the import is refused. Every refusal names its row and rule, "
        "and nothing of the file is imported.",
        sections=("118-37",),
    ),
    Interpretation(
        "I-153",
        title="§118-37 a corrected result is a new sample naming the sample it corrects (same point and day): its "
        "results replace that sample's for the parameters it reports; the corrected results stay on record",
        decision="Samples are never edited. The lab corrects a result with a new sample of the same point and day "
        "naming the sample it corrects; for the parameters it reports, its results count and the corrected ones no "
        "longer do (they stay on record). The next evaluation re-judges that series' days and withdraws what no "
        "longer holds (I-151).",
        sections=("118-37",),
    ),
    Interpretation(
        "I-154",
        title="§118-37 several readings of one day beyond the same pH, heat or slug limit are one exceedance: the "
        "reading farthest beyond it (the earliest of equals), with that reading as evidence",
        decision="pH, temperature and slug loads are judged on every reading (I-32, I-34, I-73), but the findings "
        "keep one exceedance per point, parameter, basis and day: of several readings of a day beyond the same "
        "limit, the one farthest beyond it, the earliest taken of equals, with that reading as its evidence. The "
        "per-sample path and the period's evaluation choose the same reading.",
        sections=("118-37",),
    ),
)
