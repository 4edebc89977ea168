from django.apps import AppConfig


class PermitsConfig(AppConfig):
    """Building sewer, opening and private-system permits, and the reuse of old building sewers (§§118-7..18)."""

    name = "sewerworks.permits"
    label = "permits"
    verbose_name = "Permits"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from importlib import import_module

        for module in (
            "rules",
            "dashboard",
            "demo",
            "demo_inspections",
            "parcel_page",
            "navigation",
            "attachments",
            "coverage",
            "charges",
            "inspections.subject",
        ):
            try:
                import_module(f"sewerworks.permits.{module}")
            except ModuleNotFoundError as exc:
                if exc.name != f"sewerworks.permits.{module}":
                    raise
