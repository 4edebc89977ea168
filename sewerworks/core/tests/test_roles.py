"""Who may do what in core, role by role, written out independently of ``core/rules.py``.

Everyone reads (the site, determinations, jobs, resolutions); the clerk records a Board resolution;
the clerk, the Superintendent and the Town Engineer start and rerun background jobs; the clerk and the
Superintendent add pending charges and the clerk marks them billed; the administrator manages users and API
tokens and may do everything. A permission added to the rules without a line here fails.
"""

from __future__ import annotations

from typing import Any

import pytest

from sewerworks.core.access.roles import ROLES
from sewerworks.core.testing.roles import table_gaps, wrong_permissions

pytestmark = pytest.mark.django_db

CLERK, SUPT, ENGINEER, ADMIN = "clerk", "superintendent", "town engineer", "administrator"
EVERYONE = frozenset(ROLES)

EXPECTED: dict[str, frozenset[str]] = {
    "core.view_site": EVERYONE,
    "core.run_determination": EVERYONE,
    "core.view_job": EVERYONE,
    "core.start_job": frozenset({CLERK, SUPT, ENGINEER, ADMIN}),
    "core.rerun_job": frozenset({CLERK, SUPT, ENGINEER, ADMIN}),
    "core.cancel_job": frozenset({SUPT, ADMIN}),
    "core.view_resolution": EVERYONE,
    "core.record_resolution": frozenset({CLERK, ADMIN}),
    "core.manage_users": frozenset({ADMIN}),
    "core.view_pending_charge": EVERYONE,
    "core.add_pending_charge": frozenset({CLERK, SUPT, ADMIN}),
    "core.bill_pending_charge": frozenset({CLERK, ADMIN}),
    "core.manage_api_tokens": frozenset({ADMIN}),
}


def test_every_core_permission_is_in_the_table() -> None:
    missing, stale = table_gaps("core", EXPECTED)
    assert missing == set(), "a new permission needs its line in this table"
    assert stale == set(), "the table names a permission the rules no longer define"


@pytest.mark.parametrize("role", sorted(ROLES) + [""])
def test_each_role_holds_exactly_its_core_permissions(make_user: Any, role: str) -> None:
    user = make_user(role) if role else make_user()
    assert wrong_permissions(user, role, EXPECTED) == []
