"""Logs as JSON lines, each naming the request it belongs to; never a password or a token.

- :class:`RequestLogMiddleware` gives every request an id (the proxy's ``X-Request-ID`` when it is a
  plain token of at most 64 characters, else a new one), returns it in ``X-Request-ID``, and logs one
  line per request: method, path (never the query string), status, milliseconds, user id.
- :class:`RequestIdFilter` adds that id to every record logged while the request runs (a context
  variable, so threads and workers each keep their own).
- :class:`JsonFormatter` writes one JSON object per line from a fixed set of fields (never the record's
  ``request`` or arguments objects), and :func:`redact` blanks anything shaped like a secret: a password
  or token field, an ``Authorization`` header, a ``Bearer`` value, an API key (``sw_...``), a
  database URL's password. ``core/tests/test_logs.py`` proves none reaches the log.
"""

from __future__ import annotations

import contextvars
import datetime as dt
import json
import logging
import re
import time
import uuid
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponseBase

request_id_var: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="")
access_log = logging.getLogger("sewerworks.request")

_SAFE_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")
_SECRETS = [  # in this order: a "Bearer" value before the header that names it
    re.compile(r"(?i)(bearer\s+)(\S+)"),
    re.compile(r"(?i)(token\s+)([A-Za-z0-9_\-]{8,})"),
    re.compile(
        r"(?i)((?:password|passwd|pwd|secret|token|api[_-]?key|csrfmiddlewaretoken|sessionid|authorization)"
        r"[\"']?\s*[:=]\s*[\"']?)([^\s\"'&,;]+)"
    ),
    re.compile(r"()\bsw_[A-Za-z0-9_\-]{8,}"),
    re.compile(r"(://[^:/@\s]+:)([^@\s]+)(?=@)"),
]
REDACTED = "[redacted]"
_FIELDS = ("request_id", "method", "path", "status", "duration_ms", "user_id", "job_id")


def redact(text: str) -> str:
    for pattern in _SECRETS:
        text = pattern.sub(lambda m: (m.group(1) if m.lastindex else "") + REDACTED, text)
    return text


class RequestIdFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if not getattr(record, "request_id", ""):
            record.request_id = request_id_var.get()
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time (UTC), level, logger, message, the request's fields, the exception."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": dt.datetime.fromtimestamp(record.created, tz=dt.UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": redact(record.getMessage()),
        }
        for name in _FIELDS:
            value = getattr(record, name, None)
            if value not in (None, ""):
                entry[name] = redact(value) if isinstance(value, str) else value
        if record.exc_info:
            entry["exception"] = redact(self.formatException(record.exc_info))
        return json.dumps(entry, ensure_ascii=False, default=str)


class TextFormatter(logging.Formatter):
    """For a developer's terminal (``SEWERWORKS_LOG_FORMAT=text``): the same redaction, one line."""

    def format(self, record: logging.LogRecord) -> str:
        rid = getattr(record, "request_id", "")
        return redact(f"{record.levelname} {record.name}{f' [{rid}]' if rid else ''}: {super().format(record)}")


class RequestLogMiddleware:
    """First in the chain: the request's id for every log line, and one line when it is answered."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        given = request.META.get("HTTP_X_REQUEST_ID", "")
        rid = given if _SAFE_ID.match(given) else uuid.uuid4().hex
        request.request_id = rid  # type: ignore[attr-defined]
        token = request_id_var.set(rid)
        started = time.perf_counter()
        try:
            response = self.get_response(request)
            response["X-Request-ID"] = rid
            # The user only if the request already loaded it (asking would query the database).
            user = getattr(request.__dict__.get("user"), "_wrapped", None)
            access_log.info(
                "%s %s %s",
                request.method,
                request.path,
                response.status_code,
                extra={
                    "method": request.method,
                    "path": request.path,
                    "status": response.status_code,
                    "duration_ms": round((time.perf_counter() - started) * 1000, 1),
                    "user_id": getattr(user, "pk", None),
                },
            )
            return response
        finally:
            request_id_var.reset(token)
