"""Keep one Django group per role (after every migrate)."""

from __future__ import annotations

from typing import Any


def ensure_role_groups(**kwargs: Any) -> None:
    from django.contrib.auth.models import Group

    from sewerworks.core.roles import ROLES

    for name in ROLES:
        Group.objects.get_or_create(name=name)
