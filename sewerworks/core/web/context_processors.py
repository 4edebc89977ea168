"""The navigation every page shows: the entries the installed apps registered, filtered by the user's
role (see ``core/web/navigation.py``; core names no URL of another app)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from sewerworks.core.access.roles import ROLES, user_roles
from sewerworks.core.web.navigation import nav_for, search_url_for


def navigation(request: HttpRequest) -> dict[str, Any]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"nav_items": [], "user_role_names": []}
    roles = sorted(r for r in user_roles(user) if r in ROLES)
    return {"nav_items": nav_for(user, request.path), "user_role_names": roles, "search_url": search_url_for(user)}
