"""Fill ``occurred_at`` of the rows written before it existed from the best date each row has (I-114)."""

from __future__ import annotations

from typing import Any

from django.db import migrations

from sewerworks.core.records.events import as_moment, fill_occurred_at


def fill(apps: Any, schema_editor: Any) -> None:
    fill_occurred_at(
        apps.get_model("enforcement", "HistoricalViolation"),
        created="discovered_on",
        on_status={"corrected": "corrected_on"},
    )
    fill_occurred_at(
        apps.get_model("enforcement", "HistoricalDeadline"), on_status={"met": "met_on", "overdue": "overdue_since"}
    )
    decisions = apps.get_model("core", "StoredDecision").objects
    history = apps.get_model("enforcement", "HistoricalDeadline").objects
    for row in history.filter(history_type="+", decision_id__isnull=False).iterator():
        as_of = decisions.filter(pk=row.decision_id).values_list("as_of", flat=True).first()
        if as_of is not None:
            history.filter(pk=row.pk).update(occurred_at=as_moment(as_of))
    changes = apps.get_model("enforcement", "StatusChange").objects.select_related("violation")
    for change in changes.iterator():
        v = change.violation
        day = {"open": v.discovered_on, "corrected": v.corrected_on}.get(change.to_status)
        at = as_moment(day) if day else max(change.at, as_moment(v.discovered_on))
        changes.filter(pk=change.pk).update(occurred_at=at)


class Migration(migrations.Migration):
    dependencies = [("enforcement", "0008_event_dates")]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]
