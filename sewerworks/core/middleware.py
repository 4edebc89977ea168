"""Login everywhere: every staff page needs a signed-in user.

Django's own ``LoginRequiredMiddleware`` redirects anonymous visitors to the login page. The API
(``/api/``) is left to django-ninja, whose every endpoint requires session or token authentication
and answers 401 instead of a redirect.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.middleware import LoginRequiredMiddleware as _DjangoLoginRequired
from django.http import HttpRequest, HttpResponseBase

API_PREFIX = "/api/"


class LoginRequiredMiddleware(_DjangoLoginRequired):
    def process_view(
        self, request: HttpRequest, view_func: Any, view_args: Any, view_kwargs: Any
    ) -> HttpResponseBase | None:
        if request.path.startswith(API_PREFIX):
            return None
        return super().process_view(request, view_func, view_args, view_kwargs)
