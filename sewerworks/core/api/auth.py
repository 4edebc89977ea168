"""Authentication and permission checks for the API."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.utils import timezone
from ninja.errors import HttpError
from ninja.security import HttpBearer
from ninja.security import SessionAuth as NinjaSessionAuth

from sewerworks.core.access import permissions
from sewerworks.core.models.tokens import ApiToken, hash_token
from sewerworks.core.records.quickwrite import write_if_free

# A token's last use is recorded to within this much: a request writes it only when the recorded one is
# older, so a client calling every second writes once in five minutes, not every time; and the write is
# skipped (the request still answered) when a batch holds the database (see core.records.quickwrite).
LAST_USE_RESOLUTION = timedelta(minutes=5)


class ApiTokenAuth(HttpBearer):
    """``Authorization: Bearer sw_…``: acts as the token's user."""

    def authenticate(self, request: HttpRequest, token: str) -> Any:
        if not token or len(token) > 200:
            return None
        row = (
            ApiToken.objects.select_related("user")
            .filter(key_hash=hash_token(token), revoked=False, user__is_active=True)
            .first()
        )
        if row is None:
            return None
        now = timezone.now()
        if row.last_used_at is None or now - row.last_used_at > LAST_USE_RESOLUTION:
            write_if_free(lambda: ApiToken.objects.filter(pk=row.pk).update(last_used_at=now),
                          what=f"the last use of API token {row.pk}")
        request.user = row.user
        return row.user


class SessionAuth(NinjaSessionAuth):
    """The staff UI's session cookie; unsafe methods need the CSRF token too (ninja checks it).

    The CSRF token is asked only of a signed-in session: a caller with no session (or whose bearer token
    was refused) is answered 401 "Sign in or send an API token", not 403 "CSRF check Failed"."""

    def _get_key(self, request: HttpRequest) -> str | None:
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated:
            return None
        key: str | None = super()._get_key(request)
        return key


def require(request: HttpRequest, perm: str, obj: Any = None, what: str = "do this") -> Any:
    """The core role check (``core.access.permissions.require``) as the API's 403."""
    try:
        return permissions.require(request.user, perm, what, obj)
    except PermissionDenied as exc:
        raise HttpError(403, str(exc)) from exc
