from django.apps import AppConfig


class RegistryConfig(AppConfig):
    """The department's record of who and what is on the sewer."""

    name = "sewerworks.registry"
    label = "registry"
    verbose_name = "Registry"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from sewerworks.registry import coverage, dashboard, navigation, timeline  # noqa: F401  (panel, nav, timeline, coverage)
        from sewerworks.registry.imports import kinds  # noqa: F401  (register the roll and polygon import kinds)

        try:
            from sewerworks.registry import demo  # noqa: F401  (registers the demo district builder)
        except ImportError:
            pass
