"""What staff enter by hand, over the API: each POST calls the screens' action (201 with the record), a refusal
is a 422 naming the field and the rule, an unknown user a 404, a role that may not a 403; a sample's results
are checked by the lab import's row rules and evaluated as an imported one's."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.core.models import BoardResolution
from sewerworks.enforcement.models import Deadline
from sewerworks.pretreatment.models import Exceedance, IndustrialUser, Sample
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db
JSON = "application/json"
COPPER = {"parameter": "copper", "result": "1710", "unit": "ug/L", "detection_limit": "2", "method": "EPA 200.7"}


def _sample(**over: Any) -> dict[str, Any]:
    return {"sampling_point": "CM-1", "sample_id": "HVL-1", "lab": "Hudson Valley Labs", "sample_type": "composite",
            "start": "2026-03-01T08:00:00", "end": "2026-03-02T08:00:00", "results": [COPPER], **over}  # fmt: skip


def test_the_town_engineer_registers_a_user_and_adds_its_control_manhole(client_as: Any) -> None:
    parcel = f.parcel("108.12-3-61")
    building = f.building(parcel, use="industrial", name="Orchard Cider Works")
    client = client_as("town engineer")
    made = client.post("/api/pretreatment/users", {"building_id": building.pk, "activity": "Cider pressing",
                                                   "average_daily_flow": "4200"}, content_type=JSON)  # fmt: skip
    assert made.status_code == 201, made.content
    body = made.json()
    assert (body["name"], body["average_daily_flow"], body["points"]) == ("Orchard Cider Works", "4200", [])
    again = client.post("/api/pretreatment/users", {"building_id": building.pk, "activity": "x"}, content_type=JSON)
    assert again.status_code == 422 and "building:" in again.json()["detail"]
    url = f"/api/pretreatment/users/{body['id']}/sampling-points"
    point = {"code": "cm-7", "kind": "control_manhole", "location": "Gate"}
    refused = client.post(url, point, content_type=JSON)
    assert refused.status_code == 422
    assert refused.json()["detail"] == "required_on: The Town Engineer requires a control manhole: say when (§118-41)."
    added = client.post(url, {**point, "required_on": "2024-05-01"}, content_type=JSON)
    assert added.status_code == 201 and added.json()["code"] == "CM-7"


def test_an_unknown_account_or_building_is_named(client_as: Any) -> None:
    client = client_as("superintendent")
    building = f.building(f.parcel(), use="industrial")
    bad = client.post("/api/pretreatment/users", {"building_id": building.pk, "activity": "Plating",
                                                  "account_number": "MAR-404"}, content_type=JSON)  # fmt: skip
    assert bad.status_code == 422 and bad.json()["detail"] == "account_number: No sewer account MAR-404 is recorded."
    missing = client.post("/api/pretreatment/users", {"building_id": 999999, "activity": "x"}, content_type=JSON)
    assert missing.status_code == 404 and missing.json()["detail"] == "No building 999999."
    assert not IndustrialUser.objects.exists()


def test_agreements_treatment_and_permits_over_the_api(client_as: Any, shop: Any) -> None:
    resolution = BoardResolution.objects.create(instrument="Resolution 2025-31", adopted_on=dt.date(2025, 6, 10),
                                                title="Special agreement, BOD")  # fmt: skip
    supt = client_as("superintendent")
    base = f"/api/pretreatment/users/{shop.pk}"
    agreement = {"resolution_id": resolution.pk, "parameter": "bod", "limit": "450", "starts_on": "2025-06-01"}
    early = supt.post(f"{base}/agreements", agreement, content_type=JSON)
    assert early.status_code == 422 and early.json()["detail"].startswith("starts_on: Before Resolution 2025-31")
    made = supt.post(f"{base}/agreements", {**agreement, "starts_on": "2025-06-10"}, content_type=JSON)
    assert (
        made.status_code == 201 and made.json()["limit"] == "450" and made.json()["resolution"] == "Resolution 2025-31"
    )
    assert client_as("town engineer").post(f"{base}/agreements", agreement, content_type=JSON).status_code == 403
    treatment = {"description": "Equalization tank", "plans_submitted_on": "2025-01-10",
                 "town_engineer_approved_on": "2025-02-01", "construction_started_on": "2025-03-01"}  # fmt: skip
    assert supt.post(f"{base}/treatment", treatment, content_type=JSON).status_code == 422
    built = supt.post(f"{base}/treatment", {**treatment, "state_approved_on": "2025-02-27"}, content_type=JSON)
    assert built.status_code == 201 and built.json()["approved"] is True
    permit = {"spdes_number": "NY0012345", "town_engineer_approved_on": "2024-03-01", "issued_on": "2024-04-01",
              "expires_on": "2029-03-31", "outfall": "Lattintown Creek"}  # fmt: skip
    assert supt.post(f"{base}/cooling-water-permits", permit, content_type=JSON).status_code == 201
    twice = supt.post(f"{base}/cooling-water-permits", permit, content_type=JSON)
    assert twice.status_code == 422 and "spdes_number" in twice.json()["detail"]


def test_an_inspector_records_a_visit_with_its_checklist(client_as: Any, shop: Any) -> None:
    client = client_as("inspector")
    visit = {"visited_on": "2026-02-11", "visitor": "R. Alvarez", "agency": "nysdec", "credentials": "DEC badge 77",
             "reason": "Sampling", "checklist": {"corrosive": "seen", "heat": "not_seen"}}  # fmt: skip
    made = client.post(f"/api/pretreatment/users/{shop.pk}/visits", visit, content_type=JSON)
    assert made.status_code == 201, made.content
    assert made.json()["seen"] == ["corrosive"] and made.json()["checklist"]["slug"] == "not_checked"
    wrong = client.post(f"/api/pretreatment/users/{shop.pk}/visits", {**visit, "checklist": {"heat": "maybe"}},
                        content_type=JSON)  # fmt: skip
    assert (
        wrong.status_code == 422 and wrong.json()["detail"] == "checklist: heat: answer seen, not_seen or not_checked."
    )
    nul = client.post(f"/api/pretreatment/users/{shop.pk}/visits", {**visit, "visitor": "R.\x00"}, content_type=JSON)
    assert nul.status_code == 422


def test_a_sample_above_the_limit_opens_the_exceedances_as_an_imported_one(client_as: Any, manhole: Any) -> None:
    client = client_as("clerk")
    made = client.post(f"/api/pretreatment/users/{manhole.user_id}/samples", _sample(), content_type=JSON)
    assert made.status_code == 201, made.content
    body = made.json()
    assert body["results"][0]["value"] == "1.71" and body["day"] == "2026-03-02"
    found = {e.basis: (e.row, e.limit, e.value) for e in Exceedance.objects.all()}
    assert found == {"24_hour": ("Copper", Decimal("1.6"), Decimal("1.71")),
                     "30_day": ("Copper", Decimal("0.8"), Decimal("1.71"))}  # fmt: skip
    assert Deadline.objects.filter(section="118-47").count() == 1


def test_a_sample_s_refusals_name_the_field_as_the_import_does(client_as: Any, manhole: Any) -> None:
    client = client_as("superintendent")
    url = f"/api/pretreatment/users/{manhole.user_id}/samples"
    temperature = {"parameter": "temperature", "result": "20", "unit": "mg/L"}
    bad = client.post(url, _sample(results=[COPPER, temperature]), content_type=JSON)
    assert bad.status_code == 422 and bad.json()["detail"] == "results[1].unit: Temperature is not measured in mg/L"
    later = client.post(url, _sample(end="2027-03-02T08:00:00"), content_type=JSON)
    assert later.status_code == 422 and "after the day of the import" in later.json()["detail"]
    ancient = client.post(url, _sample(start="0001-01-01T00:00:00"), content_type=JSON)
    assert ancient.status_code == 422 and "before 1900" in ancient.json()["detail"]
    elsewhere = client.post(url, _sample(sampling_point="CM-9"), content_type=JSON)
    assert elsewhere.status_code == 422 and elsewhere.json()["detail"].startswith("sampling_point:")
    assert client.post(url, _sample(results=[]), content_type=JSON).status_code == 422
    assert not Sample.objects.exists()
    assert client.post(url, _sample(), content_type=JSON).status_code == 201
    again = client.post(url, _sample(results=[{**COPPER, "parameter": "zinc"}]), content_type=JSON)
    assert again.status_code == 422 and "is already entered" in again.json()["detail"]


def test_roles_that_may_not_are_refused(client_as: Any, manhole: Any) -> None:
    board = client_as("board member")
    base = f"/api/pretreatment/users/{manhole.user_id}"
    assert board.post(f"{base}/samples", _sample(), content_type=JSON).status_code == 403
    visit = {"visited_on": "2026-02-11", "visitor": "A. B.", "agency": "town", "credentials": "ID", "reason": "R"}
    assert board.post(f"{base}/visits", visit, content_type=JSON).status_code == 403
    assert client_as("inspector").post(f"{base}/samples", _sample(), content_type=JSON).status_code == 403
    assert client_as("clerk").post("/api/pretreatment/users/999999/samples", _sample(),
                                   content_type=JSON).status_code == 404  # fmt: skip
