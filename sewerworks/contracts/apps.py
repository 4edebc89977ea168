from django.apps import AppConfig


class ContractsConfig(AppConfig):
    """Contract users: every parcel outside the improvement areas screened for §118-29.1 eligibility, and the
    agreements the Town Board approves (legal fees and assessment share charged, the account billed as inside)."""

    name = "sewerworks.contracts"
    label = "contracts"
    verbose_name = "Contract users"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from importlib import import_module

        for module in ("rules", "dashboard", "demo", "parcel_page", "navigation", "signals", "coverage", "charges"):
            try:
                import_module(f"sewerworks.contracts.{module}")
            except ModuleNotFoundError as exc:
                if exc.name != f"sewerworks.contracts.{module}":
                    raise
