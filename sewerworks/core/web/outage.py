"""When the database does not answer: a clear 503, never a 500 or a stack trace; the next request recovers.

A request that meets a lost or refused database connection (PostgreSQL restarting, the network, SQLite's
writer lock held past its timeout) answers ``503 Service Unavailable`` with ``Retry-After``: JSON for the
API and ``/healthz``, a short page for people. Django drops a connection that failed, so the next request
opens a new one (``CONN_HEALTH_CHECKS`` checks a kept one first): gunicorn needs no restart.

Two hooks, for the two places an error can arise: :class:`DatabaseUnavailableMiddleware` for a view
(whatever DEBUG says), and :func:`server_error` (``handler500``) for the middleware around it (sessions,
authentication) when DEBUG is off.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from typing import Any

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, HttpResponseBase, JsonResponse
from django.views.defaults import server_error as django_server_error

log = logging.getLogger(__name__)
RETRY_AFTER_SECONDS = 15
MESSAGE = "The database is not answering at the moment. Nothing was changed; try again in a minute."
PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Temporarily unavailable</title>
</head><body><main><h1>Temporarily unavailable</h1><p>{message}</p><p>If this lasts more than a few minutes,
tell the Town's IT contact (request {request_id}).</p></main></body></html>"""


def is_outage(exc: BaseException | None) -> bool:
    return isinstance(exc, OperationalError | InterfaceError)


def unavailable(request: HttpRequest) -> HttpResponse:
    rid = getattr(request, "request_id", "")
    if request.path.startswith(("/api/", "/healthz")) or "application/json" in request.headers.get("Accept", ""):
        response: HttpResponse = JsonResponse({"detail": MESSAGE, "request_id": rid}, status=503)
    else:
        response = HttpResponse(PAGE.format(message=MESSAGE, request_id=rid), status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    return response


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponseBase | None:
        if not is_outage(exception):
            return None
        log.error("database unavailable: %s: %s", type(exception).__name__, str(exception).strip()[:200])
        return unavailable(request)


def server_error(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
    """``handler500``: an outage met outside the view is a 503 too; anything else is Django's 500 page."""
    if is_outage(sys.exc_info()[1]):
        return unavailable(request)
    return django_server_error(request, *args, **kwargs)
