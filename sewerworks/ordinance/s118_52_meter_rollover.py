"""§118-52: the water a meter's reads show, when the later read is lower than the earlier (I-48).

A register of ``dials`` digits rolls over from 10^dials - 1 to 0. A lower read is taken as a rollover
only when the water it would mean (end + 10^dials - start) is at most ``meters.rollover_max_fraction``
of the register; otherwise it is a misread, a replaced meter or a reversed date, for a person to check.
The user-charge decision (``s118_52_user_charge``) and the registry's check of recorded reads
(``registry/reads.py``) both ask this one function.
"""

from __future__ import annotations

from decimal import Decimal


def units_used(start: int, end: int, dials: int, max_fraction: Decimal) -> int | None:
    """Register units used from ``start`` to ``end``, or None when a lower ``end`` is no plausible rollover."""
    if end >= start:
        return end - start
    span = 10**dials
    wrapped = end + span - start
    return wrapped if wrapped <= max_fraction * span else None
