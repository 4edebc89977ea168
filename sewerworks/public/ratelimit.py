"""The pages anyone may read without signing in are limited per client address: at most
``SEWERWORKS_PUBLIC_PAGES_PER_MINUTE`` a minute (0: no limit), counted in the database (``PageHits``) so that
every server process sees the same count. The count is written without waiting (``write_if_free``): while a
batch holds SQLite's write lock the page is served uncounted rather than made to wait. The client address is
``core.access.throttle.client_address`` (X-Forwarded-For only behind a trusted proxy).
"""

from __future__ import annotations

import datetime as dt
import functools
import random
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from sewerworks.core.access.throttle import client_address
from sewerworks.core.records.quickwrite import write_if_free
from sewerworks.public.models import PageHits


def count_hit(address: str, now: dt.datetime | None = None) -> int:
    """Add one page to ``address``'s count of this minute; the count (0 if the write was skipped)."""
    minute = (now or timezone.now()).replace(second=0, microsecond=0)
    table = PageHits._meta.db_table
    found: list[int] = []

    def write() -> None:
        with connection.cursor() as cursor:
            cursor.execute(
                f"INSERT INTO {table} (address, minute, hits) VALUES (%s, %s, 1) "  # noqa: S608 - our table's name
                "ON CONFLICT (address, minute) DO UPDATE SET hits = " + table + ".hits + 1 RETURNING hits",
                [address[:64], connection.ops.adapt_datetimefield_value(minute)],
            )
            found.append(int(cursor.fetchone()[0]))
        if random.random() < 0.01:  # noqa: S311 - housekeeping, not security
            PageHits.objects.filter(minute__lt=minute - dt.timedelta(hours=1)).delete()

    write_if_free(write, what="a public page's count")
    return found[0] if found else 0


def limited(view: Callable[..., Any]) -> Callable[..., Any]:
    """Decorator: answer 429 past the address's pages for the minute."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
        most = int(getattr(settings, "SEWERWORKS_PUBLIC_PAGES_PER_MINUTE", 120))
        if most > 0 and count_hit(client_address(request)) > most:
            response: HttpResponse = render(request, "public/too_many.html", {"most": most}, status=429)
            response["Retry-After"] = "60"
            return response
        return view(request, *args, **kwargs)

    return wrapper
