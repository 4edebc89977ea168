"""Apps plug their navigation and their parcel-page buttons in; core and the registry name none of them."""

from __future__ import annotations

from typing import Any

import pytest

from sewerworks.core.web.navigation import nav_entries, record_actions

pytestmark = pytest.mark.django_db


def test_each_installed_app_registered_its_navigation_entry() -> None:
    names = [e.url_name for e in nav_entries()]
    assert names[0] == "core:dashboard"
    assert {
        "registry:parcel_list",
        "enforcement:deadline_board",
        "billing:home",
        "grease:home",
        "permits:home",
        "pretreatment:home",
        "core:job_list",
    } <= set(names)


def test_enforcement_registers_its_parcel_page_buttons() -> None:
    labels = [a.label for a in record_actions() if a.target == "registry.parcel"]
    assert labels[:2] == ["Issue a Notice to Connect", "Record a violation"]


def test_a_clerk_sees_the_registry_enforcement_and_billing_in_the_navigation(client_as: Any) -> None:
    page = client_as("clerk").get("/").content.decode()
    assert ">Registry</a>" in page and ">Enforcement</a>" in page and ">Billing</a>" in page and ">Grease</a>" in page
    assert ">Permits</a>" in page


def test_the_parcel_page_shows_enforcements_buttons_only_to_who_may_use_them(client_as: Any) -> None:
    from sewerworks.registry.tests import factories as f

    parcel = f.parcel(improvement_area=f.area())
    clerk_page = client_as("clerk").get(f"/registry/parcels/{parcel.pk}/").content.decode()
    assert f'href="/enforcement/parcels/{parcel.pk}/notices/new/?kind=notice_to_connect"' in clerk_page
    assert "Record a violation</a>" in clerk_page
    inspector_page = client_as("inspector").get(f"/registry/parcels/{parcel.pk}/").content.decode()
    assert "Issue a Notice to Connect" not in inspector_page and "Record a violation</a>" in inspector_page
    board_page = client_as("board member").get(f"/registry/parcels/{parcel.pk}/").content.decode()
    assert "Issue a Notice to Connect" not in board_page and "Record a violation" not in board_page
