"""An unknown query parameter is refused with a 400 naming it, on every endpoint, never silently ignored:
``/api/deadlines?parcel_id=3`` once answered every deadline of the Town."""

from __future__ import annotations

from typing import Any

import pytest

from sewerworks.api import api
from sewerworks.core.api.query import query_parameters, routes

pytestmark = pytest.mark.django_db


def test_a_misspelt_filter_is_a_400_naming_it_and_the_filters_taken(client_as: Any) -> None:
    response = client_as("clerk").get("/api/deadlines?parcel_id=3")
    assert response.status_code == 400
    (error,) = response.json()["detail"]
    assert error["loc"] == ["query", "parcel_id"]
    assert error["msg"].startswith("Unknown query parameter 'parcel_id': /api/deadlines takes ")
    assert "parcel" in error["msg"] and "limit" in error["msg"]


def test_known_filters_still_answer(client_as: Any) -> None:
    assert client_as("clerk").get("/api/deadlines?limit=5").status_code == 200
    assert client_as("clerk").get("/api/parcels?tax_map_number=108").status_code == 200


def test_a_detail_endpoint_takes_no_query_parameter(client_as: Any) -> None:
    response = client_as("clerk").get("/api/parcels/1?verbose=yes")
    assert response.status_code == 400
    assert "takes no query parameters" in response.json()["detail"][0]["msg"]


def test_every_list_endpoint_refuses_an_unknown_filter(client_as: Any) -> None:
    client = client_as("superintendent")
    lists = [p for p, ops in api.get_openapi_schema()["paths"].items() if "get" in ops and "{" not in p]
    assert len(lists) >= 10
    answers = {path: client.get(f"{path}?no_such_filter=1").status_code for path in lists}
    assert {p: s for p, s in answers.items() if s != 400} == {}


def test_the_schema_documents_the_400_on_every_operation() -> None:
    schema = api.get_openapi_schema()
    missing = [
        f"{method} {path}"
        for path, ops in schema["paths"].items()
        for method, op in ops.items()
        if 400 not in op["responses"] and "400" not in op["responses"]
    ]
    assert missing == []


def test_literal_paths_match_before_templates() -> None:
    assert routes()["GET"]
    assert query_parameters("GET", "/api/parcels") is not None
    assert query_parameters("GET", "/no/api/here") is None
