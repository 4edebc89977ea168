"""Hostile input gets a clear answer naming the field, never a server error (issue 18). Each case here was
a 500 (or a wrong answer) before its fix."""

from __future__ import annotations

import json
from typing import Any

import pytest

from sewerworks.registry.models import Parcel
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db
JSON = "application/json"


# --- PATCH with null ------------------------------------------------------------------------------------


def test_a_null_street_name_is_a_422_naming_the_field_and_changes_nothing(client_as: Any) -> None:
    parcel = f.parcel("108.12-3-45", street_name="Main St", improvement_area=f.area())
    response = client_as("clerk").patch(
        f"/api/parcels/{parcel.pk}", json.dumps({"street_name": None}), content_type=JSON
    )
    assert response.status_code == 422
    assert any(e["loc"][-1] == "street_name" for e in response.json()["detail"])
    assert Parcel.objects.get(pk=parcel.pk).street_name == "Main St"


def test_null_is_still_how_a_parcel_leaves_its_improvement_area(client_as: Any) -> None:
    parcel = f.parcel("108.12-3-45", street_name="Main St", improvement_area=f.area())
    response = client_as("clerk").patch(
        f"/api/parcels/{parcel.pk}", json.dumps({"improvement_area_id": None}), content_type=JSON
    )
    assert response.status_code == 200, response.content
    assert Parcel.objects.get(pk=parcel.pk).improvement_area is None


# --- A search ending in the last character there is (U+10FFFF) ------------------------------------------

LAST_CHARACTER = chr(0x10FFFF)


def test_the_search_box_answers_a_query_ending_in_u10ffff(client_as: Any) -> None:
    f.parcel("108.12-3-45", street_name="Main St", improvement_area=f.area())
    response = client_as("clerk").get("/registry/search/", {"q": "108.12" + LAST_CHARACTER})
    assert response.status_code == 200


@pytest.mark.parametrize(
    ("path", "query"),
    # The owner's name is the owners' filter: "owner" on /api/parcels was silently ignored, now refused (400).
    [("/api/parcels", "street"), ("/api/parcels", "tax_map_number"), ("/api/owners", "name")],
)
def test_the_list_filters_answer_a_prefix_ending_in_u10ffff(client_as: Any, path: str, query: str) -> None:
    f.parcel("108.12-3-45", street_name="Main St", improvement_area=f.area())
    response = client_as("clerk").get(path, {query: "1" + LAST_CHARACTER})
    assert response.status_code in (200, 422), response.content


def test_the_prefix_range_drops_trailing_u10ffff_and_raises_the_character_before() -> None:
    from sewerworks.registry.filters import prefix_upper

    assert prefix_upper("main") == "maio"
    assert prefix_upper("ab" + LAST_CHARACTER) == "ac"
    assert prefix_upper("ab" + LAST_CHARACTER * 3) == "ac"
    assert prefix_upper(LAST_CHARACTER) is None  # every string from U+10FFFF up: no upper bound


# --- Bodies too large: 413, before anything reads them --------------------------------------------------


def test_a_10_mb_body_to_a_determination_is_413_content_too_large(client_as: Any) -> None:
    facts = {"kind": "notice_of_violation", "served_on": "2026-03-02", "note": "x" * 10_000_000}
    response = client_as("inspector").post("/api/determinations/notice-deadline", json.dumps(facts), content_type=JSON)
    assert response.status_code == 413
    assert "too large" in response.json()["detail"]


def test_a_body_over_the_upload_limit_to_any_api_endpoint_is_413(client_as: Any, settings: Any) -> None:
    response = client_as("clerk").post(
        "/api/parcels", json.dumps({"tax_map_number": "x" * 11 * 1024 * 1024}), content_type=JSON
    )
    assert response.status_code == 413


def test_a_body_django_finds_too_large_while_reading_it_is_413(client_as: Any, settings: Any) -> None:
    settings.SEWERWORKS_BODY_LIMITS = {"/api/determinations/": 10**9}  # the length check lets it through
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 100  # Django's own reading refuses it
    facts = {"kind": "notice_of_violation", "served_on": "2026-03-02", "correction_days": 30, "n": "x" * 200}
    response = client_as("inspector").post("/api/determinations/notice-deadline", json.dumps(facts), content_type=JSON)
    assert response.status_code == 413


def test_an_ordinary_determination_still_answers(client_as: Any) -> None:
    facts = {"kind": "notice_of_violation", "served_on": "2026-03-02", "correction_days": 30}
    response = client_as("inspector").post(
        "/api/determinations/notice-deadline?as_of=2026-12-01", json.dumps(facts), content_type=JSON
    )
    assert response.status_code == 200, response.content


@pytest.mark.django_db
def test_a_nul_character_in_a_query_filter_is_a_422_naming_it(client, make_user) -> None:
    client.force_login(make_user("clerk"))
    response = client.get("/api/contracts/candidates", {"area": "Ún\x00Ñ"})
    assert response.status_code == 422 and response.json()["detail"][0]["loc"] == ["query", "area"]
