"""The sections of Chapter 118 the permits program implements (ordinance browser coverage).

Declared as each one works: the records, the gates of the pipelines and the review's topics.
"""

from __future__ import annotations

from sewerworks.core.ordinance_browser.coverage import declare_implemented

DECLARED: dict[str, str] = {
    "118-7": "permits: a private system is recorded only where no public sewer is available (private-system, I-46)",
    "118-8": "permits: the Ulster County Health Department's permit recorded before construction",
    "118-9": "permits: the county notice and final inspection recorded; 48 hours without one shown (I-89)",
    "118-10": "permits: the State Health Department's specifications printed as a condition of private-system permits",
    "118-11": "permits: the owner's duty to operate and maintain printed on private-system permits",
    "118-14": "permits: opening permits granted only with the Town Board's resolution",
    "118-15": "permits: Class 1 and Class 2 applications (I-01), the fee by class at filing gating review (I-88)",
    "118-16": "permits: the owner's costs and indemnity printed on every building sewer permit",
    "118-17": "permits: separate-building-sewer topic in the automatic review (I-85)",
    "118-18": "permits: reuse of an old building sewer on the Town Engineer's examination and test",
    "118-22": "permits: building-drain-lift topic: who pays for furnishing the lift (I-86)",
    "118-24": "permits: lateral-connection topic: property line, lateral, rock and curb cut fees (I-12)",
    "118-36": "permits: new-development topic: no building permit without an approved method (I-87)",
}


def declare() -> list[str]:
    for section, how in DECLARED.items():
        declare_implemented(section, by=how)
    return sorted(DECLARED)


declare()
