"""At phone width, an inspector records an inspection that finds a full interceptor not performing, sees the
72-hour order on the deadlines board, records the hauler's pump-out with its receipt and the passed
reinspection, and sees the order met and the violation corrected; axe-core checks every page."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from sewerworks.enforcement.models import Deadline, Violation
from sewerworks.grease.actions import do_add_hauler, do_record_interceptor, do_register_establishment
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"width": 390, "height": 844}
RECEIPT = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"


@pytest.fixture
def restaurant(make_user):
    clerk, bea = make_user("clerk"), make_user("building inspector")
    parcel = f.parcel(improvement_area=f.area(), street_number="12", street_name="King St")
    f.owned(parcel, name="LANTERN HOLDINGS LLC")
    building = f.building(parcel, use="food_service", name="Ship Lantern Grill", seats=151,
                          established_on=dt.date(2005, 3, 1), connected_on=dt.date(2005, 4, 1))  # fmt: skip
    est = do_register_establishment(building=building, acting_user=clerk)
    do_record_interceptor(establishment=est, kind="exterior", installed_on=dt.date(2005, 3, 1),
                          rated_gallons=Decimal(2000), working_depth_in=Decimal(48), acting_user=bea)  # fmt: skip
    do_add_hauler(name="Hudson Valley Septic", license_number="3A-118", acting_user=clerk)
    return est


def test_an_inspector_at_phone_width_gives_the_72_hour_order_and_sees_it_met(page, login, shot, restaurant) -> None:
    page.set_viewport_size(PHONE)
    login("inspector")
    today = timezone.localdate()
    yesterday = today - dt.timedelta(days=1)
    page.goto(f"/grease/establishments/{restaurant.pk}/")
    shot("grease-establishment")
    page.get_by_role("link", name="Record an inspection").click()
    page.wait_for_load_state()
    page.get_by_label("Date of the inspection").fill(yesterday.isoformat())
    page.get_by_label("Time of the inspection").fill("09:00")
    page.get_by_label("Grease layer (in)").fill("20")
    page.get_by_label("Solids layer (in)").fill("28")
    page.get_by_role("radio", name="No").check()
    shot("grease-inspection-form")
    page.get_by_role("button", name="Record the inspection").click()
    page.wait_for_load_state()
    expect(page.get_by_role("heading", name="Open 72-hour order")).to_be_visible()
    deadline = Deadline.objects.get(kind="pump_out")
    number = deadline.notice.number
    assert number.startswith("PO-")
    expect(page.get_by_text(number).first).to_be_visible()
    assert deadline.due_at - deadline.notice.served_at == dt.timedelta(hours=72)
    shot("grease-order-given")

    page.goto("/enforcement/")
    row = page.locator("#due-week tbody tr", has_text=number)  # due in two days, at 9:00
    assert row.count() == 1
    shot("grease-order-on-the-board")

    page.goto(f"/grease/establishments/{restaurant.pk}/")
    page.get_by_role("link", name="Record a pump-out").click()
    page.wait_for_load_state()
    page.get_by_label("Pumped out on").fill(today.isoformat())
    page.get_by_label("Licensed hauler").select_option(label="Hudson Valley Septic (3A-118)")
    page.get_by_label("Volume (gal)", exact=True).fill("1900")
    page.get_by_label("Disposal facility").fill("Kingston WWTP")
    page.get_by_label("The facility is NYSDEC-approved").check()
    page.get_by_label("Hauler's receipt (PDF, JPEG or PNG)").set_input_files(
        {"name": "receipt.pdf", "mimeType": "application/pdf", "buffer": RECEIPT}
    )
    page.get_by_label("Service date on the receipt").fill(today.isoformat())
    page.get_by_label("Volume on the receipt (gal)").fill("1900")
    shot("grease-pump-out-form")
    page.get_by_role("button", name="Enter it in the log").click()
    page.wait_for_load_state()
    expect(page.get_by_text("Pump-out entered in the log.")).to_be_visible()
    expect(page.get_by_role("link", name="Receipt")).to_be_visible()
    expect(page.get_by_role("heading", name="Open 72-hour order")).to_be_visible()  # not met by the pump-out alone

    page.get_by_role("link", name="Record an inspection").click()
    page.wait_for_load_state()
    page.get_by_label("Date of the inspection").fill(today.isoformat())
    page.get_by_label("Time of the inspection").fill(timezone.localtime().strftime("%H:%M"))
    page.get_by_label("Grease layer (in)").fill("0.5")
    page.get_by_label("Solids layer (in)").fill("1")
    page.get_by_role("radio", name="Yes").check()
    page.get_by_role("button", name="Record the inspection").click()
    page.wait_for_load_state()
    expect(page.get_by_text("Inspection recorded.")).to_be_visible()
    assert page.get_by_role("heading", name="Open 72-hour order").count() == 0
    shot("grease-reinspected")

    deadline.refresh_from_db()
    violation = Violation.objects.get()
    assert deadline.status == "met" and violation.status == "corrected"
    page.goto(f"/enforcement/violations/{violation.pk}/")
    expect(page.get_by_text("Corrected").first).to_be_visible()
    shot("grease-violation-corrected")
