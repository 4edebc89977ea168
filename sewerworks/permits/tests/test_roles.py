"""Who may do what in the permits program, role by role, written out independently of ``permits/rules.py``.

Everyone reads. The clerk's office, the Superintendent and the Town Engineer enter applications; only the
clerk's office takes the §118-15 fee and records the Board's grant of an opening permit. The Superintendent and
the Town Engineer review; each official decides only his own discretion findings; inspectors and the
Superintendent record construction; the Town Engineer examines old sewers. A board member changes nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

from sewerworks.core.access.roles import ROLES
from sewerworks.core.testing.roles import table_gaps, wrong_permissions

pytestmark = pytest.mark.django_db

CLERK, SUPT, ENGINEER, INSPECTOR = "clerk", "superintendent", "town engineer", "inspector"
ADMIN = "administrator"
EVERYONE = frozenset(ROLES)

EXPECTED: dict[str, frozenset[str]] = {
    "permits.view_permits": EVERYONE,
    "permits.enter_application": frozenset({CLERK, SUPT, ENGINEER, ADMIN}),
    "permits.record_fee": frozenset({CLERK, ADMIN}),
    "permits.review_permit": frozenset({SUPT, ENGINEER, ADMIN}),
    "permits.decide_as_town_engineer": frozenset({ENGINEER, ADMIN}),
    "permits.decide_as_sewer_department": frozenset({SUPT, ADMIN}),
    "permits.decide_as_inspector": frozenset({INSPECTOR, SUPT, ADMIN}),
    "permits.record_county": frozenset({CLERK, SUPT, ADMIN}),
    "permits.grant_opening": frozenset({CLERK, ADMIN}),
    "permits.record_construction": frozenset({INSPECTOR, SUPT, ADMIN}),
    "permits.examine_old_sewer": frozenset({ENGINEER, ADMIN}),
}


def test_every_permits_permission_is_in_the_table() -> None:
    missing, stale = table_gaps("permits", EXPECTED)
    assert missing == set(), "a new permission needs its line in this table"
    assert stale == set(), "the table names a permission the rules no longer define"


@pytest.mark.parametrize("role", sorted(ROLES) + [""])
def test_each_role_holds_exactly_its_permits_permissions(make_user: Any, role: str) -> None:
    user = make_user(role) if role else make_user()
    assert wrong_permissions(user, role, EXPECTED) == []
