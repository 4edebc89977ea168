"""The permits program over the API: an application entered, refused review without the fee, corrected and
approved; refusals name the field and the rule; a board member changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from sewerworks.permits.tests.conftest import FILED, FLAT_SEWER, GOOD_SEWER

pytestmark = pytest.mark.django_db
JSON = "application/json"


def _client(make_user: Any, role: str) -> Client:
    client = Client()
    client.force_login(make_user(role))
    return client


def test_an_application_through_the_api_from_entry_to_approval(make_user: Any, house_lot: Any) -> None:
    clerk = _client(make_user, "clerk")
    entry = {"kind": "building_sewer", "permit_class": "class_1", "parcel_id": house_lot.pk, "applicant": "Ana Rivera",
             "filed_on": FILED.isoformat(), "design": {"building-sewer": FLAT_SEWER}}  # fmt: skip
    made = clerk.post("/api/permits", entry, content_type=JSON)
    assert made.status_code == 201, made.content
    body = made.json()
    pk = body["id"]
    assert body["review_outcome"] == "fails" and any("§118-15 permit and inspection fee" in b for b in body["blockers"])
    supt = _client(make_user, "superintendent")
    held = supt.post(f"/api/permits/{pk}/moves", {"to": "under_review"}, content_type=JSON)
    assert held.status_code == 422 and "status" in held.json()["detail"]
    fee = {"amount": "100.00", "receipt_number": "R-API-1", "method": "card", "paid_on": FILED.isoformat()}
    assert clerk.post(f"/api/permits/{pk}/fee", fee, content_type=JSON).status_code == 201
    assert supt.post(f"/api/permits/{pk}/moves", {"to": "under_review"}, content_type=JSON).status_code == 200
    fixed = clerk.put(f"/api/permits/{pk}/design", {"design": {"building-sewer": GOOD_SEWER}}, content_type=JSON)
    assert fixed.json()["review_outcome"] == "complies"
    approved = supt.post(f"/api/permits/{pk}/moves", {"to": "approved", "why": "Design complies"}, content_type=JSON)
    assert approved.status_code == 200 and approved.json()["status"] == "approved"


def test_refusals_name_the_field_and_the_rule(client_as: Any, house_lot: Any, application: Any) -> None:
    clerk = client_as("clerk")
    bad = clerk.post(f"/api/permits/{application.pk}/fee",
                     {"amount": "99.00", "receipt_number": "R", "method": "cash", "paid_on": FILED.isoformat()},
                     content_type=JSON)  # fmt: skip
    assert bad.status_code == 422 and "amount" in bad.json()["detail"] and "$100.00" in bad.json()["detail"]
    assert clerk.get("/api/permits/999999").status_code == 404
    board = client_as("board member")
    assert board.post(f"/api/permits/{application.pk}/moves", {"to": "withdrawn"}, content_type=JSON).status_code == 403
    assert board.get("/api/permits").json()["count"] == 1
