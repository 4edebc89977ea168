"""The clerk records a resolution on its screen or over the API; a refused value names its key (and line)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from sewerworks.core.models import BoardResolution, ParameterOverride
from sewerworks.core.resolutions.forms import parse_line

DISTANCE = "connection.sewer_available_distance"
RATE = "connection.abandonment_fine.first_period_rate"
FORM = {
    "instrument": "Resolution 2027-14",
    "kind": "resolution",
    "adopted_on": "2027-03-10",
    "effective_on": "2027-07-01",
    "title": "Availability and fines",
}
BODY = {
    "instrument": "Resolution 2027-14",
    "adopted_on": "2027-03-10",
    "effective_on": "2027-07-01",
    "title": "Availability and fines",
    "values": [{"key": DISTANCE, "value": 150}, {"key": RATE, "value": "12.00"}],
}


def test_a_line_reads_like_the_parameter_files() -> None:
    assert parse_line(f'{RATE} = "12.00"').value == "12.00"
    assert parse_line(f"{RATE} = 12.00").value == 12.0  # a float: the loader calls it float money
    line = parse_line("trench.max_width_by_diameter = {8: 40, 10: 43} @ 2027-09-01 §118-32")
    assert (line.value, line.effective, line.section) == ({8: 40, 10: 43}, dt.date(2027, 9, 1), "118-32")
    assert (parse_line(f"{DISTANCE} = 150 ft").value, parse_line(f"{DISTANCE} = 150 ft").unit) == (150, "ft")
    for bad, why in [("150", "key = value"), (f"{DISTANCE} =", "no value"), ("Distance = 150", "not a parameter key")]:
        with pytest.raises(ValueError, match=why):
            parse_line(bad)


@pytest.mark.django_db
def test_the_clerk_records_a_resolution_and_sees_what_it_changed(client_as: Any) -> None:
    client = client_as("clerk")
    form = client.get("/resolutions/new/")
    assert form.status_code == 200 and DISTANCE.encode() in form.content  # the keys, units, values in force
    response = client.post("/resolutions/new/", {**FORM, "values": f'{DISTANCE} = 150\n{RATE} = "12.00"\n'})
    resolution = BoardResolution.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/resolutions/{resolution.pk}/"
    page = client.get(response["Location"]).content.decode()
    assert "100 ft" in page and "150 ft" in page and "2027-07-01" in page  # old -> new, from when
    assert "$10 per day" in page and "$12 per day" in page
    listing = client.get("/resolutions/").content.decode()
    assert "Resolution 2027-14" in listing and 'href="/resolutions/"' in listing  # in the navigation too


@pytest.mark.django_db
def test_a_float_for_money_is_refused_on_the_form_naming_line_and_key_and_nothing_is_stored(client_as: Any) -> None:
    client = client_as("clerk")
    response = client.post("/resolutions/new/", {**FORM, "values": f"{DISTANCE} = 150\n\n{RATE} = 12.50"})
    assert response.status_code == 400
    html = response.content.decode()
    assert f"Line 3: {RATE}: 2027-07-01: float money" in html
    assert not BoardResolution.objects.exists() and not ParameterOverride.objects.exists()
    unknown = client.post("/resolutions/new/", {**FORM, "values": "connection.nonsense = 1"})
    assert "Line 1: connection.nonsense: no such parameter" in unknown.content.decode()
    metres = client.post("/resolutions/new/", {**FORM, "values": f"{DISTANCE} = 45 m"})
    assert f"Line 1: {DISTANCE}: given in &#x27;m&#x27;, but the parameter is in ft" in metres.content.decode()
    assert not BoardResolution.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("role", ["board member", "superintendent"])
def test_other_roles_read_resolutions_and_may_not_record_one(client_as: Any, role: str) -> None:
    client = client_as(role)
    assert client.get("/resolutions/").status_code == 200
    assert b"Record a resolution" not in client.get("/resolutions/").content
    assert client.get("/resolutions/new/").status_code == 403
    assert client.post("/resolutions/new/", {**FORM, "values": f"{DISTANCE} = 150"}).status_code == 403
    assert client.post("/api/resolutions", BODY, content_type="application/json").status_code == 403
    assert not BoardResolution.objects.exists()


@pytest.mark.django_db
def test_the_api_records_a_resolution_and_lists_it(client_as: Any) -> None:
    client = client_as("clerk")
    created = client.post("/api/resolutions", BODY, content_type="application/json")
    assert created.status_code == 201, created.content
    assert {v["key"]: v["value"] for v in created.json()["values"]} == {DISTANCE: 150, RATE: "12.00"}
    listed = client.get("/api/resolutions").json()
    assert [r["instrument"] for r in listed] == ["Resolution 2027-14"]
    one = client.get(f"/api/resolutions/{created.json()['id']}").json()
    assert one["effective_on"] == "2027-07-01"
    assert client.get("/api/resolutions/999999").status_code == 404


@pytest.mark.django_db
def test_the_api_refuses_float_money_with_a_422_naming_row_and_key(client_as: Any) -> None:
    client = client_as("clerk")
    body = {**BODY, "values": [{"key": DISTANCE, "value": 150}, {"key": RATE, "value": 12.5}]}
    refused = client.post("/api/resolutions", body, content_type="application/json")
    assert refused.status_code == 422
    [problem] = refused.json()["detail"]
    assert problem["loc"] == ["body", "values", 1, "value"] and problem["key"] == RATE
    assert "float money" in problem["msg"]
    assert not BoardResolution.objects.exists()


@pytest.mark.django_db
def test_a_determination_over_the_api_names_the_resolution_from_its_date(client_as: Any) -> None:
    client = client_as("clerk")
    assert client.post("/api/resolutions", BODY, content_type="application/json").status_code == 201
    facts = {"use": "other", "distance_to_public_sewer_ft": 120}

    def distance_read(as_of: str) -> dict[str, Any]:
        decision = client.post(
            f"/api/determinations/private-system?as_of={as_of}", facts, content_type="application/json"
        ).json()
        return next(p for p in decision["parameters"] if p["key"] == DISTANCE)

    assert distance_read("2027-06-30")["set_by"] is None
    assert distance_read("2027-07-01")["set_by"] == "set by Resolution 2027-14 of 2027-03-10"


@pytest.mark.django_db
def test_the_determinations_screen_applies_the_law_as_of_a_date(client_as: Any) -> None:
    client = client_as("clerk")
    assert client.post("/api/resolutions", BODY, content_type="application/json").status_code == 201
    facts = '{"use": "other", "distance_to_public_sewer_ft": 120}'
    page = client.post("/determinations/", {"topic": "private-system", "facts": facts, "as_of": "2027-07-01"})
    assert "set by Resolution 2027-14 of 2027-03-10" in page.content.decode()
    bad = client.post("/determinations/", {"topic": "private-system", "facts": facts, "as_of": "July"})
    assert bad.status_code == 400 and "As of: &#x27;July&#x27; is not a date" in bad.content.decode()


@pytest.mark.django_db
def test_the_api_refuses_a_value_in_another_unit_naming_the_key(client_as: Any) -> None:
    body = {**BODY, "values": [{"key": DISTANCE, "value": 45, "unit": "m"}]}
    refused = client_as("clerk").post("/api/resolutions", body, content_type="application/json")
    assert refused.status_code == 422
    assert refused.json()["detail"][0]["msg"] == f"{DISTANCE}: given in 'm', but the parameter is in ft"
