"""The screens: the queue per role, the form with the review as typed, the permit page and its posts."""

from __future__ import annotations

from typing import Any

import pytest

from sewerworks.permits.models import Permit
from sewerworks.permits.tests.conftest import FILED

pytestmark = pytest.mark.django_db

DESIGN = {"d-diameter_in": "4", "d-slope_in_per_ft": "0.0625", "d-material": "pvc_sdr35", "d-buildings_served": "1",
          "d-joints_gastight_watertight": "on"}  # fmt: skip


def test_the_review_is_shown_as_the_design_is_typed(client_as: Any, house_lot: Any) -> None:
    client = client_as("clerk")
    response = client.post("/permits/new/review/", {**DESIGN, "filed_on": FILED.isoformat()})
    assert response.status_code == 200
    assert b"The design does not comply." in response.content and b"118-20" in response.content
    fixed = client.post("/permits/new/review/", {**DESIGN, "d-slope_in_per_ft": "0.125"})
    assert b"The design complies." in fixed.content


def test_a_clerk_enters_an_application_and_lands_on_its_page(client_as: Any, house_lot: Any) -> None:
    client = client_as("clerk")
    data = {**DESIGN, "kind": "building_sewer", "permit_class": "class_1", "tax_map_number": house_lot.tax_map_number,
            "applicant": "Ana Rivera", "filed_on": FILED.isoformat()}  # fmt: skip
    response = client.post("/permits/new/", data)
    permit = Permit.objects.get()
    assert response.status_code == 302 and response.url == f"/permits/{permit.pk}/"
    page = client.get(response.url).content.decode()
    assert "Record the fee" in page and "§ 118-20" in page and "The design does not comply." in page


def test_an_unknown_parcel_is_named_on_the_form(client_as: Any, house_lot: Any) -> None:
    data = {**DESIGN, "kind": "building_sewer", "permit_class": "class_1", "tax_map_number": "999.9-9-9",
            "applicant": "X", "filed_on": FILED.isoformat()}  # fmt: skip
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
