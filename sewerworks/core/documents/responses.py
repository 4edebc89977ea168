"""A typeset document as an HTTP response: shown in the browser (inline) or saved (attachment)."""

from __future__ import annotations

import re

from django.http import HttpResponse

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def safe_filename(name: str, default: str = "document.pdf") -> str:
    """``name`` reduced to letters, digits, dot, dash and underscore (no path, no quote, no header break)."""
    cleaned = _UNSAFE.sub("-", name.rsplit("/", 1)[-1]).strip(".-")
    return cleaned[:120] or default


def pdf_response(data: bytes, filename: str, *, inline: bool = True) -> HttpResponse:
    """``data`` as ``application/pdf`` named ``filename``; ``inline`` opens it in the browser's viewer."""
    response = HttpResponse(data, content_type="application/pdf")
    disposition = "inline" if inline else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{safe_filename(filename)}"'
    response["X-Content-Type-Options"] = "nosniff"
    return response
