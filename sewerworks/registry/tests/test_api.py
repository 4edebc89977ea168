"""The registry API: filtered, paginated lists; detail; changes through the same actions as the staff UI,
by session (with its CSRF token) or API token; and a clear refusal, never a 500, for anything else."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sewerworks.core.models import ApiToken, AuditEvent
from sewerworks.registry.models import Building, MeterRead, Parcel, PrivateSystem, WaterMeter
from sewerworks.registry.models.parcels import tax_map_sort_key
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db

D = dt.date
JSON = "application/json"


@pytest.fixture
def town() -> dict[str, Any]:
    """Two areas; three parcels in Marlborough (one connected, one on a septic tank), one in Milton, one outside."""
    marl, milton = f.area(), f.area("milton", "Hamlet of Milton")
    p1 = f.parcel("108.12-3-45", street_name="Main St", improvement_area=marl, land_use_class="210")
    p2 = f.parcel("108.12-3-46", street_number="14", street_name="Main St", improvement_area=marl, dx=300,
                  land_use_class="220")
    p3 = f.parcel("108.16-1-2", street_number="3", street_name="Western Ave", improvement_area=marl, dx=600)
    p4 = f.parcel("102.4-2-7", street_number="5", street_name="Milton Tpke", improvement_area=milton, dx=900)
    p5 = f.parcel("95.3-1-1", street_number="900", street_name="Lattintown Rd", dx=5000)
    f.building(p1)  # connected 2001-06-01
    b2 = f.building(p2, connected_on=None)
    PrivateSystem.objects.create(parcel=p2, building=b2, kind="septic_tank")
    meter = f.account_with_meter(p1)
    return {"marl": marl, "milton": milton, "parcels": [p1, p2, p3, p4, p5], "meter": meter}


def _tmn(response: Any) -> list[str]:
    assert response.status_code == 200, response.content
    return [row["tax_map_number"] for row in response.json()["items"]]


# --- Who may call it ------------------------------------------------------------------------------------

def test_anonymous_callers_get_401(client: Client, town: dict) -> None:
    assert client.get("/api/parcels").status_code == 401
    assert client.post("/api/parcels", "{}", content_type=JSON).status_code == 401
    assert client.get("/api/parcels", HTTP_AUTHORIZATION="Bearer sw_not-a-token").status_code == 401


def test_a_user_without_a_role_reads_nothing(client_as: Any, town: dict) -> None:
    response = client_as().get("/api/parcels")
    assert response.status_code == 403
    assert "registry.view_parcel" in response.json()["detail"]


# --- Lists, filters, pagination -------------------------------------------------------------------------

def test_tax_map_numbers_sort_by_their_numeric_parts_in_the_api_and_the_list(client_as: Any, db: Any) -> None:
    """103.11-5-11 before 103.11-10-6 (5 before 10), never as text; the same on SQLite and PostgreSQL."""
    for number in ["103.11-10-6", "103.11-5-11", "103.2-1-1", "103.11-5-2", "99.1-1-1"]:
        f.parcel(number)
    expected = ["99.1-1-1", "103.2-1-1", "103.11-5-2", "103.11-5-11", "103.11-10-6"]
    client = client_as("clerk")
    assert _tmn(client.get("/api/parcels")) == expected
    html = client.get(reverse("registry:parcel_list")).content.decode()
    assert sorted(expected, key=html.index) == expected


def test_the_sort_form_pads_every_run_of_digits() -> None:
    assert tax_map_sort_key("103.11-5-11") == "00000103.00000011-00000005-00000011"
    assert tax_map_sort_key("103.11-5-11") < tax_map_sort_key("103.11-10-6")
    assert tax_map_sort_key(" 108.12-3-45.1 ") < tax_map_sort_key("108.12-3-45.2")


@pytest.mark.parametrize(("query", "expected"), [
    ("", ["95.3-1-1", "102.4-2-7", "108.12-3-45", "108.12-3-46", "108.16-1-2"]),  # numeric parts in order
    ("improvement_area=marlborough", ["108.12-3-45", "108.12-3-46", "108.16-1-2"]),
    ("improvement_area=milton", ["102.4-2-7"]),
    ("improvement_area=none", ["95.3-1-1"]),
    ("tax_map_number=108.12", ["108.12-3-45", "108.12-3-46"]),
    ("tax_map_number=108.12-3-46", ["108.12-3-46"]),
    ("street=main", ["108.12-3-45", "108.12-3-46"]),
    ("street=MAIN%20ST", ["108.12-3-45", "108.12-3-46"]),
    ("land_use_class=220", ["108.12-3-46"]),
    ("connected=true", ["108.12-3-45"]),
    ("connected=false&improvement_area=marlborough", ["108.12-3-46", "108.16-1-2"]),
    ("connection_status=unsewered", ["108.12-3-46"]),
    ("private_system_in_use=true", ["108.12-3-46"]),
    ("private_system_in_use=false&improvement_area=marlborough", ["108.12-3-45", "108.16-1-2"]),
])
def test_parcels_are_filtered_as_the_clerk_asks(client_as: Any, town: dict, query: str, expected: list) -> None:
    assert _tmn(client_as("board member").get(f"/api/parcels?{query}")) == expected


def test_a_page_has_a_limit_an_offset_and_the_total_count(client_as: Any, town: dict) -> None:
    client = client_as("inspector")
    page = client.get("/api/parcels?limit=2&offset=1").json()
    assert page["count"] == 5
    assert [p["tax_map_number"] for p in page["items"]] == ["102.4-2-7", "108.12-3-45"]
    assert client.get("/api/parcels?limit=500").status_code == 200


@pytest.mark.parametrize("query", ["limit=501", "limit=0", "limit=-1", "offset=-1", "limit=ten",
                                   "offset=99999999999999999999999"])
def test_a_bad_page_is_a_422_not_a_500(client_as: Any, town: dict, query: str) -> None:
    assert client_as("clerk").get(f"/api/parcels?{query}").status_code == 422


@pytest.mark.parametrize("query", ["parcel=abc", "parcel=0", "parcel=99999999999999999999999", "use=palace",
                                   "connection_status=maybe"])
def test_a_bad_filter_is_a_422_naming_it(client_as: Any, town: dict, query: str) -> None:
    response = client_as("clerk").get(f"/api/buildings?{query}")
    assert response.status_code == 422, response.content
    assert response.json()["detail"][0]["loc"] == ["query", query.split("=")[0]]


def test_the_other_lists(client_as: Any, town: dict) -> None:
    client = client_as("board member")
    p1 = town["parcels"][0]
    assert [a["code"] for a in client.get("/api/improvement-areas").json()["items"]] == ["marlborough", "milton"]
    assert client.get(f"/api/buildings?parcel={p1.pk}").json()["items"][0]["connection_status"] == "connected"
    assert client.get("/api/buildings?connection_status=unsewered").json()["count"] == 1
    accounts = client.get(f"/api/sewer-accounts?parcel={p1.pk}&open=true").json()["items"]
    assert [a["account_number"] for a in accounts] == ["MAR-000123"]
    meters = client.get("/api/water-meters?serial=wm123&certified=false").json()["items"]
    assert meters[0]["serial"] == "WM12345678"
    assert meters[0]["size_in"] == str(WaterMeter.objects.get().size_in)  # a decimal string, never a float
    f.main(town["marl"])
    assert client.get("/api/sewer-mains?improvement_area=marlborough").json()["items"][0]["identifier"] == "M-1"
    assert client.get("/api/sewer-mains?improvement_area=milton").json()["count"] == 0
    assert client.get("/api/manholes").json()["count"] == 0
    assert client.get("/api/treatment-plants").json()["count"] == 0


def test_owners_by_name_and_current_owners_of_a_parcel(client_as: Any, town: dict) -> None:
    p1 = town["parcels"][0]
    f.owned(p1, "SMITH JOHN")
    f.owned(town["parcels"][1], "SMYTHE ANNA")
    client = client_as("clerk")
    assert [o["name"] for o in client.get("/api/owners?name=smi").json()["items"]] == ["SMITH JOHN"]
    assert [o["name"] for o in client.get(f"/api/owners?parcel={p1.pk}").json()["items"]] == ["SMITH JOHN"]


# --- Detail ---------------------------------------------------------------------------------------------

def test_a_parcel_in_detail_with_geojson_in_longitude_and_latitude(client_as: Any, town: dict) -> None:
    p1 = town["parcels"][0]
    body = client_as("inspector").get(f"/api/parcels/{p1.pk}").json()
    assert body["tax_map_number"] == "108.12-3-45" and body["improvement_area_code"] == "marlborough"
    assert body["connected"] is True and body["private_system_in_use"] is False
    assert body["polygon"].startswith("POLYGON")
    lon, lat = body["geojson"]["coordinates"][0][0]
    assert -74.1 < lon < -73.8 and 41.5 < lat < 41.7  # Marlborough, Ulster County


@pytest.mark.parametrize("path", ["/api/parcels/999999", "/api/parcels/99999999999999999999999999",
                                  "/api/owners/0", "/api/water-meters/424242", "/api/meter-reads/5",
                                  "/api/sewer-mains/3", "/api/improvement-areas/77"])
def test_an_unknown_id_is_a_404(client_as: Any, town: dict, path: str) -> None:
    response = client_as("clerk").get(path)
    assert response.status_code == 404
    assert response.json()["detail"].startswith("No ")


# --- Changes: session with CSRF, API token --------------------------------------------------------------

def _csrf_client(user: Any) -> tuple[Client, str]:
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    client.get("/login/")
    return client, client.cookies["csrftoken"].value


def test_a_clerk_adds_a_parcel_by_session_with_the_csrf_token(make_user: Any, town: dict) -> None:
    clerk = make_user("clerk")
    client, token = _csrf_client(clerk)
    body = {"tax_map_number": "108.12-3-50", "street_number": "20", "street_name": "Main St",
            "improvement_area_id": town["marl"].pk, "polygon": f.square(f.X0 + 1200, f.Y0, 90)}
    refused = client.post("/api/parcels", json.dumps(body), content_type=JSON)
    assert refused.status_code == 403 and not Parcel.objects.filter(tax_map_number="108.12-3-50").exists()
    response = client.post("/api/parcels", json.dumps(body), content_type=JSON, HTTP_X_CSRFTOKEN=token)
    assert response.status_code == 201, response.content
    assert response.json()["improvement_area_code"] == "marlborough"
    parcel = Parcel.objects.get(tax_map_number="108.12-3-50")
    assert parcel.history.get().history_user == clerk


def test_a_water_district_token_records_reads_and_changes_a_meter(make_user: Any, town: dict) -> None:
    walt = make_user("water superintendent")
    _, raw = ApiToken.issue(walt, "water district export")
    client, auth = Client(), {"HTTP_AUTHORIZATION": f"Bearer {raw}"}
    meter = town["meter"]
    reads = {"run": "wd-2026-07", "reads": [{"meter": "WM12345678", "read_on": "2026-01-05", "reading": 1200},
                                            {"meter": meter.pk, "read_on": "2026-07-06", "reading": 16800}]}
    response = client.post("/api/meter-reads", json.dumps(reads), content_type=JSON, **auth)
    assert response.status_code == 201, response.content
    assert response.json()["count"] == 2 and response.json()["run"] == "wd-2026-07"
    assert AuditEvent.objects.get(pk=response.json()["audit_event_id"]).actor == walt
    listed = client.get("/api/meter-reads?serial=WM12345678&read_on_from=2026-02-01", **auth).json()
    assert [(r["read_on"], r["reading"], r["created_by"]) for r in listed["items"]] == [
        ("2026-07-06", 16800, walt.username)]
    patched = client.patch(f"/api/water-meters/{meter.pk}", json.dumps({"size_in": "1.00"}), content_type=JSON,
                           **auth)
    assert patched.status_code == 200 and patched.json()["size_in"] == "1.000"
    assert WaterMeter.objects.get().history.first().history_user == walt
    certified = client.post(f"/api/water-meters/{meter.pk}/certify", json.dumps({"on": "2015-03-02"}),
                            content_type=JSON, **auth)
    assert certified.status_code == 200 and certified.json()["certified_on"] == "2015-03-02"


def test_a_five_eighths_inch_meter_is_added_with_its_size(client_as: Any, town: dict) -> None:
    account = town["meter"].account
    response = client_as("water superintendent").post(
        "/api/water-meters", json.dumps({"serial": "WM0625", "account_id": account.pk, "size_in": "0.625"}),
        content_type=JSON)
    assert response.status_code == 201, response.content
    assert response.json()["size_in"] == "0.625"


def test_a_patch_changes_only_what_it_sends(client_as: Any, town: dict) -> None:
    p3 = town["parcels"][2]
    client = client_as("superintendent")
    response = client.patch(f"/api/parcels/{p3.pk}", json.dumps({"street_number": "5"}), content_type=JSON)
    assert response.status_code == 200, response.content
    assert (response.json()["street_number"], response.json()["street_name"]) == ("5", "Western Ave")
    assert Parcel.objects.get(pk=p3.pk).history.first().history_change_reason == "Edited (API)"


def test_a_building_an_account_an_owner_and_a_transfer(client_as: Any, town: dict) -> None:
    client, p3 = client_as("clerk"), town["parcels"][2]
    building = client.post("/api/buildings", json.dumps({"parcel_id": p3.pk, "use": "food_service", "seats": 40}),
                           content_type=JSON)
    assert building.status_code == 201 and building.json()["connection_status"] is None
    account = client.post("/api/sewer-accounts", json.dumps({"account_number": "MAR-000300", "parcel_id": p3.pk}),
                          content_type=JSON)
    assert account.status_code == 201 and account.json()["metered"] is True
    owner = client.post("/api/owners", json.dumps({"name": "DOE JANE", "city": "Milton"}), content_type=JSON).json()
    moved = client.post(f"/api/parcels/{p3.pk}/transfer", json.dumps({"owner_id": owner["id"], "on": "2026-03-02"}),
                        content_type=JSON)
    assert moved.status_code == 201 and moved.json()["start"] == "2026-03-02"
    assert [o["name"] for o in client.get(f"/api/owners?parcel={p3.pk}").json()["items"]] == ["DOE JANE"]


# --- Refusals -------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("body", "field"), [
    ({"tax_map_number": "108.12-3-45"}, "tax_map_number"),  # already on the roll
    ({"tax_map_number": "1-1-1", "polygon": "POLYGON ((0 0, 1 1"}, "polygon"),
    ({"tax_map_number": "1-1-1", "polygon": "LINESTRING (640000 1010000, 640100 1010000)"}, "polygon"),
    ({"tax_map_number": "1-1-1", "discharge_point": "POINT (1e300 1e300)"}, "discharge_point"),
    ({"tax_map_number": "1-1-1", "improvement_area_id": 999999}, "improvement_area_id"),
    ({"tax_map_number": "1-1-1", "improvement_area_id": 10**30}, "improvement_area_id"),
    ({"tax_map_number": "1-1-1", "land_use_class": "2100"}, "land_use_class"),
    ({"tax_map_number": "1-1-1", "street_name": "Main\u0000St"}, "street_name"),
    ({"tax_map_number": ""}, "tax_map_number"),
    ({}, "tax_map_number"),
])
def test_bad_parcel_data_is_a_422_naming_the_field(client_as: Any, town: dict, body: dict, field: str) -> None:
    response = client_as("clerk").post("/api/parcels", json.dumps(body), content_type=JSON)
    assert response.status_code == 422, response.content
    assert field in [e["loc"][-1] for e in response.json()["detail"]]
    assert Parcel.objects.count() == 5


@pytest.mark.parametrize("body", [{"dwelling_units": 40000}, {"dwelling_units": -1}, {"seats": 10**40},
                                  {"use": "palace"}, {"established_on": "2026-02-30"}, {"parcel_id": 10**6}])
def test_bad_building_changes_are_422(client_as: Any, town: dict, body: dict) -> None:
    building = Building.objects.first()
    assert building is not None
    response = client_as("clerk").patch(f"/api/buildings/{building.pk}", json.dumps(body), content_type=JSON)
    assert response.status_code == 422, response.content
    assert Building.objects.get(pk=building.pk).history.count() == 1


def test_refused_reads_are_a_422_listing_each_row_and_nothing_is_recorded(client_as: Any, town: dict) -> None:
    MeterRead.objects.create(meter=town["meter"], read_on=D(2026, 1, 5), reading=500_000)
    reads = {"reads": [{"meter": "WM12345678", "read_on": "2026-07-06", "reading": 510_000},
                       {"meter": "WM12345678", "read_on": "2026-08-06", "reading": 400_000},
                       {"meter": "NOPE", "read_on": "2026-08-06", "reading": 4}]}
    response = client_as("water superintendent").post("/api/meter-reads", json.dumps(reads), content_type=JSON)
    assert response.status_code == 422, response.content
    detail = response.json()["detail"]
    assert [e["loc"][-2:] for e in detail] == [[1, "reading"], [2, "meter"]]
    assert "510,000 on 2026-07-06" in detail[0]["msg"]
    assert MeterRead.objects.count() == 1


def test_a_malformed_batch_is_a_422(client_as: Any, town: dict) -> None:
    client = client_as("clerk")
    for body in ({"reads": []}, {"reads": [{"meter": "WM12345678", "read_on": "2026-13-01", "reading": 1}]},
                 {"reads": [{"meter": True, "read_on": "2026-01-01", "reading": 1}]}, {"reads": "all"}):
        assert client.post("/api/meter-reads", json.dumps(body), content_type=JSON).status_code == 422, body
    assert client.post("/api/meter-reads", "{nope", content_type=JSON).status_code in (400, 422)


def test_the_openapi_document_describes_the_registry(client_as: Any) -> None:
    doc = client_as("clerk").get("/api/openapi.json").json()
    parameters = {p["name"]: p for p in doc["paths"]["/api/parcels"]["get"]["parameters"]}
    assert {"improvement_area", "tax_map_number", "street", "connected", "limit", "offset"} <= set(parameters)
    assert "118-5" in parameters["connected"]["description"]
    assert "/api/meter-reads" in doc["paths"] and "post" in doc["paths"]["/api/meter-reads"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.dictionaries(
    st.sampled_from(["tax_map_number", "street_number", "improvement_area_id", "land_use_class", "polygon",
                     "discharge_point", "bogus"]),
    st.one_of(st.none(), st.booleans(), st.integers(min_value=-(10**40), max_value=10**40), st.text(max_size=50),
              st.floats(allow_nan=False), st.sampled_from(["POINT (1 2)", "POLYGON EMPTY", "POINT (nan nan)"])),
))
def test_no_patch_body_makes_a_500(client_as: Any, town: dict, body: dict) -> None:
    p1 = town["parcels"][0]
    response = client_as("clerk").patch(f"/api/parcels/{p1.pk}", json.dumps(body), content_type=JSON)
    assert response.status_code in (200, 422), (body, response.content)
