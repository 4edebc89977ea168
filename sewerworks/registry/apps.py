from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _search_index(sender: Any, using: str = "default", **kwargs: Any) -> None:
    """Put the search index back if a migration dropped it (SQLite drops a table's triggers when it remakes
    the table); a no-op when it is in place."""
    from django.db import connections

    from sewerworks.registry.search_backends import install

    connection = connections[using]
    if connection.vendor != "sqlite":
        return  # PostgreSQL keeps its trigram indexes through any ALTER TABLE
    if {"registry_parcel", "registry_owner"} <= set(connection.introspection.table_names()):
        install(connection)


class RegistryConfig(AppConfig):
    """The department's record of who and what is on the sewer."""

    name = "sewerworks.registry"
    label = "registry"
    verbose_name = "Registry"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        post_migrate.connect(_search_index, sender=self, dispatch_uid="registry_search_index")
        from sewerworks.registry import coverage, dashboard, navigation, timeline  # noqa: F401  (panel, nav, timeline, coverage)
        from sewerworks.registry.imports import kinds  # noqa: F401  (register the roll and polygon import kinds)

        try:
            from sewerworks.registry import demo  # noqa: F401  (registers the demo district builder)
        except ImportError:
            pass
