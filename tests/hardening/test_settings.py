"""The settings an auditor checks (issue 18): a weak SECRET_KEY is refused in production, not only the
development key; passwords have at least 12 characters; an idle session ends after 30 minutes; every page
carries a Content Security Policy."""

from __future__ import annotations

import os
import time
from importlib import import_module
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.test import Client

from sewerworks.core.access.sessions import RENEW_EVERY_SECONDS, RENEWED_AT
from sewerworks.core.tests.test_settings_and_login import start_django

STRONG = "k3y-" + "abcdefghij" * 6


@pytest.mark.parametrize(("key", "why"), [
    ("x" * 50, "different characters"),
    ("short-but-varied-key-1234", "at least 50"),
    ("django-insecure-" + "abcdefghij" * 5, "django-insecure"),
])  # fmt: skip
def test_production_mode_refuses_a_weak_secret_key(key: str, why: str) -> None:
    proc = start_django(DEBUG="false", SECRET_KEY=key)
    assert proc.returncode != 0
    assert "weak SECRET_KEY" in proc.stderr and why in proc.stderr


def test_production_mode_starts_with_a_strong_key() -> None:
    assert start_django(DEBUG="false", SECRET_KEY=STRONG).returncode == 0


@pytest.mark.parametrize(("password", "taken"), [("tr0ub4dor&3", False), ("tr0ub4dor&3x", True)])
def test_a_password_has_at_least_12_characters(password: str, taken: bool) -> None:
    if taken:
        validate_password(password)
    else:
        with pytest.raises(ValidationError, match="at least 12 characters"):
            validate_password(password)


def _age_session(client: Client, seconds: int) -> None:
    """Make the session look last used ``seconds`` ago, in whichever store it is kept."""
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    store = import_module(settings.SESSION_ENGINE).SessionStore(key)
    store[RENEWED_AT] = int(time.time()) - seconds  # its own record of the last renewal, as long ago
    store.save()
    if settings.SESSION_ENGINE.endswith(".file"):
        path = store._key_to_file(key)
        past = time.time() - seconds
        os.utime(path, (past, past))
    else:
        from django.contrib.sessions.models import Session
        from django.utils import timezone

        Session.objects.filter(session_key=key).update(
            expire_date=timezone.now() + timezone.timedelta(seconds=settings.SESSION_COOKIE_AGE - seconds)
        )


@pytest.mark.django_db
def test_a_session_idle_for_30_minutes_is_signed_out(make_user: Any) -> None:
    assert settings.SESSION_COOKIE_AGE == 30 * 60
    user = make_user("clerk")
    client = Client()
    client.post("/login/", {"username": user.username, "password": f"pw-{user.username}"})
    _age_session(client, 29 * 60)
    assert client.get("/").status_code == 200  # used within the half hour: still signed in, and renewed
    assert client.get("/").status_code == 200  # the renewal took: a full half hour again from now
    _age_session(client, 31 * 60)
    response = client.get("/")
    assert response.status_code == 302 and response["Location"].startswith("/login/")


def _session_writes(client: Client, path: str) -> int:
    saved = []
    store_class = import_module(settings.SESSION_ENGINE).SessionStore
    real_save = store_class.save

    def counting_save(self: Any, *args: Any, **kwargs: Any) -> None:
        saved.append(1)
        real_save(self, *args, **kwargs)

    store_class.save = counting_save  # type: ignore[method-assign]
    try:
        assert client.get(path).status_code == 200
    finally:
        store_class.save = real_save  # type: ignore[method-assign]
    return len(saved)


@pytest.mark.django_db
def test_a_session_is_renewed_at_most_once_a_minute_not_written_on_every_page(make_user: Any) -> None:
    user = make_user("clerk")
    client = Client()
    client.post("/login/", {"username": user.username, "password": f"pw-{user.username}"})
    assert _session_writes(client, "/") == 0  # signed in a moment ago: nothing to renew
    _age_session(client, RENEW_EVERY_SECONDS - 5)
    assert _session_writes(client, "/") == 0  # renewed 55 s ago: not yet
    _age_session(client, RENEW_EVERY_SECONDS)
    assert _session_writes(client, "/") == 1  # a minute since: renewed, once
    assert _session_writes(client, "/") == 0


@pytest.mark.django_db
def test_every_page_carries_a_content_security_policy(client_as: Any) -> None:
    client = client_as("clerk")
    for url in ("/", "/login/", "/api/parcels"):
        policy = client.get(url)["Content-Security-Policy"]
        assert "default-src 'self'" in policy and "script-src 'self'" in policy
        assert "frame-ancestors 'none'" in policy and "unsafe-eval" not in policy


def test_one_language_without_catalogues_still_groups_thousands_and_names_months_in_english() -> None:
    """USE_I18N is off (issue 19): the formats are the settings', which keep the en locale's grouping."""
    import datetime as dt
    from decimal import Decimal

    from django.template import Context, Template

    assert settings.USE_I18N is False
    shown = Template('{{ v|floatformat:"2g" }} · {{ d|date:"F j, Y" }} · {{ d|date }}').render(
        Context({"v": Decimal("1234567.5"), "d": dt.date(2026, 12, 3)})
    )
    assert shown == "1,234,567.50 · December 3, 2026 · Dec. 3, 2026"
