"""The grease program over the API: an inspection at capacity and not performing serves the 72-hour order;
a pump-out is entered by the clerk; refusals name the field and the rule; a board member changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.django_db
JSON = "application/json"


def test_an_inspection_through_the_api_serves_the_order_and_the_pump_out_is_logged(client_as, trap, hauler) -> None:
    inspector = client_as("inspector")
    made = inspector.post(
        f"/api/grease/interceptors/{trap.pk}/inspections",
        {"inspected_at": "2026-01-30T22:30:00-05:00", "adequately_performing": False, "grease_depth_in": "20",
         "solids_depth_in": "28"}, content_type=JSON,
    )  # fmt: skip
    assert made.status_code == 201, made.content
    body = made.json()
    assert body["outcome"] == "pump-out-order" and body["fill_percent"] == "100.00"
    assert body["notice_number"] == "PO-2026-0001" and body["due_at"].startswith("2026-02-03T03:30:00")  # UTC
    listed = inspector.get(f"/api/grease/establishments/{trap.establishment_id}").json()
    assert listed["open_case"] == "pump_out_order" and listed["category"] == "new"
    clerk = client_as("clerk")
    entry = {"pumped_on": "2026-01-31", "hauler_id": hauler.pk, "volume_gal": "1700"}
    logged = clerk.post(f"/api/grease/interceptors/{trap.pk}/pump-outs", entry, content_type=JSON)
    assert logged.status_code == 201 and logged.json()["has_receipt"] is False


def test_refusals_name_the_field_and_the_rule(client_as: Any, trap: Any, hauler: Any) -> None:
    inspector = client_as("inspector")
    bad = inspector.post(f"/api/grease/interceptors/{trap.pk}/inspections",
                         {"inspected_at": "2026-01-30T22:30:00-05:00", "adequately_performing": True,
                          "grease_depth_in": "2"}, content_type=JSON)  # fmt: skip
    assert bad.status_code == 422 and "solids_depth_in" in bad.json()["detail"]
    assert inspector.get("/api/grease/establishments/999999").status_code == 404
    board = client_as("board member")
    assert board.post(f"/api/grease/interceptors/{trap.pk}/pump-outs",
                      {"pumped_on": "2026-01-31", "hauler_id": hauler.pk, "volume_gal": "1"},
                      content_type=JSON).status_code == 403  # fmt: skip
    assert board.get("/api/grease/establishments").json()["count"] == 1
