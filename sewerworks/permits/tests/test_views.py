"""The screens: the queue per role, the form with the review as typed, the permit page and its posts."""

from __future__ import annotations

from typing import Any

import pytest

from sewerworks.permits.models import Permit
from sewerworks.permits.tests.conftest import FILED

pytestmark = pytest.mark.django_db

DESIGN = {
    "d-diameter_in": "4",
    "d-slope_in_per_ft": "0.0625",
    "d-material": "pvc_sdr35",
    "d-buildings_served": "1",
    "d-joints_gastight_watertight": "on",
}


def test_the_review_is_shown_as_the_design_is_typed(client_as: Any, house_lot: Any) -> None:
    client = client_as("clerk")
    response = client.post("/permits/new/review/", {**DESIGN, "filed_on": FILED.isoformat()})
    assert response.status_code == 200
    assert b"The design does not comply." in response.content and b"118-20" in response.content
    fixed = client.post("/permits/new/review/", {**DESIGN, "d-slope_in_per_ft": "0.125"})
    assert b"The design complies." in fixed.content


def test_a_clerk_enters_an_application_and_lands_on_its_page(client_as: Any, house_lot: Any) -> None:
    client = client_as("clerk")
    data = {
        **DESIGN,
        "kind": "building_sewer",
        "permit_class": "class_1",
        "tax_map_number": house_lot.tax_map_number,
        "applicant": "Ana Rivera",
        "filed_on": FILED.isoformat(),
    }
    response = client.post("/permits/new/", data)
    permit = Permit.objects.get()
    assert response.status_code == 302 and response.url == f"/permits/{permit.pk}/"
    page = client.get(response.url).content.decode()
    assert "Record the fee" in page and "§ 118-20" in page and "The design does not comply." in page


def test_an_unknown_parcel_is_named_on_the_form(client_as: Any, house_lot: Any) -> None:
    data = {
        **DESIGN,
        "kind": "building_sewer",
        "permit_class": "class_1",
        "tax_map_number": "999.9-9-9",
        "applicant": "X",
        "filed_on": FILED.isoformat(),
    }
    response = client_as("clerk").post("/permits/new/", data)
    assert response.status_code == 200 and b"No parcel has tax map number 999.9-9-9" in response.content


def test_the_fee_posted_from_the_permit_page_moves_nothing_but_opens_review(client_as: Any, application: Any) -> None:
    clerk = client_as("clerk")
    fee = {"amount": "100.00", "receipt_number": "R-77", "method": "check", "paid_on": FILED.isoformat()}
    assert clerk.post(f"/permits/{application.pk}/fee/", fee).status_code == 302
    application.refresh_from_db()
    assert application.fee.receipt_number == "R-77"


def test_a_refused_move_is_said_on_the_page(client_as: Any, application: Any) -> None:
    response = client_as("superintendent").post(f"/permits/{application.pk}/move/", {"to": "under_review"}, follow=True)
    assert "§118-15 fee" in response.content.decode()


def test_the_queue_starts_each_role_on_its_own_work(client_as: Any, paid: Any, application: Any) -> None:
    assert paid.number in client_as("superintendent").get("/permits/?queue=").content.decode()
    assert client_as("board member").get("/permits/").status_code == 200
    assert client_as("board member").post("/permits/new/", {}).status_code == 403


def test_the_pdfs_are_served_to_readers(client_as: Any, application: Any) -> None:
    client = client_as("board member")
    for url in (f"/permits/{application.pk}/permit.pdf", f"/permits/{application.pk}/review.pdf"):
        response = client.get(url)
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf"


def test_the_dashboard_panel_and_the_parcel_page_show_permits(client_as: Any, application: Any) -> None:
    client = client_as("clerk")
    dashboard = client.get("/").content.decode()
    assert "Permits (§§ 118-7 to 118-18)" in dashboard and "1 application awaiting the § 118-15 fee" in dashboard
    parcel = client.get(f"/registry/parcels/{application.parcel_id}/").content.decode()
    assert application.number in parcel


def test_a_private_system_its_county_steps_and_the_overdue_inspection_on_screen(client_as: Any, rural_lot: Any) -> None:
    client = client_as("clerk")
    made = client.post(
        "/permits/private-systems/new/",
        {"tax_map_number": rural_lot.tax_map_number, "applicant": "Tom Ortiz", "filed_on": "2026-03-02"},
    )
    permit = Permit.objects.get()
    assert made.status_code == 302 and permit.kind == "private_system"
    steps = [
        {"step": "permit", "number": "UCDOH-1", "on": "2026-03-05"},
        {"step": "notice", "on": "2026-03-10", "at": "09:00"},
    ]
    for step in steps:
        assert client.post(f"/permits/{permit.pk}/county/", step).status_code == 302
    page = client.get(f"/permits/{permit.pk}/").content.decode()
    assert "County inspection not recorded within 48 hours" in page and "final inspection (§ 118-9)" in page
    assert "1 county inspection not recorded within 48 hours" in client.get("/").content.decode()
    client.post(f"/permits/{permit.pk}/county/", {"step": "inspection", "on": "2026-03-12", "at": "10:00"})
    permit.refresh_from_db()
    assert permit.status == "effective"


def test_a_private_system_near_a_main_is_refused_on_the_form(client_as: Any, house_lot: Any) -> None:
    response = client_as("clerk").post(
        "/permits/private-systems/new/",
        {"tax_map_number": house_lot.tax_map_number, "applicant": "X", "filed_on": "2026-03-02"},
    )
    assert response.status_code == 200 and "only where none is (§118-7)" in response.content.decode()


def test_the_clerk_records_the_boards_grant_of_an_opening_permit(client_as: Any, house_lot: Any, staff: Any) -> None:
    import datetime as dt

    from sewerworks.core.models import BoardResolution
    from sewerworks.permits.actions import do_file_application

    permit = do_file_application(
        kind="opening", parcel=house_lot, applicant="Ulster Excavating", filed_on=FILED, acting_user=staff.clerk
    )
    resolution = BoardResolution.objects.create(
        instrument="Resolution 2026-31",
        adopted_on=dt.date(2026, 3, 9),
        effective_on=dt.date(2026, 3, 9),
        title="Opening",
    )
    client = client_as("clerk")
    assert "Record the grant" in client.get(f"/permits/{permit.pk}/").content.decode()
    assert client.post(f"/permits/{permit.pk}/grant/", {"resolution": resolution.pk}).status_code == 302
    permit.refresh_from_db()
    assert permit.status == "granted" and permit.resolution == resolution
