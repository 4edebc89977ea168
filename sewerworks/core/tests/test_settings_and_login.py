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
    proc = start_django(DEBUG="false", SECRET_KEY="dev-only-not-secret-sewerworks")
    assert proc.returncode != 0
    assert "development SECRET_KEY" in proc.stderr


def test_debug_is_off_unless_asked_for(tmp_path) -> None:
    code = "from django.conf import settings; print(settings.DEBUG)"
    env = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "DEBUG"}}
    env |= {"SEWERWORKS_VAR": str(tmp_path), "DJANGO_SETTINGS_MODULE": "sewerworks.settings"}
    off = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    on = subprocess.run(
        [sys.executable, "-c", code], env=env | {"DEBUG": "true"}, capture_output=True, text=True, check=True
    )
    assert (off.stdout.strip(), on.stdout.strip()) == ("False", "True")


def test_without_a_secret_key_production_mode_generates_one_private_key_and_keeps_it(tmp_path) -> None:
    code = "import django; django.setup(); from django.conf import settings; print(settings.SECRET_KEY)"
    env = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "DEBUG"}}
    env |= {"SEWERWORKS_VAR": str(tmp_path), "DJANGO_SETTINGS_MODULE": "sewerworks.settings"}
    first, second = (
        subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout.strip()
        for _ in range(2)
    )
    key_file = tmp_path / "secret-key"
    assert first == second == key_file.read_text().strip()
    assert len(first) >= 50 and first != "dev-only-not-secret-sewerworks"
    assert key_file.stat().st_mode & 0o777 == 0o600
    assert not list(tmp_path.glob(".secret-key.*"))


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

    from sewerworks.core.access.roles import ROLES

    assert set(Group.objects.values_list("name", flat=True)) >= set(ROLES)
