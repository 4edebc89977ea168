"""The navigation marks one entry current: the one whose address is the longest start of the page's path."""

from __future__ import annotations

from typing import Any

import pytest

from sewerworks.core.access.roles import CLERK
from sewerworks.core.web.navigation import nav_for

pytestmark = pytest.mark.django_db


def current(user: Any, path: str) -> list[str]:
    return [item["label"] for item in nav_for(user, path) if item["active"]]


def test_on_the_counter_only_the_counter_is_current_and_on_a_period_only_billing(make_user: Any) -> None:
    clerk = make_user(CLERK)
    assert current(clerk, "/billing/counter/accounts/3/") == ["Counter"]
    assert current(clerk, "/billing/periods/1/") == ["Billing"]
    assert len(current(clerk, "/")) <= 1
