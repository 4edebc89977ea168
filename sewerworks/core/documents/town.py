"""Who the Town's documents come from and where to call or appear: the Town's letterhead and contacts.

Every value can be changed without touching a template: put a ``SEWERWORKS_TOWN`` dict in the settings
with the keys to override (see ``docs/notices.md``). The defaults are the Town Hall of the Town of
Marlborough; the phone numbers and the court's address are CONFIGURABLE defaults that the Town should
confirm before mailing notices.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings

DEFAULT_TOWN: dict[str, str] = {
    "name": "Town of Marlborough",
    "county_state": "Ulster County, New York",
    "department": "Sewer Department",
    "street": "21 Milton Turnpike",
    "city_line": "Milton, NY 12547",
    # configurable: the Town Hall's main number until the Town sets the sewer office's own
    "phone": "(845) 795-2406",
    "office": "Office of the Superintendent of Sewers",
    "office_hours": "Monday to Friday, 9 a.m. to 4 p.m.",
    "email": "",
    "designee": "the Sewer Department (the Town's designee for inspections)",
    "court": "Town of Marlborough Justice Court",
    "court_street": "21 Milton Turnpike",
    "court_city_line": "Milton, NY 12547",
    # configurable: the Justice Court's clerk
    "court_phone": "(845) 795-2406",
}


def town() -> dict[str, str]:
    """The letterhead and contacts: the defaults, overridden key by key by ``settings.SEWERWORKS_TOWN``."""
    configured: Any = getattr(settings, "SEWERWORKS_TOWN", None) or {}
    merged = dict(DEFAULT_TOWN)
    merged.update({str(k): str(v) for k, v in dict(configured).items() if v is not None})
    return merged
