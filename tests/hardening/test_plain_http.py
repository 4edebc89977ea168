"""Plain http no longer fails silently (issue 30, item 6): with DEBUG off the sign-in cookies are sent only
over https, so a town serving sewerworks over plain http on its own network could not sign in and was not
told why. The sign-in page of such a server, reached over http, says that it must be reached over https,
links to the same page over https and to the deploy guide's TLS section (served without signing in)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db
MUST = "This server must be reached over https"


def test_a_secure_cookie_server_reached_over_http_says_it_must_be_reached_over_https(settings: Any) -> None:
    settings.SESSION_COOKIE_SECURE = settings.CSRF_COOKIE_SECURE = True
    page = Client().get("/login/").content.decode()
    assert MUST in page
    assert 'href="https://testserver/login/"' in page and 'href="/deploy-guide/#7-nginx-and-tls"' in page


def test_over_https_or_with_cookies_for_http_nothing_is_said(settings: Any) -> None:
    settings.SESSION_COOKIE_SECURE = settings.CSRF_COOKIE_SECURE = True
    assert MUST not in Client().get("/login/", secure=True).content.decode()
    for host in ("localhost:8000", "127.0.0.1:8000"):  # browsers keep secure cookies there over http
        assert MUST not in Client().get("/login/", HTTP_HOST=host).content.decode()
    settings.SESSION_COOKIE_SECURE = settings.CSRF_COOKIE_SECURE = False  # DEBUG on: make run on a laptop
    assert MUST not in Client().get("/login/").content.decode()


def test_behind_nginx_the_forwarded_scheme_decides(settings: Any) -> None:
    settings.SESSION_COOKIE_SECURE = settings.CSRF_COOKIE_SECURE = True
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    assert MUST not in Client().get("/login/", HTTP_X_FORWARDED_PROTO="https").content.decode()
    assert MUST in Client().get("/login/", HTTP_X_FORWARDED_PROTO="http").content.decode()


def test_the_deploy_guide_is_served_without_signing_in() -> None:
    guide = Client().get("/deploy-guide/")
    assert guide.status_code == 200
    text = guide.content.decode()
    assert 'id="7-nginx-and-tls"' in text and "certbot certonly" in text and "SEWERWORKS_PROXY_SSL_HEADER" in text
