"""Apps plug in; nobody names them.

Each app registers, from its ``AppConfig.ready()``, the navigation entries it offers (label, URL name,
permission, order) and the buttons it adds to another app's record pages (for instance enforcement's
"Issue a Notice to Connect" on the registry's parcel page). Core keeps the lists and filters them by the
user's permissions; it never names a URL of an app above it, and the registry's templates never name
enforcement's URLs. An entry whose URL does not reverse (its app not installed) is left out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.urls import NoReverseMatch, reverse


@dataclass(frozen=True)
class NavEntry:
    """One entry of the main navigation, shown to a user holding ``permission``."""

    label: str
    url_name: str
    permission: str
    order: int = 100


@dataclass(frozen=True)
class RecordAction:
    """A button an app adds to a record page (``target`` is the record's ``app_label.model_name``).

    The URL is reversed with the record's primary key; ``query`` is appended as is. The button is shown
    to a user holding any of ``permissions``. ``warning``, given the record, says why the action may be
    wrong for it ('' when it is not): the page shows it beside the button.
    """

    target: str
    label: str
    url_name: str
    permissions: tuple[str, ...]
    order: int = 100
    query: str = ""
    style: str = "btn-outline-primary"
    warning: Callable[[Any], str] | None = None


@dataclass(frozen=True)
class SearchBox:
    """The search box of the header: a URL name taking ``?q=`` and the permission to use it."""

    url_name: str
    permission: str


_NAV: list[NavEntry] = []
_ACTIONS: list[RecordAction] = []
_SEARCH: list[SearchBox] = []


def register_nav(*entries: NavEntry) -> None:
    for entry in entries:
        if all(e.url_name != entry.url_name for e in _NAV):
            _NAV.append(entry)
    _NAV_BY_ROLES.clear()


def register_record_action(*actions: RecordAction) -> None:
    for action in actions:
        if all((a.target, a.label) != (action.target, action.label) for a in _ACTIONS):
            _ACTIONS.append(action)


def register_search(box: SearchBox) -> None:
    if box not in _SEARCH:
        _SEARCH.append(box)


def _reverse(name: str, *args: Any) -> str | None:
    try:
        return reverse(name, args=args)
    except NoReverseMatch:
        return None


def nav_entries() -> list[NavEntry]:
    return sorted(_NAV, key=lambda e: (e.order, e.label))


# What a set of roles may see of the navigation, worked out once per process for each set of roles met:
# every permission here is a `rules` rule on the user's roles (core/access/roles.py; the password backend grants
# none of its own), so two users holding the same roles see the same entries. A page asked 17 permissions
# on every request for it (issue 19).
_NAV_BY_ROLES: dict[frozenset[str], tuple[tuple[str, str], ...]] = {}


def _nav_allowed(user: Any) -> tuple[tuple[str, str], ...]:
    from sewerworks.core.access.roles import user_roles

    roles = user_roles(user)
    allowed = _NAV_BY_ROLES.get(roles)
    if allowed is None:
        allowed = tuple(
            (entry.label, url)
            for entry in nav_entries()
            if (url := _reverse(entry.url_name)) is not None and user.has_perm(entry.permission)
        )
        if len(_NAV_BY_ROLES) < 256:  # a handful of role sets in a town; never unbounded
            _NAV_BY_ROLES[roles] = allowed
    return allowed


def nav_for(user: Any, path: str) -> list[dict[str, Any]]:
    """The navigation ``user`` may see, with the entry for ``path`` marked active."""
    items: list[dict[str, Any]] = [{"label": label, "url": url, "active": False} for label, url in _nav_allowed(user)]
    # The one entry whose address is the longest start of the path is current (Billing's /billing/ and
    # its Counter's /billing/counter/ are not both current on the counter).
    matches = [i for i in items if path == i["url"] or (i["url"] != "/" and path.startswith(i["url"]))]
    if matches:
        max(matches, key=lambda i: len(i["url"]))["active"] = True
    return items


def search_url_for(user: Any) -> str:
    for box in _SEARCH:
        url = _reverse(box.url_name)
        if url is not None and user.has_perm(box.permission):
            return url
    return ""


def record_actions() -> list[RecordAction]:
    return sorted(_ACTIONS, key=lambda a: (a.target, a.order, a.label))


def actions_for(user: Any, record: Any) -> list[dict[str, str]]:
    """The buttons other apps offer on ``record``'s page that ``user`` may use: label, url, style, warning."""
    target = f"{record._meta.app_label}.{record._meta.model_name}"
    out = []
    for action in record_actions():
        if action.target != target or not any(user.has_perm(p) for p in action.permissions):
            continue
        url = _reverse(action.url_name, record.pk)
        if url is not None:
            warning = action.warning(record) if action.warning else ""
            style = "btn-outline-secondary" if warning else action.style
            out.append({"label": action.label, "url": url + action.query, "style": style, "warning": warning})
    return out


register_nav(
    NavEntry("Dashboard", "core:dashboard", "core.view_site", order=0),
    NavEntry("Ordinance", "core:ordinance_index", "core.view_site", order=900),
    NavEntry("Resolutions", "core:resolution_list", "core.view_resolution", order=910),
    NavEntry("Determinations", "core:determination_list", "core.run_determination", order=920),
    NavEntry("Jobs", "core:job_list", "core.view_job", order=930),
)
