"""Keep one Django group per role (after every migrate)."""

from __future__ import annotations

from typing import Any


def ensure_role_groups(**kwargs: Any) -> None:
    from django.contrib.auth.models import Group

    from sewerworks.core.access.roles import ROLES

    for name in ROLES:
        Group.objects.get_or_create(name=name)


def record_last_login(sender: Any, user: Any, **kwargs: Any) -> None:
    """Django's update_last_login, except that the write is skipped rather than waited for when a batch
    holds the database: the login itself must go through (core.records.quickwrite)."""
    from django.utils import timezone

    from sewerworks.core.records.quickwrite import write_if_free

    now = timezone.now()
    if write_if_free(lambda: type(user)._default_manager.filter(pk=user.pk).update(last_login=now),
                     what=f"the last login of {user.get_username()}"):
        user.last_login = now
