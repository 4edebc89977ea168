"""The sections of Chapter 118 the engineering review implements (ordinance browser coverage).

- §118-29: designs reviewed against the Recommended Standards the section adopts (the 2014 edition's
  minimum slopes, least size and full-flow velocity, I-78); plans approved by the Town Engineer and the
  State Department of Health before construction; the drainage area's future flows a review item (I-80).
- §118-32: the trench-width table and the 6-inch encasement it triggers (I-39), the bedding, pipe strength
  left to the Town Engineer (I-04), applied to each pipe of a design (I-81).
- §118-33: manholes at most 400 ft apart and at every change of slope or alignment (I-40, I-77).
"""

from __future__ import annotations

from sewerworks.core.ordinance_browser.coverage import declare_implemented

DECLARED: dict[str, str] = {
    "118-29": "engineering: each design reviewed against the Recommended Standards (2014 edition); approvals of "
    "the Town Engineer and the State Department of Health; future flows a review item",
    "118-32": "engineering: trench width, encasement and bedding of each pipe of a design; pipe strength left to "
    "the Town Engineer",
    "118-33": "engineering: manholes at most 400 ft apart and at every change of slope or alignment, on each run",
}


def declare() -> list[str]:
    for section, how in DECLARED.items():
        declare_implemented(section, by=how)
    return sorted(DECLARED)


declare()
