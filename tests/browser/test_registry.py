"""A clerk finds a parcel by its address, sees it on the map and reads its history; a board member sees
the same page without edit controls and cannot post a change."""

from __future__ import annotations

import datetime as dt

import pytest
from playwright.sync_api import expect

from sewerworks.registry.models import MeterRead
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def parcel():
    a = f.area()
    p = f.parcel(improvement_area=a, street_number="21", street_name="Western Ave")
    f.owned(p)
    f.building(p, name="Western Ave house", dwelling_units=1)
    meter = f.account_with_meter(p)
    for day, reading in ((dt.date(2026, 1, 2), 45000), (dt.date(2026, 3, 31), 48500), (dt.date(2026, 6, 30), 52000)):
        MeterRead.objects.create(meter=meter, read_on=day, reading=reading)
    f.main(a)
    f.parcel("108.12-3-47", street_number="23", street_name="Western Ave", improvement_area=a, dx=300)
    return p


def test_a_clerk_searches_an_address_opens_the_parcel_and_sees_map_and_history(page, login, shot, parcel) -> None:
    login("clerk")
    page.get_by_role("link", name="Registry").click()
    page.get_by_label("Search the registry").fill("21 western")
    page.get_by_role("link", name="108.12-3-45").click()
    page.wait_for_selector("#parcel-map[data-loaded='true']")
    assert page.locator("#parcel-map path.leaflet-interactive").count() >= 3  # area, parcel, main
    expect(page.get_by_text("SMITH JOHN", exact=True)).to_be_visible()
    expect(page.get_by_role("link", name="Edit parcel")).to_be_visible()
    chart = page.get_by_role("img", name="Water use per period, meter WM12345678")
    expect(chart).to_be_visible()
    expect(chart.locator("circle")).to_have_count(2)
    expect(page.get_by_role("cell", name="2026-03-31 – 2026-06-30")).to_be_visible()
    shot("parcel-page-clerk")
    page.get_by_role("link", name="Edit parcel").click()
    page.get_by_label("Street number").fill("21A")
    page.get_by_label("Reason for the change").fill("Deed correction")
    page.get_by_role("button", name="Save").click()
    page.get_by_role("link", name="History").click()
    expect(page.get_by_text("Deed correction").first).to_be_visible()
    shot("parcel-history")


def test_a_board_member_sees_no_edit_controls_and_gets_403_on_a_post(page, login, shot, parcel) -> None:
    login("board member")
    page.goto(f"/registry/parcels/{parcel.pk}/")
    page.wait_for_selector("#parcel-map[data-loaded='true']")
    assert page.get_by_role("link", name="Edit parcel").count() == 0
    shot("parcel-page-board-member")
    token = page.evaluate("document.body.getAttribute('hx-headers')")
    csrf = token.split('"X-CSRFToken": "')[1].split('"')[0]
    status = page.evaluate(
        """async ([url, csrf]) => (await fetch(url, {method: 'POST', headers: {'X-CSRFToken': csrf},
             body: new URLSearchParams({street_number: '99'})})).status""",
        [f"/registry/parcels/{parcel.pk}/edit/", csrf],
    )
    assert status == 403
    api_status = page.evaluate(
        """async ([url, csrf]) => (await fetch(url, {method: 'PATCH', headers: {'X-CSRFToken': csrf,
             'Content-Type': 'application/json'}, body: JSON.stringify({street_number: '99'})})).status""",
        [f"/api/parcels/{parcel.pk}", csrf],
    )
    assert api_status == 403


def test_the_water_superintendent_certifies_a_meter_from_the_parcel_page(page, login, shot, parcel) -> None:
    """§118-25: from the parcel page's meter, the form, a day before the installation refused on its field,
    then the installation's day accepted; the page then shows the certification and offers it no more."""
    login("water superintendent")
    page.goto(f"/registry/parcels/{parcel.pk}/")
    page.get_by_role("link", name="Certify meter WM12345678").click()
    page.get_by_label("Day certified").fill("2015-02-28")
    page.get_by_role("button", name="Certify the meter").click()
    expect(page.get_by_role("alert").filter(has_text="must be installed before it is certified")).to_be_visible()
    shot("meter-certify-refused")
    page.get_by_label("Day certified").fill("2015-03-01")
    page.get_by_role("button", name="Certify the meter").click()
    expect(page.get_by_text("Meter WM12345678 certified on 2015-03-01 (§118-25).")).to_be_visible()
    expect(page.get_by_text("certified 2015-03-01")).to_be_visible()
    assert page.get_by_role("link", name="Certify meter WM12345678").count() == 0
    shot("meter-certified")
