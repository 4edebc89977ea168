"""What every permits action shares: saving with a history row naming who and why, and locking the permit."""

from __future__ import annotations

from typing import Any

from sewerworks.permits.models import Permit


def save(record: Any, acting_user: Any, why: str, **kwargs: Any) -> Any:
    record.full_clean()
    record._history_user = acting_user
    record._change_reason = why[:100]
    record.save(**kwargs)
    return record


def locked(permit: Permit) -> Permit:
    """The permit re-read under a row lock (inside the caller's transaction)."""
    return Permit.objects.select_for_update().get(pk=permit.pk)
