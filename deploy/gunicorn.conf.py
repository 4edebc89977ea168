"""gunicorn settings for sewerworks: ``gunicorn -c deploy/gunicorn.conf.py sewerworks.wsgi``.

Sized for the Town's server (2 cores, 4 GB): synchronous workers behind nginx on loopback (nginx buffers
slow clients and keeps their connections alive, as gunicorn's documentation advises for this worker).
Environment: SEWERWORKS_BIND (127.0.0.1:8000), SEWERWORKS_WEB_WORKERS (2 x cores, at most 8),
SEWERWORKS_WEB_WORKER_CLASS (sync; gthread with SEWERWORKS_WEB_THREADS threads), SEWERWORKS_WEB_TIMEOUT (60 s).
Why sync (issue 19, docs/benchmarks.md): every request waits in one queue, the listening socket's, for the
next free worker; with gthread a keep-alive connection stays with one worker and its requests wait behind
that worker's busy threads while another worker is idle. Under ``make load`` (20 users, 2 cores) four sync
workers answered 141 req/s with p95 187 ms, p99 247 ms; four gthread workers of three threads 118 req/s
with p95 438 ms, p99 598 ms, on the same machine minutes apart.
Logs go to standard error as JSON lines (journald), the same format as the application's (core.web.logs);
gunicorn's own access log is off because the application logs each request with its id.

Each worker fills its per-process caches (the API's operations and their query parameters, built from the
OpenAPI schema; the migrations on disk that ``/healthz`` compares) before it takes its first request
(``post_worker_init``), so that no request pays for them, and a worker is replaced only every 50,000
requests or so: each new worker imports Django again (a second or two of CPU on the cores the requests share,
issue 19). The application is not preloaded in the master, so that ``systemctl reload`` (HUP) after an
upgrade still starts workers on the new code.
"""

from __future__ import annotations

import os
from typing import Any

bind = os.environ.get("SEWERWORKS_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("SEWERWORKS_WEB_WORKERS", str(min(2 * (os.cpu_count() or 1), 8))))
worker_class = os.environ.get("SEWERWORKS_WEB_WORKER_CLASS", "sync")
# gthread only: gunicorn runs any worker class given threads > 1 as gthread (its documentation of ``threads``), so
# a sync worker is given one. For a week the sync workers above were silently gthread workers of 3 threads this
# way, and make load's mix fell to 54 req/s with p95 1.07 s (issue 38).
threads = int(os.environ.get("SEWERWORKS_WEB_THREADS", "3")) if worker_class == "gthread" else 1
timeout = int(os.environ.get("SEWERWORKS_WEB_TIMEOUT", "60"))  # a PDF batch runs in the worker, not here
graceful_timeout = 30
keepalive = 5
# A worker is replaced after this many requests (a slow leak never grows for weeks): a day or more of a
# Town's use, not minutes of a busy hour. Each replacement imports Django again (a second or two of CPU on
# the cores the other requests share): at 5,000 every worker was replaced during make load's two minutes,
# and the requests around each replacement made its p95 (issue 19).
max_requests = 50000
max_requests_jitter = 5000
# Only nginx on this machine may say a request came over https (X-Forwarded-Proto).
forwarded_allow_ips = os.environ.get("SEWERWORKS_FORWARDED_ALLOW_IPS", "127.0.0.1")
proxy_allow_ips = forwarded_allow_ips
limit_request_line = 8190
accesslog = None
errorlog = "-"
capture_output = True
loglevel = os.environ.get("LOG_LEVEL", "info").lower()
logconfig_dict = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": {"()": "sewerworks.core.web.logs.JsonFormatter"}},
    "handlers": {"error_console": {"class": "logging.StreamHandler", "formatter": "json"}},
    "root": {"handlers": ["error_console"], "level": "INFO"},
    "loggers": {
        "gunicorn.error": {"handlers": ["error_console"], "level": loglevel.upper(), "propagate": False},
        "gunicorn.access": {"handlers": [], "level": "WARNING", "propagate": False},
    },
}


def post_worker_init(worker: Any) -> None:
    """In each worker, once the application is loaded and before its first request: fill its caches."""
    from sewerworks.core.api.query import routes
    from sewerworks.core.web.health import shipped_migrations

    routes()
    shipped_migrations()
