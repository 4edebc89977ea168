"""Our readings of Chapter 118, one structured record per interpretation id (``model.Interpretation``).

Each module holds a range of ids in order; :mod:`sewerworks.ordinance.interpretations` assembles them and is
what code imports. ``docs/interpretations.md`` is generated from these records (``document.py``).
"""

from __future__ import annotations

from sewerworks.ordinance.readings import (
    i01_i12,
    i20_i36,
    i37_i50,
    i51_i69,
    i70_i92,
    i95_i116,
    i117_i121,
    i122_i125,
    i126_i129,
    i130_i134,
    i140_i144,
    i150_i154,
    i160_i164,
    i170_i172,
    i175_i176,
    i180_i184,
)
from sewerworks.ordinance.readings.model import Interpretation, Status

ENTRIES: tuple[Interpretation, ...] = (
    *i01_i12.ENTRIES,
    *i20_i36.ENTRIES,
    *i37_i50.ENTRIES,
    *i51_i69.ENTRIES,
    *i70_i92.ENTRIES,
    *i95_i116.ENTRIES,
    *i117_i121.ENTRIES,
    *i122_i125.ENTRIES,
    *i126_i129.ENTRIES,
    *i130_i134.ENTRIES,
    *i140_i144.ENTRIES,
    *i150_i154.ENTRIES,
    *i160_i164.ENTRIES,
    *i170_i172.ENTRIES,
    *i175_i176.ENTRIES,
    *i180_i184.ENTRIES,
)

__all__ = ["ENTRIES", "Interpretation", "Status"]
