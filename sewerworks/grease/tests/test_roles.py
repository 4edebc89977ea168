"""Who may do what in the grease program, role by role, written out independently of ``grease/rules.py``.

Everyone reads. Inspectors, the Building Inspector and the Superintendent record inspections; the clerk's
office registers establishments, keeps haulers, enters pump-outs and imports manifests but approves no
plan and records no inspection; each official approves the plan only for themselves. A board member
changes nothing. A permission added to the rules without a line here fails.
"""

from __future__ import annotations

from typing import Any

import pytest

from sewerworks.core.access.roles import ROLES
from sewerworks.core.testing.roles import table_gaps, wrong_permissions

pytestmark = pytest.mark.django_db

CLERK, SUPT, ENGINEER, INSPECTOR = "clerk", "superintendent", "town engineer", "inspector"
BI, WATER, BOARD, ADMIN = "building inspector", "water superintendent", "board member", "administrator"
EVERYONE = frozenset(ROLES)

EXPECTED: dict[str, frozenset[str]] = {
    "grease.view_grease": EVERYONE,
    "grease.register_establishment": frozenset({CLERK, SUPT, BI, ADMIN}),
    "grease.record_interceptor": frozenset({SUPT, BI, INSPECTOR, ADMIN}),
    "grease.approve_plan_as_building_inspector": frozenset({BI, ADMIN}),
    "grease.approve_plan_as_superintendent": frozenset({SUPT, ADMIN}),
    "grease.record_inspection": frozenset({INSPECTOR, BI, SUPT, ADMIN}),
    "grease.record_pump_out": frozenset({CLERK, SUPT, INSPECTOR, BI, ADMIN}),
    "grease.manage_haulers": frozenset({CLERK, SUPT, ADMIN}),
    "grease.import_manifests": frozenset({CLERK, SUPT, ADMIN}),
}


def test_every_grease_permission_is_in_the_table() -> None:
    missing, stale = table_gaps("grease", EXPECTED)
    assert missing == set(), "a new permission needs its line in this table"
    assert stale == set(), "the table names a permission the rules no longer define"


@pytest.mark.parametrize("role", sorted(ROLES) + [""])
def test_each_role_holds_exactly_its_grease_permissions(make_user: Any, role: str) -> None:
    user = make_user(role) if role else make_user()
    assert wrong_permissions(user, role, EXPECTED) == []


@pytest.mark.parametrize("role", [CLERK, BOARD, ENGINEER, WATER])
def test_who_may_not_inspect_is_refused_the_inspection_form(client_as: Any, role: str, trap: Any) -> None:
    client = client_as(role)
    url = f"/grease/establishments/{trap.establishment_id}/inspections/new/"
    assert client.get(url).status_code == 403
    assert client.post(url, {"inspected_on": "2026-03-06", "inspected_time": "10:00"}).status_code == 403
    assert client.get(f"/grease/establishments/{trap.establishment_id}/").status_code == 200


def test_a_board_member_records_no_pump_out_and_adds_no_hauler(client_as: Any, trap: Any) -> None:
    client = client_as(BOARD)
    assert client.post(f"/grease/establishments/{trap.establishment_id}/pump-outs/new/", {}).status_code == 403
    assert client.post("/grease/haulers/", {"name": "X", "license_number": "1"}).status_code == 403
