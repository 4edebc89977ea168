"""The refusal page and its log line.

A 403 was Django's bare "403 Forbidden" with no reason and no way on, and wrote the PermissionDenied's
traceback to the log (twice in development: Django's console handler and the root's). A refusal is not a
fault: :func:`permission_denied` renders the site's page with the reason the role check gave ("Your role
does not allow you to issue a notice (enforcement.issue_notice)"), a link back to where the user came from
(on this site only) and one to the dashboard; :class:`RefusalWithoutTraceback` keeps the one-line warning
in the log and drops the traceback.
"""

from __future__ import annotations

import logging
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseForbidden
from django.template import loader
from django.utils.http import url_has_allowed_host_and_scheme

NO_REASON = "Your role does not allow this."


def back_url(request: HttpRequest) -> str:
    """The page the user came from, when it is on this site and not the refused page itself; else ''."""
    referer = request.META.get("HTTP_REFERER", "")
    safe = url_has_allowed_host_and_scheme(
        referer, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return referer if referer and safe and referer != request.build_absolute_uri() else ""


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The site's 403 page: the reason, the way back, the dashboard."""
    reason = str(exception or "").strip() or NO_REASON
    context: dict[str, Any] = {"reason": reason, "back": back_url(request)}
    return HttpResponseForbidden(loader.render_to_string("403.html", context, request=request))


class RefusalWithoutTraceback(logging.Filter):
    """On ``django.request``: a 403 is logged as its one line ("Forbidden (Permission denied): /path"),
    without the PermissionDenied's traceback; every other record passes unchanged."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "status_code", None) == 403:
            record.exc_info = None
            record.exc_text = None
        return True
