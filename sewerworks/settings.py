"""Django settings for sewerworks.

Everything that differs between a laptop and the Town's server comes from the environment:
``DATABASE_URL`` (default: SQLite under ``var/``), ``SECRET_KEY``, ``DEBUG``, ``ALLOWED_HOSTS`` and
``SEWERWORKS_JURISDICTION`` (the folder of packaged ordinance parameters).
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("SEWERWORKS_VAR", BASE_DIR / "var"))

_DEV_SECRET_KEY = "dev-only-not-secret-sewerworks"  # noqa: S105 - refused below outside DEBUG


def _env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return raw.strip().lower() in {"1", "true", "yes", "on"}


# DEBUG is off unless asked for: `make run` turns it on for the demo; a server never does (ASVS 14.3.2).
DEBUG = _env_bool("DEBUG", False)


def _secret_key() -> str:
    """SECRET_KEY from the environment; else, in development, the fixed development key; else a random key
    generated once into ``VAR_DIR/secret-key`` (mode 0600) and read back by every later process, so that a
    fresh install is never signed with a key anyone else knows."""
    if "SECRET_KEY" in os.environ:
        return os.environ["SECRET_KEY"]
    if DEBUG:
        return _DEV_SECRET_KEY
    path = VAR_DIR / "secret-key"
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    if not path.exists():
        import secrets

        draft = VAR_DIR / f".secret-key.{os.getpid()}"
        fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as handle:
            handle.write(secrets.token_urlsafe(64) + "\n")
        try:
            os.link(draft, path)  # atomic: the first process to get here wins, the others read its key
        except FileExistsError:
            pass
        finally:
            draft.unlink()
    return path.read_text(encoding="ascii").strip()


SECRET_KEY = _secret_key()
if not DEBUG and SECRET_KEY == _DEV_SECRET_KEY:
    raise ImproperlyConfigured(
        "sewerworks refuses to start with DEBUG off and the development SECRET_KEY: set SECRET_KEY."
    )


def _weak_key(key: str) -> str:
    """Why ``key`` is too weak to sign sessions and CSRF tokens ('' if it is not): Django's own measure."""
    if len(key) < 50:
        return f"it has {len(key)} characters; at least 50 are needed"
    if len(set(key)) < 5:
        return f"it uses {len(set(key))} different characters; at least 5 are needed"
    if key.startswith("django-insecure-"):
        return "it is a key Django generated for development (django-insecure-...)"
    return ""


if not DEBUG and _weak_key(SECRET_KEY):
    raise ImproperlyConfigured(
        f"sewerworks refuses to start with DEBUG off and a weak SECRET_KEY: {_weak_key(SECRET_KEY)}. "
        "Generate one with: python -c 'import secrets; print(secrets.token_urlsafe(64))'"
    )

ALLOWED_HOSTS = [h for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver").split(",") if h]
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o]

SEWERWORKS_JURISDICTION = os.environ.get("SEWERWORKS_JURISDICTION", "marlborough-ny")
# A running job whose worker is on another host is taken as interrupted after this long without a sign of life.
SEWERWORKS_JOB_STALE_MINUTES = int(os.environ.get("SEWERWORKS_JOB_STALE_MINUTES", "60"))
# Sign-in: past this many failures from one client address within the window, that address is refused for the
# cooling period (core.access.throttle, issue 30); above the per-user lockout's 10. The address is the peer's,
# or X-Forwarded-For's when the peer is a trusted proxy: the same variable as gunicorn's forwarded_allow_ips.
SEWERWORKS_LOGIN_ADDRESS_FAILURES = int(os.environ.get("SEWERWORKS_LOGIN_ADDRESS_FAILURES", "30"))
SEWERWORKS_LOGIN_ADDRESS_WINDOW_MINUTES = int(os.environ.get("SEWERWORKS_LOGIN_ADDRESS_WINDOW_MINUTES", "15"))
SEWERWORKS_LOGIN_ADDRESS_COOLING_MINUTES = int(os.environ.get("SEWERWORKS_LOGIN_ADDRESS_COOLING_MINUTES", "15"))
SEWERWORKS_FORWARDED_ALLOW_IPS = os.environ.get("SEWERWORKS_FORWARDED_ALLOW_IPS", "127.0.0.1")
# Jobs one user may have waiting for the worker at once (core.jobs.queue, issue 30); the system's own are not counted.
SEWERWORKS_JOBS_QUEUED_PER_USER = int(os.environ.get("SEWERWORKS_JOBS_QUEUED_PER_USER", "5"))
# Processes that typeset a batch of bills (billing.documents.batch); unset: two, or one on a one-core machine.
if os.environ.get("SEWERWORKS_BILL_PDF_WORKERS"):
    SEWERWORKS_BILL_PDF_WORKERS = int(os.environ["SEWERWORKS_BILL_PDF_WORKERS"])

# E-mail (issue 37: the public side's verification links, password resets and paperless bills), sent through the
# outbox (core.mail) with Django's backend: SMTP from these variables (docs/public-side.md); with DEBUG on and no
# EMAIL_HOST (the demo) every mail is written to a file under var/mail/ instead.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = _env_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = _env_bool("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "10"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Sewer Department <sewer@localhost>")
EMAIL_FILE_PATH = VAR_DIR / "mail"
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.filebased.EmailBackend"
    if DEBUG and not EMAIL_HOST
    else "django.core.mail.backends.smtp.EmailBackend",
)
if not EMAIL_HOST:
    EMAIL_HOST = "localhost"
# The address the public side's links in a mail start with (a mail sent by the worker has no request to ask).
SEWERWORKS_SITE_URL = os.environ.get("SEWERWORKS_SITE_URL", "http://127.0.0.1:8000").rstrip("/")
# The public side (issue 37): sign-in and linking attempts counted per client address (core.access.throttle)
# and per account; the pages without sign-in limited per address and minute (0: no limit).
SEWERWORKS_PUBLIC_ADDRESS_FAILURES = int(os.environ.get("SEWERWORKS_PUBLIC_ADDRESS_FAILURES", "30"))
SEWERWORKS_PUBLIC_ACCOUNT_FAILURES = int(os.environ.get("SEWERWORKS_PUBLIC_ACCOUNT_FAILURES", "10"))
SEWERWORKS_PUBLIC_LINK_FAILURES = int(os.environ.get("SEWERWORKS_PUBLIC_LINK_FAILURES", "5"))
SEWERWORKS_PUBLIC_WINDOW_MINUTES = int(os.environ.get("SEWERWORKS_PUBLIC_WINDOW_MINUTES", "15"))
SEWERWORKS_PUBLIC_COOLING_MINUTES = int(os.environ.get("SEWERWORKS_PUBLIC_COOLING_MINUTES", "15"))
SEWERWORKS_PUBLIC_PAGES_PER_MINUTE = int(os.environ.get("SEWERWORKS_PUBLIC_PAGES_PER_MINUTE", "120"))
# A verification link lasts this long (hours); a password reset link Django's PASSWORD_RESET_TIMEOUT (a day here).
SEWERWORKS_VERIFY_HOURS = int(os.environ.get("SEWERWORKS_VERIFY_HOURS", "48"))
PASSWORD_RESET_TIMEOUT = 24 * 3600

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rules.apps.AutodiscoverRulesConfig",
    "simple_history",
    "django_filters",
    "django_htmx",
    "django_tasks",
    "django_tasks_db",
    "ninja",
    "sewerworks.core",
    "sewerworks.registry",
    "sewerworks.enforcement",
    "sewerworks.billing",
    "sewerworks.inspections",
    "sewerworks.grease",
    "sewerworks.engineering",
    "sewerworks.contracts",
    "sewerworks.permits",
    "sewerworks.pretreatment",
    "sewerworks.public",
]

MIDDLEWARE = [
    "sewerworks.core.web.logs.RequestLogMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "sewerworks.core.web.outage.DatabaseUnavailableMiddleware",
    "sewerworks.core.web.middleware.BodySizeLimitMiddleware",
    "sewerworks.core.web.middleware.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "sewerworks.core.access.sessions.SessionIdleRenewalMiddleware",
    "sewerworks.core.web.middleware.LoginRequiredMiddleware",
    "sewerworks.public.fence.PublicAccountFence",  # a public account reaches /public/ only (issue 37)
    "django.contrib.messages.middleware.MessageMiddleware",
    "sewerworks.core.web.middleware.RefuseNulMiddleware",  # one rule for text: a NUL anywhere is a 422 (issue 30)
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    "sewerworks.core.api.query.RefuseUnknownQueryParametersMiddleware",
    "sewerworks.core.web.methods.PageMethodsMiddleware",
]

ROOT_URLCONF = "sewerworks.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "sewerworks" / "templates"],  # the site's own pages (the API docs), above every app
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "sewerworks.core.web.context_processors.navigation",
            ],
        },
    },
]

WSGI_APPLICATION = "sewerworks.wsgi.application"

VAR_DIR.mkdir(parents=True, exist_ok=True)
(VAR_DIR / "static").mkdir(exist_ok=True)
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{VAR_DIR / 'sewerworks.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0")),
        conn_health_checks=True,  # a kept connection the server dropped (a restart) is replaced, not used
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets clerks read while a batch writes; writers take BEGIN IMMEDIATE so two writers queue
    # instead of failing half-way (ARCHITECTURE.md, "Embedded by default").
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;",
        }
    )
    DATABASES["default"].setdefault("TEST", {})["NAME"] = str(VAR_DIR / "test-sewerworks.sqlite3")

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 12}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

AUTHENTICATION_BACKENDS = [
    "sewerworks.core.access.authentication.LockoutBackend",  # first: a locked username is refused any password
    "rules.permissions.ObjectPermissionBackend",
    "sewerworks.core.access.authentication.PasswordBackend",  # Django's ModelBackend, its sign-ins audited
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "core:dashboard"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "America/New_York"
# One language, the Town's: no translation catalogues. With them on, every string, date and number a page
# shows went through the active language's lookup (7 to 15% of a request's CPU under make load, issue 19).
# The formats are then these settings rather than the "en" locale's, which differ from Django's defaults
# only in grouping thousands ("$1,234.00" under floatformat's "g").
USE_I18N = False
NUMBER_GROUPING = 3
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STORAGES = {  # hashed names with DEBUG off (manifest written by collectstatic)
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        # Hashed names (app.3f9c2e1a.css) so browsers may cache them for a year (WhiteNoise's manifest).
        "BACKEND": "sewerworks.core.web.staticstorage.HashedStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
MEDIA_ROOT = VAR_DIR / "media"
MEDIA_URL = "media/"

# Uploads: keep them small and in memory-limited chunks; each upload field checks type and size too.
DATA_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024
SEWERWORKS_MAX_UPLOAD_BYTES = int(os.environ.get("SEWERWORKS_MAX_UPLOAD_BYTES", str(50 * 1024 * 1024)))

# Sessions: on the embedded SQLite database they live in files under var/sessions, so that signing in
# writes nothing to the database and never queues behind an import holding its write lock; on
# PostgreSQL (row locks, possibly several web servers) in the database. SEWERWORKS_SESSION_ENGINE
# overrides either. `manage.py clearsessions` removes expired ones in both cases.
SESSION_ENGINE = os.environ.get(
    "SEWERWORKS_SESSION_ENGINE",
    "django.contrib.sessions.backends.file"
    if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"
    else "django.contrib.sessions.backends.db",
)
SESSION_FILE_PATH = VAR_DIR / "sessions"
SESSION_FILE_PATH.mkdir(exist_ok=True, mode=0o700)
SESSION_COOKIE_HTTPONLY = True
# An idle session ends: a request renews it for SEWERWORKS_SESSION_IDLE_MINUTES (default 30); a browser
# left signed in on a counter is signed out half an hour after its last use (OWASP ASVS 3.3.2). Renewed at
# most once a minute (core/access/sessions.py), not written on every request.
SESSION_COOKIE_AGE = 60 * int(os.environ.get("SEWERWORKS_SESSION_IDLE_MINUTES", "30"))
SESSION_SAVE_EVERY_REQUEST = False
CSRF_COOKIE_HTTPONLY = False  # htmx reads the token from the cookie-less meta tag; kept default-safe
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

# TLS, from the environment (docs/deploy.md). Behind nginx, SEWERWORKS_PROXY_SSL_HEADER=X-Forwarded-Proto
# trusts that header (nginx must set it, overwriting any the client sent) for "is this request https?".
_proxy_header = os.environ.get("SEWERWORKS_PROXY_SSL_HEADER", "").strip()
if _proxy_header:
    SECURE_PROXY_SSL_HEADER = ("HTTP_" + _proxy_header.upper().replace("-", "_"), "https")
SECURE_SSL_REDIRECT = _env_bool("SECURE_SSL_REDIRECT", False)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # the monitor on the server itself asks over plain http
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = _env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = _env_bool("SECURE_HSTS_PRELOAD", False)

TASKS = {
    "default": {
        "BACKEND": os.environ.get("SEWERWORKS_TASK_BACKEND", "django_tasks_db.backend.DatabaseBackend"),
    }
}

# Logs: JSON lines with the request's id on standard error (journald keeps them), never a secret
# (core.web.logs); SEWERWORKS_LOG_FORMAT=text for a terminal (the default while DEBUG is on).
SEWERWORKS_LOG_FORMAT = os.environ.get("SEWERWORKS_LOG_FORMAT", "text" if DEBUG else "json")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "request_id": {"()": "sewerworks.core.web.logs.RequestIdFilter"},
        "refusal_without_traceback": {"()": "sewerworks.core.web.errors.RefusalWithoutTraceback"},
    },
    "formatters": {
        "json": {"()": "sewerworks.core.web.logs.JsonFormatter"},
        "text": {"()": "sewerworks.core.web.logs.TextFormatter"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "filters": ["request_id"],
            "formatter": "json" if SEWERWORKS_LOG_FORMAT == "json" else "text",
        }
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {
        "django.request": {"filters": ["refusal_without_traceback"]},
        # One line per request from core.web.logs; Django's own would repeat it (and name the query string).
        "django.server": {"level": "WARNING"},
        "sewerworks.request": {"level": os.environ.get("SEWERWORKS_REQUEST_LOG_LEVEL", "INFO")},
        "django.db.backends": {"level": "WARNING"},
        "weasyprint": {"level": "WARNING"},
        "fontTools": {"level": "WARNING"},
    },
}
