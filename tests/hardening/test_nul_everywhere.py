"""A NUL character in any text the API or a form takes is one refusal, 422 naming the field, before anything
is written (issue 30, item 7): ``POST /api/grease/haulers`` with ``"phone": "…\\u0000…"`` was a 500 on
PostgreSQL (text cannot hold NUL), found by chance by the random fuzz leg. Walked over every write operation
of the API document and every page that takes a form."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from sewerworks.api import api
from tests.hardening.test_route_guard import STAFF_ROUTES, sample_url

pytestmark = pytest.mark.django_db
JSON = "application/json"
WRITES = ("post", "put", "patch", "delete")
NUL = "a\x00b"
MESSAGE = "must not contain a NUL character"


def _document() -> dict[str, Any]:
    return api.get_openapi_schema()


def _resolve(schema: dict[str, Any], components: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = components[schema["$ref"].rsplit("/", 1)[1]]
    return schema


def _operations() -> list[tuple[str, str, dict[str, Any]]]:
    document = _document()
    return [
        (method, path, operation)
        for path, operations in sorted(document["paths"].items())
        for method, operation in operations.items()
        if method in WRITES
    ]


def _sample(path: str) -> str:
    """The path with each parameter given a plausible value (an id: 1; a name: x)."""
    return re.sub(r"\{([^}]+)\}", lambda m: "1" if m.group(1).endswith("id") else "x", path)


def _nul_body(operation: dict[str, Any], components: dict[str, Any]) -> tuple[Any, list[Any]]:
    """A body whose first text field holds a NUL, and the loc the answer must name."""
    schema = _resolve(operation["requestBody"]["content"][JSON]["schema"], components)
    if schema.get("type") == "array":
        return [NUL], ["body", 0]
    for name, prop in schema.get("properties", {}).items():
        if _resolve(prop, components).get("type") == "string" or "anyOf" in prop:
            return {name: NUL}, ["body", name]
    return {"note\x00": "x"}, ["body", "note"]  # no text field: a key with a NUL in it


@pytest.fixture
def admin(client: Client, make_user: Any) -> Client:
    client.force_login(make_user("administrator"))
    return client


OPERATIONS = _operations()


@pytest.mark.parametrize(("method", "path", "operation"), OPERATIONS, ids=[f"{m} {p}" for m, p, _ in OPERATIONS])
def test_every_write_operation_refuses_a_nul_with_a_422_naming_the_field(
    admin: Client, method: str, path: str, operation: dict[str, Any]
) -> None:
    components = _document()["components"]["schemas"]
    url = _sample(path)
    content = operation.get("requestBody", {}).get("content", {})
    if JSON in content:
        body, loc = _nul_body(operation, components)
        answer = admin.generic(method.upper(), url, json.dumps(body), content_type=JSON)
    elif "multipart/form-data" in content:
        loc = ["form", "note"]
        upload = SimpleUploadedFile("plan.geojson", b"{}", content_type="application/json")
        answer = admin.post(url, {"note": NUL, "file": upload})
    else:
        loc = ["query", "reason"]
        answer = admin.generic(method.upper(), url + "?reason=a%00b")
    assert answer.status_code == 422, f"{method.upper()} {path}: {answer.status_code} {answer.content[:200]!r}"
    detail = answer.json()["detail"]
    assert {"loc": loc, "msg": MESSAGE} in detail, detail


def test_the_haulers_phone_with_a_nul_is_a_422_and_writes_nothing(client_as: Any) -> None:
    from sewerworks.grease.models import Hauler

    answer = client_as("clerk").post(
        "/api/grease/haulers", {"name": "Hudson Septic", "license_number": "3A-1", "phone": "845\x00555"},
        content_type=JSON,
    )  # fmt: skip
    assert answer.status_code == 422 and answer.json()["detail"] == [{"loc": ["body", "phone"], "msg": MESSAGE}]
    assert not Hauler.objects.exists()


def test_a_nul_deep_in_a_body_is_named_by_its_path(client_as: Any) -> None:
    facts = [{"pipe_diameter_in": 10, "manholes": [48], "note": {"by": NUL}}]
    answer = client_as("town engineer").post("/api/determinations/exfiltration-test/batch", json.dumps(facts),
                                             content_type=JSON)  # fmt: skip
    assert answer.status_code == 422
    assert answer.json()["detail"] == [{"loc": ["body", 0, "note", "by"], "msg": MESSAGE}]


def test_a_nul_in_a_query_or_the_path_is_a_422_naming_it(client_as: Any) -> None:
    client = client_as("clerk")
    query = client.get("/api/contracts/candidates", {"area": "Ún\x00Ñ"})
    assert query.status_code == 422 and query.json()["detail"] == [{"loc": ["query", "area"], "msg": MESSAGE}]
    path = client.get("/api/determinations/exfiltration%00test")
    assert path.status_code == 422 and path.json()["detail"] == [{"loc": ["path"], "msg": MESSAGE}]


POSTED_PAGES = [r for r in STAFF_ROUTES if not r.startswith(("admin/", "api/"))]


@pytest.mark.parametrize("route", POSTED_PAGES)
def test_every_page_refuses_a_form_with_a_nul_with_a_422_naming_the_field(admin: Client, route: str) -> None:
    answer = admin.post("/" + sample_url(route).lstrip("/"), {"name": NUL, "why": "fine"})
    assert answer.status_code == 422, f"POST {route}: {answer.status_code}"
    page = answer.content.decode()
    assert "Not accepted" in page and "name" in page and "NUL character" in page
