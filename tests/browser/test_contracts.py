"""The clerk screens the demo district's parcel layer for contract users (§118-29.1) from the candidates map
(the job runs at once here) and finds every special lot of the demo in its outcome's style on the map and
in the table beside it: the lots 0.4 and 0.8 ft from a boundary eligible, those at 1.6, 150, 390 and 410 ft
not adjoining, and the three long lots eligible under §118-29.1 only, too far and not judged. axe-core
checks every page."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import override_settings
from playwright.sync_api import expect

from sewerworks.contracts import demo as contracts_demo
from sewerworks.registry import demo as registry_demo

pytestmark = pytest.mark.django_db(transaction=True)
IMMEDIATE = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
SPECIAL = {1: "eligible", 2: "eligible", 3: "not-adjoining", 4: "not-adjoining", 5: "not-adjoining",
           6: "not-adjoining"}  # fmt: skip  # registry/demo/layout.py SPECIAL_GAPS: 0.4, 0.8, 1.6, 150, 390, 410 ft
LONG = {1: "eligible-under-118-29.1", 2: "too-far", 3: "cannot-judge"}


@pytest.fixture
def district(make_user: Any) -> None:
    registry_demo.build(seed=118, parcels=registry_demo.DISTRICT_PARCELS, write=lambda _: None)
    contracts_demo.add_long_lots(make_user("clerk"))


@override_settings(TASKS=IMMEDIATE)
def test_the_clerk_screens_the_demo_and_finds_each_special_lot_in_its_style(
    page: Any, login: Any, shot: Any, district: None
) -> None:
    login("clerk")
    page.goto("/contracts/")
    expect(page.get_by_text("No screen of the parcel layer has finished yet.")).to_be_visible()
    page.get_by_label("Apply the law in force on").fill("2026-12-01")
    page.get_by_role("button", name="Screen the parcel layer").click()
    page.wait_for_load_state()
    page.wait_for_selector("#candidates-map[data-loaded='true']")
    expect(page.get_by_text("Last screen of the parcel layer as of")).to_be_visible()
    expect(page.get_by_text("no mismatch")).to_be_visible()
    expected = {f"{s}.90-1-{k}": o for s in ("103", "108") for k, o in SPECIAL.items()}
    expected |= {f"108.91-1-{k}": o for k, o in LONG.items()}
    for tax_map, outcome in expected.items():
        on_map = page.locator(f"#candidates-map path[data-tax-map='{tax_map}']")
        assert on_map.count() == 1, tax_map
        assert on_map.get_attribute("data-outcome") == outcome, tax_map
        assert f"cu-{outcome}" in (on_map.get_attribute("class") or "")
        row = page.locator(f"#candidates-table tr[data-tax-map='{tax_map}']")
        assert row.get_attribute("data-outcome") == outcome, tax_map
    stroke = page.locator("#candidates-map path.cu-too-far").first.evaluate("e => getComputedStyle(e).stroke")
    assert stroke == "rgb(207, 34, 46)"
    legend = page.locator(".cu-legend li")
    assert legend.count() == 5
    shot("contracts-map")
    page.get_by_role("link", name="Candidate list with filters").click()
    page.get_by_label("Outcome").select_option("eligible-under-118-29.1")
    page.get_by_role("button", name="Find").click()
    page.wait_for_load_state()
    assert page.locator("tbody tr[data-outcome='eligible-under-118-29.1']").count() >= 1
    assert page.locator("tbody tr[data-outcome='eligible']").count() == 0
    shot("contracts-list")
