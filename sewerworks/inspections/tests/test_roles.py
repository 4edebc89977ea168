"""Who may do what with inspections, role by role, written out independently of ``inspections/rules.py``.

Everyone reads. The clerk's office, the Superintendent, the Town Engineer and inspectors record the notices
asking for an inspection and schedule them. Only the Town Engineer or his representative, the inspector, passes a
trench (§118-26, I-130); the Sewer Department (the Superintendent and its inspectors) supervises a connection
(§118-25; a Board appointee too, tested with the appointments) and inspects the lateral (§118-24). Those who
inspect add photographs. The clerk records the Board's appointments. A board member changes nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

from sewerworks.core.access.roles import ROLES
from sewerworks.core.testing.roles import table_gaps, wrong_permissions

pytestmark = pytest.mark.django_db

CLERK, SUPT, ENGINEER, INSPECTOR, ADMIN = "clerk", "superintendent", "town engineer", "inspector", "administrator"

EXPECTED: dict[str, frozenset[str]] = {
    "inspections.view_inspections": frozenset(ROLES),
    "inspections.request_inspection": frozenset({CLERK, SUPT, ENGINEER, INSPECTOR, ADMIN}),
    "inspections.schedule_inspection": frozenset({CLERK, SUPT, ENGINEER, INSPECTOR, ADMIN}),
    "inspections.pass_trench": frozenset({ENGINEER, INSPECTOR, ADMIN}),
    "inspections.supervise_connection": frozenset({SUPT, INSPECTOR, ADMIN}),
    "inspections.inspect_lateral": frozenset({SUPT, INSPECTOR, ADMIN}),
    "inspections.add_photo": frozenset({SUPT, ENGINEER, INSPECTOR, ADMIN}),
    "inspections.record_appointment": frozenset({CLERK, ADMIN}),
}


def test_every_inspections_permission_is_in_the_table() -> None:
    missing, stale = table_gaps("inspections", EXPECTED)
    assert missing == set(), "a new permission needs its line in this table"
    assert stale == set(), "the table names a permission the rules no longer define"


@pytest.mark.parametrize("role", sorted(ROLES) + [""])
def test_each_role_holds_exactly_its_inspections_permissions(make_user: Any, role: str) -> None:
    user = make_user(role) if role else make_user()
    assert wrong_permissions(user, role, EXPECTED) == []


@pytest.mark.parametrize("role", sorted(ROLES))
def test_whoever_may_supervise_a_connection_may_record_it(make_user: Any, role: str) -> None:
    user = make_user(role)
    assert user.has_perm("enforcement.record_connection") == user.has_perm("inspections.supervise_connection")
