"""The Superintendent registers an industrial user, adds its control manhole and enters one sample by hand with
copper above the §118-37 limit; the user's page then shows the exceedance with its table row and citation.
axe-core checks every page."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from sewerworks.pretreatment.models import Exceedance, IndustrialUser
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def plant():
    parcel = f.parcel("108.12-3-60", street_number="40", street_name="Western Ave", improvement_area=f.area())
    return f.building(parcel, use="industrial", name="Marlborough Precision Machining")


def test_register_a_user_add_a_point_enter_a_sample_above_a_limit_and_see_the_exceedance(
    page, login, shot, plant
) -> None:
    login("superintendent")
    page.goto("/pretreatment/")
    page.get_by_role("link", name="Register an industrial user").click()
    page.wait_for_load_state()
    page.get_by_label("Building", exact=True).select_option(label="Marlborough Precision Machining")
    page.get_by_label("Type of activity").fill("Machining and plating of brass parts")
    page.get_by_label("Average daily flow (gal/day)").fill("6000")
    shot("pretreatment-entry-register")
    page.get_by_role("button", name="Register").click()
    page.wait_for_load_state()
    expect(page.get_by_text("Marlborough Precision Machining registered as an industrial user.")).to_be_visible()
    user = IndustrialUser.objects.get()

    page.get_by_role("link", name="Add a sampling point").click()
    page.wait_for_load_state()
    page.get_by_label("Code", exact=True).fill("CM-1")
    page.get_by_label("Control manhole required by the Town Engineer").check()
    page.get_by_label("Location", exact=True).fill("Rear lot, by the gate")
    page.get_by_role("button", name="Add the sampling point").click()
    page.wait_for_load_state()
    expect(page.get_by_text("The Town Engineer requires a control manhole: say when (§118-41).")).to_be_visible()
    shot("pretreatment-entry-point-refused")
    page.get_by_label("Required by the Town Engineer on").fill("2020-04-01")
    page.get_by_role("button", name="Add the sampling point").click()
    page.wait_for_load_state()
    expect(page.get_by_text("Sampling point recorded.")).to_be_visible()

    page.get_by_role("link", name="Enter a sample's results").click()
    page.wait_for_load_state()
    page.get_by_label("Sampling point").select_option(label="CM-1 (control manhole)")
    page.get_by_label("Lab sample id").fill("HVL-2026-0412")
    page.get_by_label("Laboratory").fill("Hudson Valley Labs")
    page.get_by_label("24-hour composite").check()
    page.get_by_label("Started at").fill("2026-03-01T08:00")
    page.get_by_label("Ended at").fill("2026-03-02T08:00")
    page.get_by_label("Parameter, result 1").select_option("copper")
    page.get_by_label("Result, result 1").fill("1710")
    page.get_by_label("Unit, result 1").select_option("ug/L")
    page.get_by_label("Detection limit, result 1").fill("2")
    page.get_by_label("Method, result 1").fill("EPA 200.7")
    shot("pretreatment-entry-sample")
    page.get_by_role("button", name="Enter the results").click()
    page.wait_for_load_state()
    assert page.url.endswith(f"/pretreatment/users/{user.pk}/")
    expect(page.get_by_text("Sample entered: 1 result(s); 2 limits exceeded.")).to_be_visible()
    expect(page.get_by_text("Copper, 24-hour average: 1.71 mg/L exceeds the limit of 1.6 mg/L.").first).to_be_visible()
    expect(page.get_by_text("(§ 118-37)").first).to_be_visible()
    assert Exceedance.objects.filter(user=user, parameter="copper").count() == 2
    shot("pretreatment-entry-exceedance")
