"""A refusal is the site's page with the reason and a way back, and one line in the log, no traceback."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from django.urls import reverse

from sewerworks.core.web.errors import RefusalWithoutTraceback

pytestmark = pytest.mark.django_db


def refused_path(client: Any) -> str:
    """Issuing a notice: not the board member's to do."""
    from sewerworks.registry.tests import factories as f

    return reverse("enforcement:issue_notice", args=[f.parcel("103.11-5-11").pk])


def test_a_refusal_gives_the_reason_the_site_and_a_way_back(client_as: Any) -> None:
    client = client_as("board member")
    dashboard = "http://testserver" + reverse("core:dashboard")
    response = client.get(refused_path(client), HTTP_REFERER=dashboard)
    html = response.content.decode()
    assert response.status_code == 403
    assert "<h1>403 Forbidden</h1>" not in html
    assert "Not allowed" in html
    assert "Your role does not allow you to do this (enforcement.issue_notice)." in html
    assert f'href="{dashboard}">Back to the page you came from' in html
    assert 'lang="en"' in html and 'id="main"' in html  # the site's own layout


def test_a_referer_from_elsewhere_is_not_offered_as_the_way_back(client_as: Any) -> None:
    client = client_as("board member")
    html = client.get(refused_path(client), HTTP_REFERER="https://evil.example/").content.decode()
    assert "evil.example" not in html
    assert "Go to the dashboard" in html


def test_a_refusal_is_one_log_line_without_a_traceback(client_as: Any, caplog: Any) -> None:
    caplog.set_level(logging.WARNING, logger="django.request")
    client = client_as("board member")
    client.get(refused_path(client))
    refusals = [r for r in caplog.records if r.name == "django.request" and "Forbidden" in r.getMessage()]
    assert len(refusals) == 1
    assert refusals[0].exc_info is None


def test_the_filter_leaves_other_records_alone() -> None:
    record = logging.LogRecord(
        "django.request", logging.ERROR, __file__, 1, "boom", None, (ValueError, ValueError(), None)
    )
    record.status_code = 500
    assert RefusalWithoutTraceback().filter(record) and record.exc_info is not None
