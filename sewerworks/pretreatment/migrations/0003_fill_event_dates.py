"""Fill ``occurred_at`` of the rows written before it existed from the best date each row has (I-114)."""

from __future__ import annotations

from typing import Any

from django.db import migrations

from sewerworks.core.records.events import as_moment, fill_occurred_at


def fill(apps: Any, schema_editor: Any) -> None:
    fill_occurred_at(
        apps.get_model("pretreatment", "HistoricalEngineerReview"),
        created="opened_on",
        on_status={"approved": "decided_on", "preliminary_treatment": "decided_on", "surcharge": "decided_on"},
    )


class Migration(migrations.Migration):
    dependencies = [("pretreatment", "0002_event_dates")]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]
