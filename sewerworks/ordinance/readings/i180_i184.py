"""Readings I-180 to I-184: the clerk's billing day and the engineer's lab file (issue 38): a non-detect that
cannot show compliance, meter rollovers by register size, and a bill held when its period was posted."""

from __future__ import annotations

from sewerworks.ordinance.readings.model import Interpretation

ENTRIES = (
    Interpretation(
        "I-180",
        title="§118-37 a non-detect whose detection limit is above the limit goes to the Town Engineer's review list",
        decision="A result reported as not detected with a detection limit above the limit it is judged against (a "
        "day's, or a 30-day window of non-detects only) is neither an exceedance nor compliance (I-72): it reaches "
        "the Town Engineer's review list with the finding's sentence and its day, whether the result came from the "
        "lab import, the API or a screen. It never opens a violation by itself. The review dates each exceeded limit "
        "by its own days and says what its finding says (pH outside its range, not 'above').",
        sections=("118-37", "118-39"),
    ),
    Interpretation(
        "I-181",
        title="§118-52 I-48 by register size: a rollover up to the larger of a tenth of the register and 50,000 gal",
        decision="A lower read is a rollover when the water it would mean is at most the larger of "
        "meters.rollover_max_fraction of the register (a tenth) and meters.rollover_gallons (50,000 gallons), so long "
        "as that is within half the register: a small register (4 dials in cubic feet, 5 in gallons) can roll over "
        "in a half-year. The reads import and the bill run ask the same rule, and the import judges a read in a "
        "period's window from the period's start read with the rules of its last day, as the run does, so a read the "
        "import takes is a read the run bills.",
        sections=("118-52",),
        parameters=("meters.rollover_gallons",),
    ),
    Interpretation(
        "I-182",
        title="§118-52 an account held when its period was posted is billed by a supplementary bill once corrected",
        decision="Posting leaves a held bill (I-61) unbilled, yet §118-52 bills every user for the water used. A "
        "posted period takes the reads of the accounts it held (and refuses every other row, naming the rule); the "
        "clerk then posts a supplementary bill, computed by the bill run's own code, on its own bill date with its "
        "own penalty date (as a rebill's, I-110). The held draft is closed as void with the reason, and the held "
        "bill's page says what to do.",
        sections=("118-52", "118-53"),
    ),
)
