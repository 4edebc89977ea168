"""The navigation every page shows: the department's domains, filtered by the user's role."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.urls import NoReverseMatch, reverse

from sewerworks.core.roles import ROLES, user_roles

# (label, url name, permission). A domain appears once its app is installed and the role may see it.
NAVIGATION: list[tuple[str, str, str]] = [
    ("Dashboard", "core:dashboard", "core.view_site"),
    ("Registry", "registry:parcel_list", "registry.view_registry"),
    ("Enforcement", "enforcement:deadline_board", "enforcement.view_enforcement"),
    ("Billing", "billing:home", "billing.view_billing"),
    ("Permits", "permits:home", "permits.view_permits"),
    ("Grease", "grease:home", "grease.view_grease"),
    ("Pretreatment", "pretreatment:home", "pretreatment.view_pretreatment"),
    ("Engineering", "engineering:home", "engineering.view_engineering"),
    ("Ordinance", "core:ordinance_index", "core.view_site"),
    ("Resolutions", "core:resolution_list", "core.view_resolution"),
    ("Determinations", "core:determination_list", "core.run_determination"),
    ("Jobs", "core:job_list", "core.view_job"),
]


def navigation(request: HttpRequest) -> dict[str, Any]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"nav_items": [], "user_role_names": []}
    items = []
    for label, name, perm in NAVIGATION:
        try:
            url = reverse(name)
        except NoReverseMatch:
            continue
        if user.has_perm(perm):
            items.append(
                {
                    "label": label,
                    "url": url,
                    "active": request.path.startswith(url) and url != "/" or request.path == url,
                }
            )
    roles = sorted(r for r in user_roles(user) if r in ROLES)
    try:
        search_url = reverse("registry:search") if user.has_perm("registry.view_parcel") else ""
    except NoReverseMatch:
        search_url = ""
    return {"nav_items": items, "user_role_names": roles, "search_url": search_url}
