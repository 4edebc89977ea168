from django.apps import AppConfig


class GreaseConfig(AppConfig):
    """Food service establishments, their grease interceptors, inspections, haulers and pump-outs (§118-38)."""

    name = "sewerworks.grease"
    label = "grease"
    verbose_name = "Grease program"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from importlib import import_module

        for module in (
            "rules", "dashboard", "demo", "parcel_page", "navigation", "attachments", "duties", "steps", "imports",
            "coverage", "inspection_listing",
        ):  # fmt: skip
            try:
                import_module(f"sewerworks.grease.{module}")
            except ModuleNotFoundError as exc:
                if exc.name != f"sewerworks.grease.{module}":
                    raise
