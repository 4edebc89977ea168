"""Who may do what with contract users, role by role, written out independently of ``contracts/rules.py``.

Everyone reads. The clerk, the Superintendent and the Town Engineer run the screen; the clerk's office and
the Superintendent record petitions and the Town Board's decisions. A board member records nothing here
(the Board decides by resolution). A permission added to the rules without a line here fails.
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
    "contracts.view_contracts": EVERYONE,
    "contracts.run_screen": frozenset({CLERK, SUPT, ENGINEER, ADMIN}),
    "contracts.record_petition": frozenset({CLERK, SUPT, ADMIN}),
    "contracts.record_board_decision": frozenset({CLERK, SUPT, ADMIN}),
}


def test_every_contracts_permission_is_in_the_table() -> None:
    missing, stale = table_gaps("contracts", EXPECTED)
    assert missing == set(), "a new permission needs its line in this table"
    assert stale == set(), "the table names a permission the rules no longer define"


@pytest.mark.parametrize("role", sorted(ROLES) + [""])
def test_each_role_holds_exactly_its_contracts_permissions(make_user: Any, role: str) -> None:
    user = make_user(role) if role else make_user()
    assert wrong_permissions(user, role, EXPECTED) == []
