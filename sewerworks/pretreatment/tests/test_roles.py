"""Who may do what in the pretreatment program, role by role, written apart from ``pretreatment/rules.py``.

Everyone reads. The Superintendent and the Town Engineer register users and record facilities; only the
Superintendent records a special agreement from the Board's resolution; the clerk and the Superintendent
import lab results; the Town Engineer, the Superintendent and inspectors record visits; only the Town
Engineer decides a §118-39 review; the Superintendent and the Town Engineer evaluate a period's results at once
(it opens violations). A board member changes nothing."""

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
    "pretreatment.view_pretreatment": EVERYONE,
    "pretreatment.register_user": frozenset({SUPT, ENGINEER, ADMIN}),
    "pretreatment.record_facility": frozenset({SUPT, ENGINEER, ADMIN}),
    "pretreatment.record_agreement": frozenset({SUPT, ADMIN}),
    "pretreatment.import_results": frozenset({CLERK, SUPT, ADMIN}),
    "pretreatment.record_visit": frozenset({ENGINEER, SUPT, INSPECTOR, ADMIN}),
    "pretreatment.decide_review": frozenset({ENGINEER, ADMIN}),
    "pretreatment.evaluate_period": frozenset({SUPT, ENGINEER, ADMIN}),
}


def test_every_pretreatment_permission_is_in_the_table() -> None:
    missing, stale = table_gaps("pretreatment", EXPECTED)
    assert missing == set(), "a new permission needs its line in this table"
    assert stale == set(), "the table names a permission the rules no longer define"


@pytest.mark.parametrize("role", sorted(ROLES) + [""])
def test_each_role_holds_exactly_its_pretreatment_permissions(make_user: Any, role: str) -> None:
    user = make_user(role) if role else make_user()
    assert wrong_permissions(user, role, EXPECTED) == []
