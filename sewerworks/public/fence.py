"""The fence between the two sides, in front of every view (a middleware after the sign-in's):

- a signed-in public account reaches only ``/public/`` (and the static files, ``/healthz``, signing out): every
  staff URL answers 403, the API's as JSON, whatever the view itself checks (deny by default: a staff page that
  only asks for a signed-in user is fenced too);
- the public API (``/public/api/``) answers 401 to no one signed in, instead of the staff sign-in's redirect.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponseBase, JsonResponse

from sewerworks.public.scope import account_of
from sewerworks.public.views.common import message

PUBLIC, PUBLIC_API = "/public/", "/public/api/"
OPEN_TO_ALL = ("/static/", "/healthz", "/logout/", "/favicon.ico")
STAFF_ONLY = "This page is for the sewer department's staff. Your online account's pages are under My parcels."


class PublicAccountFence:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        path = request.path
        user = getattr(request, "user", None)
        signed_in = user is not None and user.is_authenticated
        if path.startswith(PUBLIC_API) and not signed_in:
            return JsonResponse({"detail": "Sign in to your online account first."}, status=401)
        if signed_in and not path.startswith(PUBLIC) and not path.startswith(OPEN_TO_ALL):
            if account_of(user) is not None:
                if path.startswith("/api/"):
                    return JsonResponse({"detail": STAFF_ONLY}, status=403)
                return message(request, "Staff only", STAFF_ONLY, link="/public/me/", link_text="My parcels",
                               status=403)  # fmt: skip
        return self.get_response(request)
