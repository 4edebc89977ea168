"""What the inspections actions share: saving with a history row, the audit line, the inspection locked."""

from __future__ import annotations

from typing import Any

from sewerworks.core.models import AuditEvent
from sewerworks.inspections.models import Inspection


def save(record: Any, acting_user: Any, why: str, **kwargs: Any) -> Any:
    record.full_clean()
    record._history_user = acting_user
    record._change_reason = why[:100]
    record.save(**kwargs)
    return record


def audit(acting_user: Any, action: str, inspection: Inspection, **detail: Any) -> None:
    AuditEvent.objects.create(
        actor=acting_user,
        action=action,
        subject=f"inspection {inspection.pk}"[:200],
        rows=1,
        detail={"kind": inspection.kind, **detail},
    )


def locked(inspection: Inspection) -> Inspection:
    return Inspection.objects.select_for_update().get(pk=inspection.pk)
