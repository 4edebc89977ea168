"""Login everywhere: every staff page needs a signed-in user; no request body over its limit; no NUL
character in any text the site takes.

Django's own ``LoginRequiredMiddleware`` redirects anonymous visitors to the login page. The API
(``/api/``) is left to django-ninja, whose every endpoint requires session or token authentication
and answers 401 instead of a redirect.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.middleware import LoginRequiredMiddleware as _DjangoLoginRequired
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, HttpResponseBase, JsonResponse
from django.http.multipartparser import MultiPartParserError
from django.shortcuts import render

from sewerworks.core.text import NUL_MESSAGE, Location, NulRefused, has_nul, without_nul

API_PREFIX = "/api/"


class LoginRequiredMiddleware(_DjangoLoginRequired):
    def process_view(
        self, request: HttpRequest, view_func: Any, view_args: Any, view_kwargs: Any
    ) -> HttpResponseBase | None:
        if request.path.startswith(API_PREFIX):
            return None
        return super().process_view(request, view_func, view_args, view_kwargs)


# --- Request bodies: too large is a 413, before anything reads them -------------------------------------

# A determination's facts are a few hundred bytes; a megabyte is far more than any topic needs.
BODY_LIMITS_BY_PREFIX: dict[str, int] = {"/api/determinations/": 1024 * 1024}


def body_limit(path: str, content_type: str) -> int:
    """The most bytes a request body to ``path`` may have: a file upload (multipart) may carry a file of
    ``SEWERWORKS_MAX_UPLOAD_BYTES`` with its form; a determination a megabyte
    (``SEWERWORKS_BODY_LIMITS`` adds prefixes); anything else ``DATA_UPLOAD_MAX_MEMORY_SIZE``."""
    from django.conf import settings

    if content_type.startswith("multipart/form-data"):
        return int(settings.SEWERWORKS_MAX_UPLOAD_BYTES) + int(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
    limits = BODY_LIMITS_BY_PREFIX | dict(getattr(settings, "SEWERWORKS_BODY_LIMITS", {}))
    for prefix, limit in sorted(limits.items(), key=lambda item: -len(item[0])):
        if path.startswith(prefix):
            return limit
    return int(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)


def too_large(request: HttpRequest, limit: int) -> HttpResponseBase:
    message = f"The request body is too large: at most {limit:,} bytes are accepted here."
    if request.path.startswith(API_PREFIX):
        return JsonResponse({"detail": message}, status=413)
    return HttpResponse(message, status=413, content_type="text/plain; charset=utf-8")


class BodySizeLimitMiddleware:
    """413 Content Too Large for a body over :func:`body_limit`, said before the body is read (by its
    Content-Length) or when Django finds it too large while reading one sent without a length."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        limit = body_limit(request.path, request.META.get("CONTENT_TYPE", ""))
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return HttpResponse("Content-Length is not a number.", status=400, content_type="text/plain")
        if length > limit:
            return too_large(request, limit)
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponseBase | None:
        if isinstance(exception, RequestDataTooBig):
            return too_large(request, body_limit(request.path, request.META.get("CONTENT_TYPE", "")))
        return None


# --- Content Security Policy ----------------------------------------------------------------------------

# Every script and style sheet is served from this site (vendor copies under core/static/vendor/; the
# parcel map has no tile server): no inline script, no eval, no framing. Inline style attributes are
# allowed (a few templates set a width; htmx adds its indicator style).
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
    "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
    "frame-ancestors 'none'"
)


class ContentSecurityPolicyMiddleware:
    """Sends :data:`CONTENT_SECURITY_POLICY` (``SEWERWORKS_CSP`` overrides it) on every answer that has none
    of its own (a file download sets a stricter, sandboxed one)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        from django.conf import settings

        response = self.get_response(request)
        if "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = getattr(settings, "SEWERWORKS_CSP", CONTENT_SECURITY_POLICY)
        return response


# --- Text the database can store: no NUL character anywhere (issue 30) ----------------------------------


def nul_in_request(request: HttpRequest) -> list[Location]:
    """Where the request's path, query or form fields hold a NUL character (an uploaded file's name never
    does: Django drops its characters that are not printable)."""
    found: list[Location] = [["path"]] if has_nul(request.path_info) else []
    found += [["query", without_nul(k)] for k, values in request.GET.lists() if has_nul([k, *values])]
    if request.method in {"POST", "PUT", "PATCH", "DELETE"}:
        try:
            form = request.POST
        except MultiPartParserError:  # not a form Django can read: the view says so (never a 500 here)
            return found
        found += [["form", without_nul(k)] for k, values in form.lists() if has_nul([k, *values])]
    return found


class RefuseNulMiddleware:
    """The one rule for every text the site takes (``core.text``): a NUL character in the path, the query or a
    form's fields is refused with a 422 naming each, before any view reads it:
    the API answers ``{"detail": [{"loc": [...], "msg": ...}]}`` (a JSON body is checked by the API's
    parser, ``core.api.parsing``), a page the site's refusal page. PostgreSQL stores no NUL in text: it was
    a 500 there."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        found = nul_in_request(request)
        if not found:
            return self.get_response(request)
        fields = [str(loc[-1]) for loc in found]
        if request.path.startswith(API_PREFIX):
            return JsonResponse({"detail": NulRefused(found).detail}, status=422)
        if _wants_json(request):  # a page's own script (the map's geometry check): its "error", said the same way
            error = f"{', '.join(fields)}: {NUL_MESSAGE}."
            return JsonResponse({"detail": NulRefused(found).detail, "error": error}, status=422)
        return render(request, "core/refused_input.html", {"fields": fields}, status=422)


def _wants_json(request: HttpRequest) -> bool:
    accept = request.META.get("HTTP_ACCEPT", "")
    return "application/json" in accept and "text/html" not in accept
