"""Fill ``occurred_at`` of the rows written before it existed from the best date each row has (I-114)."""

from __future__ import annotations

from typing import Any

from django.db import migrations

from sewerworks.core.records.events import as_moment, fill_occurred_at


def fill(apps: Any, schema_editor: Any) -> None:
    fill_occurred_at(apps.get_model("engineering", "HistoricalExtensionProject"), created="opened_on")


class Migration(migrations.Migration):
    dependencies = [("engineering", "0002_event_dates")]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]
