"""The section of Chapter 118 contract users implement (ordinance browser coverage).

- §118-29.1 (with the §118-1 definition of a contract user, I-10): every parcel outside both areas screened
  (adjoining within 1 ft, discharge within 200 ft / 400 ft by the law in force, I-82 to I-84), the petition
  and the Town Board's approval by resolution, the legal fees and assessment share charged, and the account
  billed as a user inside the area of its lateral's main.
"""

from __future__ import annotations

from sewerworks.core.ordinance_browser.coverage import declare_implemented

DECLARED: dict[str, str] = {
    "118-29.1": "contracts: screen of the parcel layer (200/400 ft conflict shown, I-10), petition, Board "
    "approval by resolution, legal fees and assessment share charged, billed as inside the area",
}


def declare() -> list[str]:
    for section, how in DECLARED.items():
        declare_implemented(section, by=how)
    return sorted(DECLARED)


declare()
