from django.apps import AppConfig


class PretreatmentConfig(AppConfig):
    """Industrial users and what they discharge (§§118-2, 3, 28, 37, 39-43, 45)."""

    name = "sewerworks.pretreatment"
    label = "pretreatment"
    verbose_name = "Industrial pretreatment"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from importlib import import_module

        for module in ("rules", "dashboard", "demo", "navigation", "imports", "coverage", "inspection_listing"):
            try:
                import_module(f"sewerworks.pretreatment.{module}")
            except ModuleNotFoundError as exc:
                if exc.name != f"sewerworks.pretreatment.{module}":
                    raise
