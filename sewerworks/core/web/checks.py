"""Checks of ours for ``sewerworks check --deploy`` (beside Django's own security checks).

Each names the setting to change. They pass on the env file of docs/deploy.md
(``deploy/sewerworks.env.example`` with its placeholders filled) and fail when a server is set up in a
way that loses data, leaks it or breaks caching: ``core/tests/test_deploy_checks.py``.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Error, Warning, register
from django.db import connections

MANIFEST_STORAGES = {
    "sewerworks.core.web.staticstorage.HashedStaticFilesStorage",
    "whitenoise.storage.CompressedManifestStaticFilesStorage",
    "django.contrib.staticfiles.storage.ManifestStaticFilesStorage",
}


def _inside(path: Path, folder: Path) -> bool:
    path, folder = path.resolve(), folder.resolve()
    return path == folder or folder in path.parents


@register("sewerworks", deploy=True)
def check_deployment(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    messages: list[CheckMessage] = []
    media, static = Path(settings.MEDIA_ROOT), Path(settings.STATIC_ROOT)
    if _inside(media, static) or _inside(static, media):
        messages.append(
            Error(
                f"MEDIA_ROOT ({media}) and STATIC_ROOT ({static}) overlap: the web server publishes STATIC_ROOT "
                "to anyone, and uploaded files must leave only through the permission-checked /files/ views.",
                hint="Keep them apart (the defaults: var/media and var/static).",
                id="sewerworks.E001",
            )
        )
    storage = settings.STORAGES["staticfiles"]["BACKEND"]
    if storage not in MANIFEST_STORAGES:
        messages.append(
            Error(
                f"Static files are stored by {storage}: their names carry no hash, so a browser keeps an old "
                "style sheet or script after an upgrade.",
                hint="DEBUG=false selects sewerworks.core.web.staticstorage.HashedStaticFilesStorage.",
                id="sewerworks.E002",
            )
        )
    for folder in (media, Path(settings.VAR_DIR)):
        existing = next(p for p in (folder, *folder.parents) if p.exists())  # a missing one is created there
        if not os.access(existing, os.W_OK):
            messages.append(
                Error(
                    f"{folder} is not writable by this user: uploads, sessions and backups would fail.",
                    hint="chown -R sewerworks: /srv/sewerworks/var (docs/deploy.md).",
                    id="sewerworks.E003",
                )
            )
    if getattr(settings, "SEWERWORKS_LOG_FORMAT", "json") != "json":
        messages.append(
            Warning(
                "Logs are written as text: the server's logs should be JSON lines (with the request id) "
                "for journald and log search.",
                hint="Unset SEWERWORKS_LOG_FORMAT (DEBUG=false writes JSON).",
                id="sewerworks.W001",
            )
        )
    vendor = connections["default"].vendor
    if vendor == "sqlite":
        messages.append(
            Warning(
                "The database is SQLite: fine for a trial or a very small town, but production runs on "
                "PostgreSQL (several web workers, row locks, pg_dump backups).",
                hint="Set DATABASE_URL=postgres://... (docs/deploy.md), then move with backup and restore.",
                id="sewerworks.W002",
            )
        )
    elif vendor == "postgresql" and shutil.which("pg_dump") is None:
        messages.append(
            Error(
                "pg_dump is not on this server's PATH: `sewerworks backup` cannot save the database.",
                hint="apt install postgresql-client (the same major version as the server, or newer).",
                id="sewerworks.E004",
            )
        )
    if getattr(settings, "SECURE_SSL_REDIRECT", False) and not getattr(settings, "SECURE_PROXY_SSL_HEADER", None):
        messages.append(
            Error(
                "SECURE_SSL_REDIRECT is on but SEWERWORKS_PROXY_SSL_HEADER is not set: behind nginx every request "
                "arrives as plain http, so every page would redirect to itself forever.",
                hint="SEWERWORKS_PROXY_SSL_HEADER=X-Forwarded-Proto (nginx sets it: deploy/nginx/sewerworks.conf).",
                id="sewerworks.E005",
            )
        )
    messages += _forwarded_allow_ips()
    origins = [o for o in settings.CSRF_TRUSTED_ORIGINS if not o.startswith("https://")]
    if origins:
        messages.append(
            Error(
                f"CSRF_TRUSTED_ORIGINS names origins that are not https: {', '.join(origins)}.",
                hint="List the site as https://sewer.example.gov.",
                id="sewerworks.E006",
            )
        )
    return messages


def _forwarded_allow_ips() -> list[CheckMessage]:
    """The trusted proxies the sign-in throttle believes X-Forwarded-For from (core.access.throttle)."""
    import ipaddress

    raw = str(getattr(settings, "SEWERWORKS_FORWARDED_ALLOW_IPS", "127.0.0.1"))
    entries = [e.strip() for e in raw.split(",") if e.strip()]
    if "*" in entries:
        return [
            Warning(
                "SEWERWORKS_FORWARDED_ALLOW_IPS is *: X-Forwarded-For is believed from any peer, so a client that "
                "reaches gunicorn directly names any address it likes and escapes the sign-in throttle.",
                hint="Name the proxies: 127.0.0.1 for the shipped nginx on this machine.",
                id="sewerworks.W003",
            )
        ]
    bad = []
    for entry in entries:
        try:
            ipaddress.ip_network(entry, strict=False)
        except ValueError:
            bad.append(entry)
    if not bad:
        return []
    return [
        Error(
            f"SEWERWORKS_FORWARDED_ALLOW_IPS names {', '.join(bad)}: not addresses or networks, so no proxy is "
            "trusted and behind nginx every sign-in counts against 127.0.0.1: one person's typos would pause "
            "signing in for the whole office.",
            hint="Addresses or networks, comma-separated: 127.0.0.1 for the shipped nginx.",
            id="sewerworks.E007",
        )
    ]
