"""Who may do what in enforcement, role by role, written out independently of ``enforcement/rules.py``.

Everyone reads. Inspectors (and the Building Inspector, the Superintendent, the clerk, the Town Engineer)
record violations; only the clerk and the Superintendent issue notices; only the Building Inspector
issues an appearance ticket (§118-38); the Superintendent moves a case to court, posts a fine and runs
the sweep; a board member changes nothing. A permission added to the rules without a line here fails.
"""

from __future__ import annotations

from typing import Any

import pytest

from sewerworks.core.access.roles import ROLES
from sewerworks.core.testing.roles import table_gaps, wrong_permissions

pytestmark = pytest.mark.django_db

CLERK, SUPT, ENGINEER, INSPECTOR = "clerk", "superintendent", "town engineer", "inspector"
BLDG, WATER, BOARD, ADMIN = "building inspector", "water superintendent", "board member", "administrator"
EVERYONE = frozenset(ROLES)

EXPECTED: dict[str, frozenset[str]] = {
    "enforcement.view_enforcement": EVERYONE,
    "enforcement.open_violation": frozenset({INSPECTOR, BLDG, SUPT, CLERK, ENGINEER, ADMIN}),
    "enforcement.add_evidence": frozenset({INSPECTOR, BLDG, SUPT, ENGINEER, ADMIN}),
    "enforcement.issue_notice": frozenset({CLERK, SUPT, ADMIN}),
    "enforcement.issue_appearance_ticket": frozenset({BLDG, ADMIN}),
    "enforcement.record_service": frozenset({CLERK, SUPT, INSPECTOR, BLDG, ADMIN}),
    "enforcement.record_connection": frozenset({SUPT, INSPECTOR, ADMIN}),
    "enforcement.record_abandonment": frozenset({SUPT, INSPECTOR, ADMIN}),
    "enforcement.move_violation": frozenset({SUPT, ADMIN}),
    "enforcement.record_correction": frozenset({SUPT, INSPECTOR, BLDG, ADMIN}),
    "enforcement.record_court_fine": frozenset({CLERK, SUPT, ADMIN}),
    "enforcement.record_charge": frozenset({CLERK, SUPT, ADMIN}),
    "enforcement.post_fine": frozenset({SUPT, ADMIN}),
    "enforcement.run_sweep": frozenset({SUPT, ADMIN}),
    "enforcement.open_deadline": frozenset({CLERK, SUPT, ENGINEER, INSPECTOR, BLDG, WATER, ADMIN}),
    "enforcement.meet_deadline": frozenset({SUPT, ENGINEER, INSPECTOR, BLDG, WATER, ADMIN}),
}


def test_every_enforcement_permission_is_in_the_table() -> None:
    missing, stale = table_gaps("enforcement", EXPECTED)
    assert missing == set(), "a new permission needs its line in this table"
    assert stale == set(), "the table names a permission the rules no longer define"


@pytest.mark.parametrize("role", sorted(ROLES) + [""])
def test_each_role_holds_exactly_its_enforcement_permissions(make_user: Any, role: str) -> None:
    user = make_user(role) if role else make_user()
    assert wrong_permissions(user, role, EXPECTED) == []


def test_a_board_member_can_post_nothing_on_the_enforcement_screens(client_as: Any) -> None:
    from sewerworks.registry.tests import factories as f

    client = client_as(BOARD)
    parcel = f.parcel(improvement_area=f.area())
    for url in (f"/enforcement/parcels/{parcel.pk}/notices/new/", f"/enforcement/parcels/{parcel.pk}/violations/new/"):
        assert client.post(url, {"kind": "notice_to_connect", "facts": "x"}).status_code == 403
    assert client.get("/enforcement/").status_code == 200
