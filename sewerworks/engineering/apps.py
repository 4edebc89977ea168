from django.apps import AppConfig


class EngineeringConfig(AppConfig):
    """Sewer extensions: who builds them, their designs in revisions, the Town Engineer's review and the
    approvals (§118-29..33)."""

    name = "sewerworks.engineering"
    label = "engineering"
    verbose_name = "Engineering"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from importlib import import_module

        modules = ("rules", "charges", "attachments", "dashboard", "demo", "navigation", "imports", "coverage",
                   "parcel_page", "inspection_subject")
        for module in modules:
            try:
                import_module(f"sewerworks.engineering.{module}")
            except ModuleNotFoundError as exc:
                if exc.name != f"sewerworks.engineering.{module}":
                    raise
