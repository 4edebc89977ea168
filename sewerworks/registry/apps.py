from django.apps import AppConfig


class RegistryConfig(AppConfig):
    """The department's record of who and what is on the sewer."""

    name = "sewerworks.registry"
    label = "registry"
    verbose_name = "Registry"
    default_auto_field = "django.db.models.BigAutoField"
