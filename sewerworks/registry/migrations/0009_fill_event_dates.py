"""Fill ``occurred_at`` of the rows written before it existed from the best date each row has (I-114)."""

from __future__ import annotations

from typing import Any

from django.db import migrations

from sewerworks.core.records.events import as_moment, fill_occurred_at


def fill(apps: Any, schema_editor: Any) -> None:
    fill_occurred_at(
        apps.get_model("registry", "HistoricalConnection"),
        on_status={"notified": "notified_on", "connected": "connected_on"},
    )


class Migration(migrations.Migration):
    dependencies = [("registry", "0008_event_dates")]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]
