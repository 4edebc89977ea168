"""The substring search index: FTS5 trigram tables and their triggers on SQLite, the pg_trgm extension and
GIN trigram indexes on PostgreSQL (sewerworks/registry/search_backends)."""

from django.db import migrations


def install(apps, schema_editor):  # type: ignore[no-untyped-def]
    from sewerworks.registry.search_backends import backend

    backend(schema_editor.connection).install()


def uninstall(apps, schema_editor):  # type: ignore[no-untyped-def]
    from sewerworks.registry.search_backends import backend

    backend(schema_editor.connection).uninstall()


class Migration(migrations.Migration):
    dependencies = [("registry", "0009_fill_event_dates")]

    operations = [migrations.RunPython(install, uninstall)]
