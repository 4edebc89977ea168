"""Readings I-175 and I-176: Hardening II (issue 30): a pump-out entered twice, and a prediction that cannot
read a trap's records. (One-line titles of the hardening branch made records at its merge.)"""

from __future__ import annotations

from sewerworks.ordinance.readings.model import Interpretation

ENTRIES = (
    Interpretation(
        "I-175",
        title="§118-38 pump-out log: an entry repeating one in the log (same interceptor, day, hauler, volume and "
        "manifest) is that entry, not a second pump-out; another pump-out the same day is a second entry",
        decision="A pump-out entered again with the same interceptor, day, hauler, volume and manifest number is the "
        "entry already in the log: it is returned marked as not entered again and nothing is written. Another "
        "pump-out the same day (any of those differs) is a second entry.",
        sections=("118-38",),
    ),
    Interpretation(
        "I-176",
        title="§118-38 prediction (I-67): a trap's records the prediction cannot read give a 'cannot predict' "
        "finding naming why, never an error",
        decision="When a trap's readings and pump-outs cannot give a prediction (a fill over 1000%, more than 500 "
        "pump-outs), "
        "the advisory prediction is a 'cannot predict' finding naming the reason; the page, the list and the API "
        "still answer.",
        sections=("118-38",),
    ),
)
