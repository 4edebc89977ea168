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


@pytest.mark.parametrize("query", ["street", "tax_map_number", "owner"])
def test_the_list_filters_answer_a_prefix_ending_in_u10ffff(client_as: Any, query: str) -> None:
    f.parcel("108.12-3-45", street_name="Main St", improvement_area=f.area())
    response = client_as("clerk").get("/api/parcels", {query: "1" + LAST_CHARACTER})
    assert response.status_code in (200, 422), response.content


def test_the_prefix_range_drops_trailing_u10ffff_and_raises_the_character_before() -> None:
    from sewerworks.registry.filters import prefix_upper

    assert prefix_upper("main") == "maio"
    assert prefix_upper("ab" + LAST_CHARACTER) == "ac"
    assert prefix_upper("ab" + LAST_CHARACTER * 3) == "ac"
    assert prefix_upper(LAST_CHARACTER) is None  # every string from U+10FFFF up: no upper bound
