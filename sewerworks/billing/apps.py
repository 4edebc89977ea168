from django.apps import AppConfig


class BillingConfig(AppConfig):
    """Billing periods, bills and their line items, the ledger, and strength records (§§118-49, 51, 52)."""

    name = "sewerworks.billing"
    label = "billing"
    verbose_name = "Billing"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from importlib import import_module

        for module in (
            "rules",
            "dashboard",
            "coverage",
            "demo.district",
            "demo.cash",
            "parcel_page",
            "timeline",
            "navigation",
            "imports.reads",
            "penalties.steps",
            "property.connection",
            "property.steps",
            "property.tap",
            "attachments",
            "cash.charges",
            "review.steps",
        ):
            try:
                import_module(f"sewerworks.billing.{module}")
            except ModuleNotFoundError as exc:
                if exc.name != f"sewerworks.billing.{module}":
                    raise
