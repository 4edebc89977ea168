"""Who may do what with sewer extensions, role by role, written apart from ``engineering/rules.py``.

Everyone reads. The clerk, the Superintendent and the Town Engineer open projects, import designs and
record the Department of Health's and the Town Board's approvals as received; only the Town Engineer
approves a design. During construction the same three record what the town receives, the clerk and the
Superintendent bill the inspection, the Town Engineer and inspectors file reports and tests, and only the
Town Engineer plans tests, stops work and rejects material. A board member changes nothing. A permission
added to the rules without a line here fails.
"""

from __future__ import annotations

from typing import Any

import pytest

from sewerworks.core.access.roles import ROLES
from sewerworks.core.testing.roles import table_gaps, wrong_permissions

pytestmark = pytest.mark.django_db

CLERK, SUPT, ENGINEER, ADMIN = "clerk", "superintendent", "town engineer", "administrator"
INSPECTOR = "inspector"
EVERYONE = frozenset(ROLES)

EXPECTED: dict[str, frozenset[str]] = {
    "engineering.view_engineering": EVERYONE,
    "engineering.open_project": frozenset({CLERK, SUPT, ENGINEER, ADMIN}),
    "engineering.import_design": frozenset({CLERK, SUPT, ENGINEER, ADMIN}),
    "engineering.approve_design": frozenset({ENGINEER, ADMIN}),
    "engineering.record_outside_approval": frozenset({CLERK, SUPT, ENGINEER, ADMIN}),
    # construction (§118-30, 31, 34, 35)
    "engineering.record_construction": frozenset({CLERK, SUPT, ENGINEER, ADMIN}),
    "engineering.bill_inspection": frozenset({CLERK, SUPT, ADMIN}),
    "engineering.inspect_construction": frozenset({ENGINEER, INSPECTOR, ADMIN}),
    "engineering.decide_construction": frozenset({ENGINEER, ADMIN}),  # his decision is final (§118-31)
}


def test_every_engineering_permission_is_in_the_table() -> None:
    missing, stale = table_gaps("engineering", EXPECTED)
    assert missing == set(), "a new permission needs its line in this table"
    assert stale == set(), "the table names a permission the rules no longer define"


@pytest.mark.parametrize("role", sorted(ROLES) + [""])
def test_each_role_holds_exactly_its_engineering_permissions(make_user: Any, role: str) -> None:
    user = make_user(role) if role else make_user()
    assert wrong_permissions(user, role, EXPECTED) == []
