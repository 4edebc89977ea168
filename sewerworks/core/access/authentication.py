"""Signing in, as an auditor expects it: every login, failure and lockout is a line of the audit trail,
and a username that failed :data:`MAX_FAILURES` times within :data:`WINDOW` is locked for :data:`LOCKOUT`:
even the right password is refused until then (issue 18, OWASP ASVS 2.2.1). Failures are counted per client
address too (``throttle.STAFF_SIGN_IN``: 30 in 15 minutes refuse that address for 15 minutes, every other
address signing in as usual), so that one address trying one password on many names is slowed (issue 30).
Each row names the client's address (``throttle.client_address``: behind a trusted proxy, the forwarded one).

The lock is asked by :class:`LockoutBackend`, first of ``AUTHENTICATION_BACKENDS``, so it holds for every
sign-in form (the staff login page and ``/admin/``'s). The count is kept in the audit trail itself
(``AuditEvent`` rows ``login failed`` and ``login locked``), so nothing else needs storing; a lockout's
end wipes the slate: only failures after it count toward the next.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.utils import timezone

from sewerworks.core.access.throttle import STAFF_SIGN_IN, client_address
from sewerworks.core.models import AuditEvent
from sewerworks.core.records.quickwrite import write_if_free

MAX_FAILURES = 10
WINDOW = timedelta(minutes=15)
LOCKOUT = timedelta(minutes=15)
FAILED, LOCKED, REFUSED, SIGNED_IN = "login failed", "login locked", "login refused (locked)", "login"


def _subject(username: str) -> str:
    return f"user {username[:150]}"


def _address(request: HttpRequest | None) -> str:
    return client_address(request)


def locked_until(username: str, *, now: datetime | None = None) -> datetime | None:
    """The end of the lockout ``username`` is under now, or None."""
    now = now or timezone.now()
    last = (
        AuditEvent.objects.filter(action=LOCKED, subject=_subject(username), at__gt=now - LOCKOUT)
        .order_by("-at")
        .values_list("at", flat=True)
        .first()
    )
    return last + LOCKOUT if last is not None else None


def record_failure(username: str, request: HttpRequest | None) -> bool:
    """Write the failure; lock the username when it is the MAX_FAILURES-th in WINDOW (True if it locked)."""
    now = timezone.now()
    subject = _subject(username)
    AuditEvent.objects.create(action=FAILED, subject=subject, detail={"address": _address(request)})
    last_lock = (
        AuditEvent.objects.filter(action=LOCKED, subject=subject).order_by("-at").values_list("at", flat=True).first()
    )
    since = max(now - WINDOW, last_lock + LOCKOUT) if last_lock is not None else now - WINDOW
    failures = AuditEvent.objects.filter(action=FAILED, subject=subject, at__gte=since).count()
    if failures < MAX_FAILURES:
        return False
    AuditEvent.objects.create(
        action=LOCKED,
        subject=subject,
        rows=failures,
        detail={"address": _address(request), "failures": failures, "minutes": LOCKOUT.seconds // 60},
    )
    return True


class LockedOut(PermissionDenied):
    """A sign-in refused because its username is locked (not a role check: ``authenticate`` stops on it)."""


class AddressRefused(LockedOut):
    """A sign-in refused because its client's address is cooling after too many failures (``throttle``)."""

    def __init__(self, until: datetime) -> None:
        self.until = until
        super().__init__(f"Too many failed sign-ins from this address: refused until {until:%H:%M} UTC.")


class PasswordBackend(ModelBackend):
    """Django's username-and-password backend, marking the user it let in, so that the audit trail records
    a sign-in that checked a password (not a session a test or a script opened with ``force_login``).

    It grants no permission of its own: what a user may do comes from the roles they hold, through the
    `rules` of each app (core/access/roles.py), never from permissions ticked for a user or group in the admin.
    (Django's backend would read those with two queries on every request that asks a permission a role
    does not give; the navigation relies on permissions being the roles', issue 19.)"""

    def get_user_permissions(self, user_obj: Any, obj: Any = None) -> set[str]:
        return set()

    def get_group_permissions(self, user_obj: Any, obj: Any = None) -> set[str]:
        return set()

    def authenticate(self, request: HttpRequest | None, username: str | None = None, password: str | None = None,
                     **kwargs: Any) -> Any:  # fmt: skip
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is not None:
            user._sewerworks_password_checked = True  # type: ignore[attr-defined]
        return user


class LockoutBackend:
    """Refuses a locked username before any password is checked (PermissionDenied stops ``authenticate``).

    It only refuses: it has no ``get_user`` or ``has_perm``, so Django never picks it to load a session's
    user (``force_login`` takes the first backend that has ``get_user``) nor asks it a permission."""

    def authenticate(self, request: HttpRequest | None, username: str | None = None, **kwargs: Any) -> None:
        until = STAFF_SIGN_IN.refused_until(_address(request))
        if until is not None and request is not None:  # the address first: a sprayer learns nothing of the names
            request._sewerworks_address_refused = until  # type: ignore[attr-defined]
            raise AddressRefused(until)
        if username and locked_until(username) is not None:
            if request is not None:
                request._sewerworks_locked = True  # type: ignore[attr-defined]  # the failure is a refusal
            raise LockedOut(f"Sign-in for {username} is locked after {MAX_FAILURES} failures.")
        return None


def on_login_failed(sender: Any, credentials: dict[str, Any], request: HttpRequest | None = None, **kw: Any) -> None:
    username = str(credentials.get("username") or "")
    if not username:
        return
    if request is not None and getattr(request, "_sewerworks_address_refused", None) is not None:
        STAFF_SIGN_IN.refuse(_address(request), username=username[:150])
        return
    if request is not None and getattr(request, "_sewerworks_locked", False):
        AuditEvent.objects.create(action=REFUSED, subject=_subject(username), detail={"address": _address(request)})
        return
    record_failure(username, request)
    STAFF_SIGN_IN.note_failure(_address(request))


def on_logged_in(sender: Any, request: HttpRequest | None, user: Any, **kw: Any) -> None:
    if not getattr(user, "_sewerworks_password_checked", False):
        return
    write_if_free(
        lambda: AuditEvent.objects.create(
            action=SIGNED_IN, actor=user, subject=_subject(user.get_username()), detail={"address": _address(request)}
        ),
        what=f"the login of {user.get_username()}",
    )


def on_logged_out(sender: Any, request: HttpRequest | None, user: Any, **kw: Any) -> None:
    if user is not None:
        write_if_free(
            lambda: AuditEvent.objects.create(action="logout", actor=user, subject=_subject(user.get_username())),
            what=f"the logout of {user.get_username()}",
        )
