from django.apps import AppConfig


class InspectionsConfig(AppConfig):
    """Inspections in the field, for every program that registers a subject (§§118-24..28 first)."""

    name = "sewerworks.inspections"
    label = "inspections"
    verbose_name = "Inspections"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from importlib import import_module

        for module in ("rules", "attachments", "navigation", "parcel_page"):
            import_module(f"sewerworks.inspections.{module}")
