"""The enforcement records that hold files, for core's permission-checked download view.

Evidence (photographs, reports) is read by whoever may view enforcement records (every role; a user
with no role is refused), at ``/files/evidence/<pk>/``.
"""

from __future__ import annotations

from typing import Any

from sewerworks.core.attachments.files import FileKind, register_attachment_owner


def _evidence_name(evidence: Any, kind: FileKind | None) -> str:
    return f"violation-{evidence.violation_id}-evidence-{evidence.pk}{kind.extension if kind else ''}"


register_attachment_owner(
    "evidence",
    model="enforcement.Evidence",
    field="file",
    permission="enforcement.view_enforcement",
    download_name=_evidence_name,
)
