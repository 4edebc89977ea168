from django.apps import AppConfig


class PublicConfig(AppConfig):
    """Public accounts for owners: sign-in, parcels linked by a bill's access code, the owners' pages (issue 37)."""

    name = "sewerworks.public"
    label = "public"
    verbose_name = "Public side"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from importlib import import_module

        for module in ("rules", "signals", "paperless", "navigation", "parcel_page", "coverage", "demo"):
            import_module(f"sewerworks.public.{module}")
