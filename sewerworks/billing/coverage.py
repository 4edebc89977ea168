"""The sections of Chapter 118 the billing app implements (ordinance browser coverage).

- §118-49: semiannual sewer charges on the accounts of the improvement areas and contract users.
- §118-51: the billing calendar: periods, read windows, bill and due dates (I-58).
- §118-52: the user charge from the reads, the minimum, the strength surcharge, the defective-meter
  average and the estimates (I-03, I-24, I-26, I-27, I-43, I-44, I-48, I-60).
- §118-53: the 10% late penalty, added by the daily sweep the day after each bill's penalty date (I-25).
"""

from __future__ import annotations

from sewerworks.core.ordinance_browser.coverage import declare_implemented

DECLARED: dict[str, str] = {
    "118-49": "billing: semiannual bill runs of every sewer account, posted to the ledger",
    "118-51": "billing: the semiannual billing calendar, read windows, bill and due dates (I-58)",
    "118-52": "billing: user charges from the reads, minimum, strength surcharge, defective meters, estimates",
    "118-53": "billing: the 10% late penalty the sweep adds after each bill's penalty date (I-25, I-20)",
}


def declare() -> list[str]:
    """Declare what billing implements now; the sections declared."""
    for section, how in DECLARED.items():
        declare_implemented(section, by=how)
    return sorted(DECLARED)


declare()
