"""Fill ``occurred_at`` of the rows written before it existed from the best date each row has (I-114)."""

from __future__ import annotations

from typing import Any

from django.db import migrations, models


def fill(apps: Any, schema_editor: Any) -> None:
    changes = apps.get_model("billing", "PeriodStatusChange").objects
    changes.filter(occurred_at__isnull=True).update(occurred_at=models.F("at"))


class Migration(migrations.Migration):
    dependencies = [("billing", "0006_event_dates")]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]
