"""The API's body parser: JSON as django-ninja reads it, refused with a 422 naming each field (``NulRefused``)
when any text in it, a key included, holds a NUL character (issue 30: ``"phone": "…\\u0000…"`` was a 500 on
PostgreSQL). The query, the path and form fields are refused by ``core.web.middleware.RefuseNulMiddleware``
before the API sees them; the body is checked here, where it is parsed once."""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpRequest
from ninja.parser import Parser

from sewerworks.core.text import NulRefused, nul_locations


class NulRefusingParser(Parser):
    def parse_body(self, request: HttpRequest) -> Any:
        data = json.loads(request.body)
        found = nul_locations(data, ["body"])
        if found:
            raise NulRefused(found)
        return data


def refused_text(exc: BaseException) -> NulRefused | None:
    """The NulRefused behind an error django-ninja raised while reading a body (it wraps the parser's
    exception in a 400 "Cannot parse request body"), or None."""
    cause = exc if isinstance(exc, NulRefused) else exc.__cause__
    return cause if isinstance(cause, NulRefused) else None
