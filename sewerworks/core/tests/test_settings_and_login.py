"""Login everywhere; the production refusal of the development key."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


def start_django(**env: str) -> subprocess.CompletedProcess[str]:
    """Start Django in a fresh process with ``env`` over the environment (SECRET_KEY removed unless given)."""
    base = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"}
    code = "import django, os; os.environ['DJANGO_SETTINGS_MODULE']='sewerworks.settings'; django.setup()"
    return subprocess.run([sys.executable, "-c", code], env=base | env, capture_output=True, text=True, check=False)


def test_production_mode_refuses_the_development_secret_key() -> None:
    proc = start_django(DEBUG="false")
    assert proc.returncode != 0
    assert "SECRET_KEY" in proc.stderr


def test_production_mode_starts_with_a_real_key() -> None:
    proc = start_django(DEBUG="false", SECRET_KEY="k3y-" + "abcdefghij" * 6)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.django_db
def test_an_anonymous_visitor_is_sent_to_the_login_page(client) -> None:
    response = client.get("/")
    assert response.status_code == 302
    assert response["Location"].startswith("/login/")


@pytest.mark.django_db
def test_the_login_page_is_served(client) -> None:
    response = client.get("/login/")
    assert response.status_code == 200
    assert b"Sign in to sewerworks" in response.content


@pytest.mark.django_db
def test_a_clerk_signs_in_and_sees_the_dashboard(client, make_user) -> None:
    user = make_user("clerk")
    response = client.post("/login/", {"username": user.username, "password": f"pw-{user.username}"})
    assert response.status_code == 302
    page = client.get("/")
    assert page.status_code == 200
    assert b"Dashboard" in page.content
    assert b"clerk" in page.content


@pytest.mark.django_db
def test_a_user_without_a_role_gets_403(client_as) -> None:
    client = client_as()
    assert client.get("/").status_code == 403


@pytest.mark.django_db
def test_role_groups_exist_after_migrate() -> None:
    from django.contrib.auth.models import Group

    from sewerworks.core.roles import ROLES

    assert set(Group.objects.values_list("name", flat=True)) >= set(ROLES)
