"""The clerk imports a lab file with a bad row (the preview names it, nothing is entered), uploads the fixed file,
imports it after its preview (the result says what exceeded), and finds on the industrial user's page the copper
exceedance with its table row and citation, and the chart with its limit lines and the table beside it; axe-core
checks every page."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

import pytest
from playwright.sync_api import expect

from sewerworks.pretreatment.actions import do_add_sampling_point, do_register_industrial_user
from sewerworks.pretreatment.models import Result
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db(transaction=True)
HEADER = "sample_id,sampling_point,start,end,sample_type,parameter,result,qualifier,detection_limit,unit,method,lab\n"
GOOD = (
    "HVL-1,CM-1,2026-03-01T08:00,2026-03-02T08:00,composite,copper,1710,,2,ug/L,EPA 200.7,Hudson Valley Labs\n"
    "HVL-1,CM-1,2026-03-01T08:00,2026-03-02T08:00,composite,cadmium,5,<,5,ug/L,EPA 200.7,Hudson Valley Labs\n"
)
BAD = "HVL-1,CM-1,2026-03-01T08:00,2026-03-02T08:00,composite,temperature,20,,,mg/L,SM 2550,Hudson Valley Labs\n"


@pytest.fixture
def shop(make_user):
    engineer = make_user("town engineer")
    parcel = f.parcel("108.12-3-60", street_number="40", street_name="Western Ave", improvement_area=f.area())
    building = f.building(parcel, use="industrial", name="Marlborough Precision Machining")
    user = do_register_industrial_user(building=building, activity="Machining", acting_user=engineer,
                                       average_daily_flow=Decimal(4000))  # fmt: skip
    do_add_sampling_point(user=user, code="CM-1", kind="control_manhole", location="Rear lot",
                          required_on=dt.date(2019, 5, 6), acting_user=engineer)  # fmt: skip
    return user


def test_a_clerk_imports_a_lab_file_fixes_a_bad_row_and_finds_the_copper_exceedance(
    page, login, shot, shop, tmp_path: Path
) -> None:
    login("clerk")
    page.goto("/pretreatment/")
    shot("pretreatment-users")
    page.get_by_role("link", name="Import lab results").click()
    page.wait_for_load_state()
    bad = tmp_path / "lab.csv"
    bad.write_text(HEADER + GOOD + BAD)
    page.get_by_label("Lab results (CSV)").set_input_files(str(bad))
    page.get_by_role("button", name="Upload and preview").click()
    page.wait_for_load_state()
    expect(page.get_by_text("Nothing has been written yet.")).to_be_visible()
    expect(page.get_by_text("Temperature is not measured in mg/L").first).to_be_visible()
    assert page.get_by_role("button", name="Import all").is_disabled()
    assert not Result.objects.exists()
    shot("pretreatment-import-refused")

    fixed = tmp_path / "lab-fixed.csv"
    fixed.write_text(HEADER + GOOD + BAD.replace(",mg/L,", ",degC,"))
    page.get_by_role("link", name="Upload a different file").click()
    page.get_by_label("Lab results (CSV)").set_input_files(str(fixed))
    page.get_by_role("button", name="Upload and preview").click()
    page.wait_for_load_state()
    page.get_by_role("button", name="Import all").click()
    page.wait_for_load_state()
    expect(page.get_by_text("limits exceeded (§118-37)").first).to_be_visible()
    assert Result.objects.count() == 3
    shot("pretreatment-import-done")

    page.goto(f"/pretreatment/users/{shop.pk}/")
    page.wait_for_load_state()
    expect(page.get_by_text("Copper, 24-hour average: 1.71 mg/L exceeds the limit of 1.6 mg/L.").first).to_be_visible()
    expect(page.get_by_text("(§ 118-37)").first).to_be_visible()
    chart = page.locator("svg").first
    expect(chart).to_be_visible()
    content = page.content()
    assert "24-hour limit (§118-37)" in content and "30-day limit (§118-37)" in content
    tables = page.locator("table.chart-data")
    copper = tables.filter(has_text="Copper at CM-1")
    assert "1.71\t1.71\t24-hour limit exceeded; 30-day limit exceeded" in copper.inner_text()  # the 30-day column
    shot("pretreatment-user-page")
