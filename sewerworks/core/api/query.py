"""Unknown query parameters are refused, never silently ignored.

``/api/deadlines?parcel_id=3`` used to answer every deadline: the filter is ``parcel``, and the misspelt one
was dropped without a word, so the caller took all deadlines for one parcel's. Every endpoint now takes only
the query parameters its OpenAPI operation documents (its filters, ``limit`` and ``offset``); any other is a
400 naming it and listing those it takes. The list comes from the schema itself, so the check and the
documentation cannot disagree; the schema documents the 400 on every operation (``sewerworks.api``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import get_resolver

API_PREFIX = "/api/"
UNKNOWN_PARAMETER = (
    "An unknown query parameter was given: the answer names it and lists the parameters this endpoint takes "
    "(a misspelt filter is refused rather than ignored)."
)
Route = tuple[re.Pattern[str], frozenset[str]]


_SITE: list[Any] = []


def serve(api: Any) -> None:
    """The project's API (``sewerworks.api``, assembled at the top) names itself here: core never imports it."""
    _SITE[:] = [api]


def _api() -> Any:
    if not _SITE:  # the URL configuration, loaded once, imports the API, which calls serve()
        get_resolver().url_patterns  # noqa: B018
    return _SITE[0]


@cache
def routes() -> dict[str, list[Route]]:
    """Method -> (path pattern, query parameter names) for every documented operation, literal paths first."""
    schema = _api().get_openapi_schema()
    found: dict[str, list[tuple[int, Route]]] = {}
    for path, operations in schema["paths"].items():
        pattern = re.compile("^" + re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(path)) + "/?$")
        for method, operation in operations.items():
            names = frozenset(p["name"] for p in operation.get("parameters", []) if p.get("in") == "query")
            found.setdefault(method.upper(), []).append((path.count("{"), (pattern, names)))
    return {method: [route for _, route in sorted(entries, key=lambda e: e[0])] for method, entries in found.items()}


def query_parameters(method: str, path: str) -> frozenset[str] | None:
    """The query parameters the operation at ``method path`` documents; None when no operation matches."""
    for pattern, names in routes().get(method.upper(), []):
        if pattern.match(path):
            return names
    return None


def unknown_parameters_answer(request: HttpRequest) -> HttpResponse | None:
    """The 400 for a request to the API naming a query parameter its operation does not take, else None."""
    if not request.path_info.startswith(API_PREFIX) or not request.GET:
        return None
    # (a NUL character in the query is refused before, by core.web.middleware.RefuseNulMiddleware: 422)
    known = query_parameters(request.method or "GET", request.path_info)
    if known is None:
        return None
    unknown = sorted(set(request.GET) - known)
    if not unknown:
        return None
    takes = ", ".join(sorted(known)) or "no query parameters"
    detail = [
        {"loc": ["query", name], "msg": f"Unknown query parameter {name!r}: {request.path_info} takes {takes}."}
        for name in unknown
    ]
    return JsonResponse({"detail": detail}, status=400)


class RefuseUnknownQueryParametersMiddleware:
    """Answers 400 to an API request with a query parameter its operation does not document."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return unknown_parameters_answer(request) or self.get_response(request)


EXAMPLE = {
    "detail": [
        {
            "loc": ["query", "parcel_id"],
            "msg": "Unknown query parameter 'parcel_id': /api/deadlines takes limit, offset, parcel, status, ...",
        }
    ]
}


def document_unknown_parameters(schema: dict[str, Any]) -> dict[str, Any]:
    """Add the 400 to every operation of ``schema`` (an OpenAPI document), in place; returns it."""
    answer = {"description": UNKNOWN_PARAMETER, "content": {"application/json": {"example": EXAMPLE}}}
    for operations in schema.get("paths", {}).values():
        for operation in operations.values():
            operation.setdefault("responses", {}).setdefault(400, answer)
    return schema
