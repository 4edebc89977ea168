"""The section of Chapter 118 the grease program implements (ordinance browser coverage).

- §118-38: food service establishments on the registry's buildings, the interceptor each must have (I-35,
  I-66), the 30 days after connecting (a duty, I-20), inspections with the 80% written notice and the
  72-hour order in elapsed hours (I-36, I-68), the appearance ticket when either is missed, the pump-out log
  with haulers, receipts and manifests, the record-keeping check, and the next pump-out predicted (I-67).
"""

from __future__ import annotations

from sewerworks.core.ordinance_browser.coverage import declare_implemented

DECLARED: dict[str, str] = {
    "118-38": "grease: establishments, interceptors, inspections with the 80% notice and the 72-hour order, "
    "pump-out log, haulers' manifests, record-keeping check, next pump-out predicted",
}


def declare() -> list[str]:
    for section, how in DECLARED.items():
        declare_implemented(section, by=how)
    return sorted(DECLARED)


declare()
