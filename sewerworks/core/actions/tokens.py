"""API tokens: issuing one to a user (an outside system acting with that user's roles) and revoking it.

Only the administrator issues and revokes tokens (``core.manage_api_tokens``). The token records who
issued it and who revoked it; each act is an AuditEvent. The key itself is returned once and only its
hash is kept.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.core.models import ApiToken, AuditEvent
from sewerworks.core.text import check_text

__all__ = ["do_issue_api_token", "do_revoke_api_token"]


def do_issue_api_token(*, user: Any, name: str, acting_user: Any) -> tuple[ApiToken, str]:
    """Issue a token acting as ``user``, named for what it is for; returns the row and the key (shown once)."""
    require(acting_user, "core.manage_api_tokens", "issue an API token")
    name = (name or "").strip()
    if not name:
        raise ValidationError({"name": "Say what the token is for (e.g. 'water district export')."})
    check_text("name", name, max_length=100)
    if user is None or not user.is_active:
        raise ValidationError({"user": "A token acts as an active user."})
    with transaction.atomic():
        token, raw = ApiToken.issue(user, name, created_by=acting_user)
        AuditEvent.objects.create(
            actor=acting_user,
            action="api_token.create",
            subject=f"{token} for {user.username}",
            rows=1,
            detail={"token": token.pk, "user": user.username},
        )
    return token, raw


def do_revoke_api_token(token: ApiToken, *, acting_user: Any) -> ApiToken:
    """Revoke ``token`` (once): it stops authenticating at once."""
    require(acting_user, "core.manage_api_tokens", "revoke an API token")
    with transaction.atomic():
        locked = ApiToken.objects.select_for_update().select_related("user").get(pk=token.pk)
        if locked.revoked:
            raise ValidationError({"token": f"Token {locked.pk} was already revoked."})
        locked.revoked, locked.revoked_at, locked.revoked_by = True, timezone.now(), acting_user
        locked.save(update_fields=["revoked", "revoked_at", "revoked_by"])
        AuditEvent.objects.create(
            actor=acting_user,
            action="api_token.revoke",
            subject=f"{locked} for {locked.user.username}",
            rows=1,
            detail={"token": locked.pk},
        )
    return locked
