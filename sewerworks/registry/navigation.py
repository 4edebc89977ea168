"""What the registry adds to the navigation and the header's search box (registered at start-up)."""

from __future__ import annotations

from sewerworks.core.navigation import NavEntry, SearchBox, register_nav, register_search

register_nav(NavEntry("Registry", "registry:parcel_list", "registry.view_registry", order=10))
register_search(SearchBox("registry:search", "registry.view_parcel"))
