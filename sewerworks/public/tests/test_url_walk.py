"""A URL walk signed in as a public account: every URL of the site outside ``/public/`` (each page, each API
operation, with every method it answers) gives no 200, nor any other success: 403. The static files, the health
check and signing out stay open to anyone."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

pytestmark = pytest.mark.django_db

OPEN = ("static/", "healthz", "logout/")


def routes(patterns: list[Any] | None = None, prefix: str = "") -> list[str]:
    """Every route of the site, its converters filled with a value of their kind."""
    found: list[str] = []
    for p in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(p, URLResolver):
            found += routes(p.url_patterns, prefix + str(p.pattern))
        elif isinstance(p, URLPattern):
            found.append(prefix + str(p.pattern))
    return found


def concrete(route: str, pk: int) -> str:
    route = re.sub(r"<int:\w+>", str(pk), route)
    route = re.sub(r"<(path|str|slug):\w+>", "x", route)
    route = re.sub(r"\{\w+\}", "x", route)
    route = re.sub(r"<\w+>", str(pk), route)  # ninja's {id} become <id>: an int or a word fits
    return "/" + route.lstrip("^").rstrip("$").replace("\\Z", "")


def test_a_public_account_gets_no_200_on_any_staff_url(world: Any, client: Any) -> None:
    client.force_login(world.ann.user)
    walked, wrong = 0, []
    for route in sorted(set(routes())):
        if route.startswith("public/") or route.startswith(OPEN) or "(?P" in route:
            continue
        url = concrete(route, world.ann.parcel.pk)
        for method in ("get", "post"):
            response = getattr(client, method)(url)
            walked += 1
            if response.status_code != 403:
                wrong.append((method, url, response.status_code))
    assert walked > 300 and wrong == []
    # and her own pages still answer
    assert client.get("/public/me/").status_code == 200
