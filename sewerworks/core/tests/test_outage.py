"""A request that meets a lost database answers 503 with Retry-After (JSON for the API, a page for people),
never a 500 or a traceback (core.web.outage); the gunicorn test is tests/operations/test_database_outage.py."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import OperationalError
from django.test import Client, RequestFactory

from sewerworks.core.web import outage, views

pytestmark = pytest.mark.django_db


def refuse(*args: Any, **kwargs: Any) -> Any:
    raise OperationalError("server closed the connection unexpectedly")


def test_a_page_whose_database_is_gone_answers_503_with_a_page(client_as: Any, monkeypatch: Any) -> None:
    client = client_as("clerk")
    monkeypatch.setattr(views, "render", refuse)
    response = client.get("/")
    assert response.status_code == 503 and response["Retry-After"] == "15"
    assert b"Temporarily unavailable" in response.content and b"Traceback" not in response.content
    assert response["X-Request-ID"].encode() in response.content


def test_an_outage_outside_the_view_is_a_503_from_handler500_and_other_errors_stay_500() -> None:
    request = RequestFactory().get("/api/parcels")
    try:
        raise OperationalError("connection refused")
    except OperationalError:
        response = outage.server_error(request)
    assert response.status_code == 503 and response["Content-Type"] == "application/json"
    try:
        raise ValueError("a bug")
    except ValueError:
        assert outage.server_error(RequestFactory().get("/")).status_code == 500


def test_the_health_check_says_unavailable_as_json(client: Client, monkeypatch: Any) -> None:
    from sewerworks.core.web import health

    monkeypatch.setattr(health, "database_check", refuse)
    response = client.get("/healthz")
    assert response.status_code == 503 and response.json()["status"] == "unavailable"
