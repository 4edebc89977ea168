from django.apps import AppConfig


class CoreConfig(AppConfig):
    """Users, roles, audit, background jobs, Board resolutions and the ordinance browser."""

    name = "sewerworks.core"
    label = "core"
    verbose_name = "Core"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.db.models.signals import post_migrate

        from sewerworks.core.signals import ensure_role_groups

        post_migrate.connect(ensure_role_groups, sender=self)
