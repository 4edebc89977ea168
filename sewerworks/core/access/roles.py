"""The department's roles, as Django groups, and the `rules` predicates that test them.

Every view, API endpoint and CLI action asks a permission (``core.view_jobs``,
``registry.change_parcel``...); each permission is a predicate over these roles. An administrator
may do anything; a board member reads and never changes.
"""

from __future__ import annotations

from typing import Any

import rules

CLERK = "clerk"
SUPERINTENDENT = "superintendent"
TOWN_ENGINEER = "town engineer"
INSPECTOR = "inspector"
BUILDING_INSPECTOR = "building inspector"
WATER_SUPERINTENDENT = "water superintendent"
BOARD_MEMBER = "board member"
ADMINISTRATOR = "administrator"

ROLES: dict[str, str] = {
    CLERK: "Town Clerk's office: records, accounts, billing, notices and payments.",
    SUPERINTENDENT: "Sewer Superintendent (§118-46): runs the improvement, enforcement, grease program.",
    TOWN_ENGINEER: "Town Engineer: engineering review, industrial discharge, extensions (§118-29..43).",
    INSPECTOR: "Sewer Department inspector: inspections in the field, findings, evidence.",
    BUILDING_INSPECTOR: "Building Inspector: appearance tickets (§118-38), existing interceptors.",
    WATER_SUPERINTENDENT: "Water Superintendent: meters and their certification (§118-25), reads.",
    BOARD_MEMBER: "Town Board member: reads everything, changes nothing.",
    ADMINISTRATOR: "System administrator: users, roles and every action.",
}


def user_roles(user: Any) -> frozenset[str]:
    """The role names of a user (cached on the user object for the request)."""
    if user is None or not getattr(user, "is_authenticated", False) or not user.is_active:
        return frozenset()
    cached = getattr(user, "_sewerworks_roles", None)
    if cached is None:
        cached = frozenset(user.groups.values_list("name", flat=True))
        if user.is_superuser:
            cached = cached | {ADMINISTRATOR}
        user._sewerworks_roles = cached
    return cached


def has_role(*names: str) -> Any:
    """A predicate true for an active user holding any of ``names`` (or an administrator)."""
    wanted = frozenset(names) | {ADMINISTRATOR}

    @rules.predicate(name="has_role(" + ",".join(sorted(names)) + ")")
    def _pred(user: Any) -> bool:
        return bool(user_roles(user) & wanted)

    return _pred


is_staff_member = has_role(*ROLES)  # any role at all may read
is_administrator = has_role(ADMINISTRATOR)
