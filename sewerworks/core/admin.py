"""``/admin/``: kept for one thing, the administrator's management of users and their roles (Django's users
and groups; no record of the department is registered here, so every change to one still goes through its
``do_*`` action with its role check and audit). Only a user who may ``core.manage_users`` (the
administrator role) is served; anyone else is sent to its sign-in page (docs/security.md)."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest


def administrators_only(request: HttpRequest) -> bool:
    user = request.user
    return bool(user.is_active and user.is_authenticated and user.has_perm("core.manage_users"))


admin.site.has_permission = administrators_only  # type: ignore[method-assign]
admin.site.site_header = "sewerworks: users and roles"
