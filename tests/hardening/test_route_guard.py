"""Every route is guarded, provably (issue 18): the walk below visits every URL pattern and every API
operation, whichever app declared it, so a route a later app adds is walked too.

- Anonymous: a staff page redirects to the login page; an API operation answers 401. Only the routes of
  :data:`PUBLIC` are served without signing in.
- Signed in with no role: a staff page answers 403; an API operation asks the role before it reads any of
  its input (it is called with inputs that fail when touched, so an operation that reads a record, a body
  or a query before asking the role fails here, naming it), and answers 403.
- ``/admin/`` is kept for the administrator's user and role management only (docs/security.md): anyone
  else, signed in or not, is sent to its sign-in page and never served.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client, RequestFactory
from django.urls import URLPattern, URLResolver, get_resolver
from ninja.errors import HttpError

from sewerworks.api import api

pytestmark = pytest.mark.django_db

# Served to anyone: signing in and out, the health check for monitoring (JSON, no records), and the shipped
# deploy guide the sign-in page of a server reached over plain http links to (issue 30; no records).
# (Static files are served by WhiteNoise before any URL pattern.)
PUBLIC = {"login/", "logout/", "healthz", "deploy-guide/"}
ADMIN = "admin/"
API = "api/"
# The public side (issue 37): its own URL space, open pages limited per address and owners' pages behind the
# public sign-in, walked by sewerworks/public/tests (test_public_pages, test_leak_table, test_url_walk).
PUBLIC_SIDE = "public/"
SAMPLE = {"int": "1", "slug": "x", "str": "x", "path": "x", "uuid": "00000000-0000-0000-0000-000000000001"}


def url_patterns(patterns: list[Any] | None = None, prefix: str = "") -> Iterator[str]:
    """Every URL pattern of the project, as its route (``registry/parcels/<int:pk>/``)."""
    for p in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(p, URLResolver):
            yield from url_patterns(p.url_patterns, prefix + str(p.pattern))
        elif isinstance(p, URLPattern):
            yield prefix + str(p.pattern)


def sample_url(route: str) -> str:
    """A URL the route matches, each converter filled with a sample value."""
    return "/" + re.sub(r"<(?:(\w+):)?\w+>", lambda m: SAMPLE[m.group(1) or "str"], route)


STAFF_ROUTES = sorted(
    r for r in set(url_patterns()) if not r.startswith((API, ADMIN, PUBLIC_SIDE)) and r not in PUBLIC
)
ADMIN_ROUTES = sorted(r for r in set(url_patterns()) if r.startswith(ADMIN) and "<" not in r and "(?P" not in r)


def api_operations() -> Iterator[tuple[str, str, Any]]:
    """Every API operation: (method, path, operation)."""
    for prefix, router in api._routers:
        for path, path_view in router.path_operations.items():
            for operation in path_view.operations:
                for method in operation.methods:
                    yield method, "/api" + (prefix.rstrip("/") + path), operation


OPERATIONS = sorted(api_operations(), key=lambda row: (row[1], row[0]))


def test_the_walk_sees_every_app() -> None:
    assert len(STAFF_ROUTES) > 30 and len(OPERATIONS) > 50
    for app in ("registry/", "enforcement/", "jobs/", "ordinance/"):
        assert any(r.startswith(app) for r in STAFF_ROUTES), app
    assert {"/api/parcels", "/api/determinations"} <= {path for _, path, _ in OPERATIONS}


# --- Staff pages ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("route", STAFF_ROUTES)
def test_an_anonymous_visitor_is_sent_to_the_login_page(client: Client, route: str) -> None:
    for method in ("get", "post"):
        response = getattr(client, method)(sample_url(route))
        assert response.status_code == 302, f"{method.upper()} {route}: {response.status_code}"
        assert response["Location"].startswith("/login/"), route


@pytest.mark.parametrize("route", STAFF_ROUTES)
def test_a_user_without_a_role_is_refused_every_staff_page(client_as: Any, route: str) -> None:
    client = client_as()
    for method in ("get", "post"):
        status = getattr(client, method)(sample_url(route)).status_code
        assert status in (403, 405), f"{method.upper()} {route} answered {status} to a user without a role"
    assert any(getattr(client, m)(sample_url(route)).status_code == 403 for m in ("get", "post")), route


@pytest.mark.parametrize("route", sorted(PUBLIC))
def test_the_public_routes_are_signing_in_and_out_the_health_check_and_the_deploy_guide(
    client: Client, route: str
) -> None:
    assert client.get(sample_url(route)).status_code in (200, 302, 405)


# --- The API --------------------------------------------------------------------------------------------


class Touched(Exception):
    """An operation read its input before asking the user's role."""


class Untouchable:
    """An input that fails when the operation reads it."""

    def __init__(self, name: str) -> None:
        object.__setattr__(self, "_name", name)

    def __getattr__(self, attr: str) -> Any:
        raise Touched(f"read {object.__getattribute__(self, '_name')}.{attr}")

    def _touched(self, *args: Any, **kwargs: Any) -> Any:
        raise Touched(f"used {object.__getattribute__(self, '_name')}")

    __int__ = __index__ = __str__ = __iter__ = __len__ = __bool__ = __eq__ = __hash__ = _touched
    __getitem__ = __contains__ = __lt__ = __gt__ = __le__ = __ge__ = __format__ = _touched


@pytest.mark.parametrize(("method", "path", "operation"), OPERATIONS, ids=[f"{m} {p}" for m, p, _ in OPERATIONS])
def test_every_api_operation_answers_401_to_an_anonymous_caller(client: Client, method: str, path: str,
                                                                  operation: Any) -> None:  # fmt: skip
    response = client.generic(method, sample_url(path.lstrip("/").replace("{", "<").replace("}", ">")),
                              "{}", content_type="application/json")  # fmt: skip
    assert response.status_code == 401, f"{method} {path}: {response.status_code}"


@pytest.mark.parametrize(("method", "path", "operation"), OPERATIONS, ids=[f"{m} {p}" for m, p, _ in OPERATIONS])
def test_every_api_operation_asks_the_role_before_reading_its_input(make_user: Any, method: str, path: str,
                                                                     operation: Any) -> None:  # fmt: skip
    request = RequestFactory().generic(method, path)
    request.user = make_user()
    params = [p for p in inspect.signature(operation.view_func).parameters.values() if p.name != "request"]
    inputs = {p.name: Untouchable(p.name) for p in params if p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL)}
    try:
        operation.view_func(request, **inputs)
    except Touched as exc:
        pytest.fail(f"{method} {path} {exc} before asking the role")
    except HttpError as exc:
        assert exc.status_code == 403, f"{method} {path}: {exc.status_code} {exc}"
    else:
        pytest.fail(f"{method} {path} answered a user without a role")


def test_the_untouchable_input_would_catch_an_operation_that_reads_first() -> None:
    def careless(request: Any, payload: Any) -> Any:
        return payload.name

    with pytest.raises(Touched):
        careless(None, Untouchable("payload"))
    with pytest.raises(Touched):
        int(Untouchable("parcel_id"))  # type: ignore[call-overload]


# --- /admin/ --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("route", ADMIN_ROUTES)
def test_admin_serves_no_one_but_the_administrator(client: Client, make_user: Any, route: str) -> None:
    if route.endswith(("login/", "logout/")):
        return
    assert client.get(sample_url(route)).status_code == 302
    for roles in ((), ("clerk",), ("board member",)):
        client.force_login(make_user(*roles))
        assert client.get(sample_url(route)).status_code in (302, 403), (route, roles)


def test_the_administrator_manages_users_and_roles_in_admin(client: Client, make_user: Any) -> None:
    client.force_login(make_user("administrator"))
    assert client.get("/admin/").status_code == 200
    client.force_login(make_user("clerk", "superintendent", "board member"))
    assert client.get("/admin/").status_code == 302
