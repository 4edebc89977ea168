from django.apps import AppConfig


class EnforcementConfig(AppConfig):
    """Violations, notices, deadlines, fines and the mandatory-connection program."""

    name = "sewerworks.enforcement"
    label = "enforcement"
    verbose_name = "Enforcement"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from importlib import import_module

        modules = ("timeline", "dashboard", "coverage", "demo", "attachments", "duties", "steps", "connect_tasks")
        for module in (*modules, "navigation", "determination_facts", "charges"):
            try:
                import_module(f"sewerworks.enforcement.{module}")
            except ModuleNotFoundError as exc:
                if exc.name != f"sewerworks.enforcement.{module}":
                    raise
