"""``/healthz``: is this server fit to serve? For the Town's monitoring and the load balancer; no login.

200 while the database answers and every migration the code ships is applied; 503 (naming which check
failed) when either fails. It also reports the age of the background worker's last heartbeat
(``core.jobs.heartbeat``): a worker that stopped leaves the web pages working, so that is reported, with
``stale`` set after three missed beats, but does not turn the answer into a 503.
JSON, never cached, never a page of the application (no session, no cookie, no database write).
"""

from __future__ import annotations

import functools
from typing import Any

from django.contrib.auth.decorators import login_not_required
from django.db import DatabaseError, connection
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder
from django.http import HttpRequest, JsonResponse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from sewerworks.core.jobs.heartbeat import interval_seconds, last_heartbeat

STALE_BEATS = 3


@functools.cache
def shipped_migrations() -> frozenset[tuple[str, str]]:
    """Every migration in the code (read from disk once per process: code changes only with a restart)."""
    return frozenset(MigrationLoader(None, ignore_no_migrations=True).graph.nodes)


def database_check() -> dict[str, Any]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return {"ok": True, "vendor": connection.vendor}


def migrations_check() -> dict[str, Any]:
    applied = set(MigrationRecorder(connection).applied_migrations())
    missing = sorted(f"{app}.{name}" for app, name in shipped_migrations() - applied)
    return {"ok": not missing, "unapplied": missing[:20], "unapplied_count": len(missing)}


def worker_report(now: Any = None) -> dict[str, Any]:
    beat = last_heartbeat()
    if beat is None:
        return {"last_heartbeat": None, "age_seconds": None, "stale": True, "worker": None}
    age = ((now or timezone.now()) - beat.beat_at).total_seconds()
    return {
        "last_heartbeat": beat.beat_at.isoformat(),
        "age_seconds": round(age, 1),
        "stale": age > STALE_BEATS * interval_seconds(),
        "worker": beat.worker,
    }


@login_not_required
@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    checks: dict[str, Any] = {}
    try:
        checks["database"] = database_check()
        checks["migrations"] = migrations_check()
        checks["worker"] = worker_report()
    except DatabaseError as exc:
        checks.setdefault("database", {"ok": False, "error": type(exc).__name__})
        if checks["database"].get("ok"):
            checks.setdefault("migrations", {"ok": False, "error": type(exc).__name__})
    ok = all(checks.get(name, {}).get("ok") for name in ("database", "migrations"))
    body = {"status": "ok" if ok else "unavailable", "checks": checks, "time": timezone.now().isoformat()}
    return JsonResponse(body, status=200 if ok else 503)
