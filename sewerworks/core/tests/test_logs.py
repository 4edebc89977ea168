"""Logs are JSON lines naming the request they belong to (core.web.logs), and never hold a password, a
session, a CSRF token or an API key, whatever the request carried."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client

from sewerworks.core.models import ApiToken
from sewerworks.core.web.logs import JsonFormatter, RequestIdFilter, redact

pytestmark = pytest.mark.django_db

PASSWORD = "Tr0ub4dor&3-secret-pw"  # noqa: S105


@pytest.fixture
def log_lines() -> Iterator[io.StringIO]:
    """Everything logged during the test, as the server writes it (JSON, with the request id)."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    handler.addFilter(RequestIdFilter())
    root = logging.getLogger()
    root.addHandler(handler)
    old_level = root.level
    root.setLevel(logging.DEBUG)
    try:
        yield stream
    finally:
        root.removeHandler(handler)
        root.setLevel(old_level)


def lines(stream: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stream.getvalue().splitlines() if line.strip()]


def test_each_request_gets_an_id_returned_in_its_answer_and_one_json_line(client: Client, log_lines: Any) -> None:
    response = client.get("/healthz", HTTP_X_REQUEST_ID="nginx-4f2a9c")
    assert response["X-Request-ID"] == "nginx-4f2a9c"
    (line,) = [e for e in lines(log_lines) if e["logger"] == "sewerworks.request"]
    assert line["request_id"] == "nginx-4f2a9c" and line["level"] == "INFO"
    assert (line["method"], line["path"], line["status"]) == ("GET", "/healthz", 200)
    assert line["duration_ms"] >= 0 and line["time"].endswith("+00:00")


def test_an_id_that_is_not_a_plain_token_is_replaced(client: Client) -> None:
    for given in ("x" * 65, "a b", "id\nforged log line", ""):
        rid = client.get("/healthz", HTTP_X_REQUEST_ID=given)["X-Request-ID"]
        assert rid != given and len(rid) == 32


def test_no_password_token_or_key_reaches_the_log(client: Client, make_user: Any, log_lines: Any) -> None:
    clerk = make_user("clerk")
    client.post("/login/", {"username": clerk.username, "password": PASSWORD})  # a failed sign-in
    token, raw = ApiToken.issue(user=clerk, name="water district", created_by=clerk)
    client.get("/api/parcels?token=" + raw, HTTP_AUTHORIZATION=f"Bearer {raw}")
    client.get("/healthz?password=" + PASSWORD)
    logging.getLogger("sewerworks.test").error("connecting to postgres://sewer:%s@db/sewer failed", PASSWORD)
    try:
        raise ValueError(f"bad key {raw}")
    except ValueError:
        logging.getLogger("sewerworks.test").exception("while checking Authorization: Bearer %s", raw)

    text = log_lines.getvalue()
    entries = lines(log_lines)
    assert len(entries) >= 5 and all("request_id" in e for e in entries if e["logger"] == "sewerworks.request")
    assert PASSWORD not in text and raw not in text and raw[8:] not in text
    assert any(e.get("path") == "/api/parcels" for e in entries), "the request is logged, without its query"
    assert "[redacted]" in text


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("password=hunter2&next=/", "password=[redacted]&next=/"),
        ('{"password": "hunter2"}', '{"password": "[redacted]"}'),
        ("Authorization: Bearer abc.def", "Authorization: [redacted] [redacted]"),
        ("postgres://sewer:hunter2@db:5432/sewer", "postgres://sewer:[redacted]@db:5432/sewer"),
        ("csrfmiddlewaretoken=AbC123", "csrfmiddlewaretoken=[redacted]"),
        ("GET /registry/parcels/12/ 200", "GET /registry/parcels/12/ 200"),
    ],
)
def test_redaction_blanks_the_secret_and_keeps_the_rest(said: str, kept: str) -> None:
    assert redact(said) == kept
