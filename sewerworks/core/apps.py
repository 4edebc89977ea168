from django.apps import AppConfig


class CoreConfig(AppConfig):
    """Users, roles, audit, background jobs, Board resolutions and the ordinance browser."""

    name = "sewerworks.core"
    label = "core"
    verbose_name = "Core"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.db.models.signals import post_migrate

        from sewerworks.core.access.groups import ensure_role_groups
        from sewerworks.core.records import events  # noqa: F401 - dates history rows by their event (I-114)
        from sewerworks.core.web import checks  # noqa: F401 - registers the checks of `check --deploy`

        post_migrate.connect(ensure_role_groups, sender=self)

        from sewerworks.core.records import generation

        generation.connect()  # every committed write moves its table's generation on (the dashboard's panels)

        from django.contrib.auth.models import update_last_login
        from django.contrib.auth.signals import user_logged_in

        from sewerworks.core.access.groups import record_last_login

        # A login records its time without ever waiting behind an import (core.records.quickwrite).
        user_logged_in.disconnect(update_last_login, dispatch_uid="update_last_login")
        user_logged_in.connect(record_last_login, dispatch_uid="sewerworks_record_last_login")

        from django.contrib.auth.signals import user_logged_out, user_login_failed

        from sewerworks.core.access import authentication

        # Logins, failures and lockouts are lines of the audit trail (core.access.authentication).
        user_logged_in.connect(authentication.on_logged_in, dispatch_uid="sewerworks_audit_login")
        user_logged_out.connect(authentication.on_logged_out, dispatch_uid="sewerworks_audit_logout")
        user_login_failed.connect(authentication.on_login_failed, dispatch_uid="sewerworks_audit_login_failed")
