"""An idle session ends SESSION_COOKIE_AGE after its last use, renewed at most once a minute.

Django's ``SESSION_SAVE_EVERY_REQUEST`` renews a session by writing it on every request: on PostgreSQL an
UPDATE and a durable commit (a WAL flush) per page, which under 20 busy users was most of the database's
work on the cheapest requests (issue 19). Here a request renews the session only when its last renewal is
``RENEW_EVERY_SECONDS`` old or more, so a session expires between ``SESSION_COOKIE_AGE - RENEW_EVERY_SECONDS``
and ``SESSION_COOKIE_AGE`` after its last use (29 to 30 minutes by default: never later than the setting).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from django.http import HttpRequest, HttpResponseBase

RENEW_EVERY_SECONDS = 60
RENEWED_AT = "_renewed_at"  # the session's own record of its last renewal (epoch seconds)


def renewal_due(renewed_at: object, now: float) -> bool:
    return not isinstance(renewed_at, int | float) or now - float(renewed_at) >= RENEW_EVERY_SECONDS


class SessionIdleRenewalMiddleware:
    """After SessionMiddleware (so that its response step saves what this one marks): renew a signed-in
    session when its renewal is due; every other request leaves it unwritten."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        session = getattr(request, "session", None)
        if session is None or not session.accessed or session.session_key is None:
            return response  # no session, or one this request never read (so nothing to renew it for)
        if not session.is_empty() and renewal_due(session.get(RENEWED_AT), time.time()):
            session[RENEWED_AT] = int(time.time())  # marks it modified: SessionMiddleware saves it, renewed
        return response
