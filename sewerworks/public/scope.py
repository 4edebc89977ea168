"""The one way the public side decides what a person may see: every public view and API operation fetches an
object through :func:`get_visible_or_404` and lists through :func:`visible`, both scoped by the person's live
links (``kinds``). Deny by default: no public account, no live link, or a model no link kind reaches gives
nothing; another person's object, a revoked link's, or an id that does not exist all answer the same 404.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, TypeVar

from django.db import models
from django.http import Http404

from sewerworks.core.access.roles import user_roles
from sewerworks.public.kinds import NOTHING, reached
from sewerworks.public.models import PublicAccount, PublicLink

M = TypeVar("M", bound=models.Model)
NOT_FOUND = "No such record among yours."


def account_of(user: Any) -> PublicAccount | None:
    """The signed-in user's public account, or None (anonymous, or staff: staff have none)."""
    if user is None or not getattr(user, "is_authenticated", False) or not user.is_active:
        return None
    if not hasattr(user, "_public_account"):
        # a public account holds no role and is never staff (public.signals): a user with a role, whose roles
        # the request reads anyway, has none, without a query of its own
        staff = user.is_superuser or user.is_staff or user_roles(user)
        user._public_account = None if staff else PublicAccount.objects.filter(user=user).first()
    found: PublicAccount | None = user._public_account
    return found


def live_links(user: Any) -> list[PublicLink]:
    """The person's links that have not ended (read once per request)."""
    account = account_of(user)
    if account is None:
        return []
    cached = getattr(user, "_public_links", None)
    if cached is None:
        cached = list(PublicLink.objects.filter(person=account, revoked_at__isnull=True).order_by("pk"))
        user._public_links = cached
    return cached


def forget(user: Any) -> None:
    """Drop what this request read of the person's links (after one is made or ended)."""
    for name in ("_public_links", "_public_account"):
        if hasattr(user, name):
            delattr(user, name)


def visible(user: Any, model: type[M]) -> models.QuerySet[M]:
    """The records of ``model`` the user's live links reach (none for anyone else)."""
    by_kind: dict[str, list[PublicLink]] = defaultdict(list)
    for link in live_links(user):
        by_kind[link.kind].append(link)
    where = NOTHING
    for kind, links in by_kind.items():
        where |= reached(kind, model, links)
    return model._default_manager.filter(where)


def get_visible_or_404(user: Any, model: type[M], public_id: str) -> M:
    """The record of ``model`` named ``public_id`` if the user's links reach it; 404 otherwise (whether it
    exists or not: the answer never tells)."""
    found = visible(user, model).filter(public_id=str(public_id)[:64]).first()
    if found is None:
        raise Http404(NOT_FOUND)
    return found
