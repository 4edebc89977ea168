"""What every pretreatment action shares: saving a record with its history row."""

from __future__ import annotations

from typing import Any


def save(record: Any, acting_user: Any, why: str) -> Any:
    """Validate and save ``record``; its simple-history row names the user and the reason."""
    record.full_clean()
    record._history_user = acting_user
    record._change_reason = why[:100]
    record.save()
    return record
