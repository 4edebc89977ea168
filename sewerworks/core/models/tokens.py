from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.db import models


def hash_token(raw: str) -> str:
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()


class ApiToken(models.Model):
    """A key an outside system (the water district, a GIS) uses to call the API as one user.

    Only a hash is stored; the key itself is shown once, when it is made. The token acts with its
    user's roles, no more.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="user", on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField("name", max_length=100, help_text="What the token is for, e.g. 'water district export'.")
    key_hash = models.CharField("key hash", max_length=64, unique=True, editable=False)
    prefix = models.CharField(
        "key prefix", max_length=8, editable=False, help_text="First characters, to recognise it."
    )
    created_at = models.DateTimeField("created", auto_now_add=True)
    last_used_at = models.DateTimeField("last used", null=True, blank=True)
    revoked = models.BooleanField("revoked", default=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="created by",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="api_tokens_created",
        help_text="Who issued the token (empty for tokens issued before this was recorded).",
    )
    revoked_at = models.DateTimeField("revoked", null=True, blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="revoked by",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="api_tokens_revoked",
        help_text="Who revoked the token.",
    )

    class Meta:
        verbose_name = "API token"
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @classmethod
    def issue(cls, user: object, name: str, created_by: object = None) -> tuple[ApiToken, str]:
        """Make a token; returns the row and the raw key (shown once). Staff issue one through
        ``core.actions.tokens.do_issue_api_token`` (role-checked, audited); tests call this directly."""
        raw = "sw_" + secrets.token_urlsafe(32)
        token = cls.objects.create(
            user=user, name=name, key_hash=hash_token(raw), prefix=raw[:8], created_by=created_by
        )
        return token, raw
