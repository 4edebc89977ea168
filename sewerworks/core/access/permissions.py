"""The one role check every action and screen asks (permissions are ``rules`` predicates in each app's
``rules.py``): :func:`require` raises ``PermissionDenied`` naming what was refused and the permission, and who
may, in the words the app that declares the permission registered (:func:`say_who_may`). The API turns it into a
403 (``core.api.auth.require``); views let Django turn it into a 403 page. Every action, view and import asks
this function itself: no app wraps it."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied

__all__ = ["require", "say_who_may"]

_WHO_MAY: dict[str, str] = {}


def say_who_may(wording: dict[str, str]) -> None:
    """Register, per permission (``app.codename``), who holds it in words ("the Town Engineer"), for refusals."""
    _WHO_MAY.update(wording)


def require(user: Any, perm: str, what: str, obj: Any = None, *, who_may: str = "") -> Any:
    """Return ``user`` if it holds ``perm`` (asked with ``obj`` when given); otherwise raise
    ``PermissionDenied``: "Your role does not allow you to WHAT (PERM)", naming ``who_may`` when the caller
    can say who does, or else the words registered for ``perm``. ``user`` None (no one signed in) is refused."""
    if user is not None and user.has_perm(perm, obj):
        return user
    who_may = who_may or _WHO_MAY.get(perm, "")
    if who_may:
        raise PermissionDenied(f"Your role may not {what}: only {who_may} may ({perm}).")
    raise PermissionDenied(f"Your role does not allow you to {what} ({perm}).")
