"""Evidence of a violation: photographs (JPEG, PNG) and PDF documents, checked by their content.

The checks are core's (:mod:`sewerworks.core.attachments.files`): the type is judged by the file's first
bytes, never by its name or the browser's claim, so an executable renamed ``photo.jpg`` is refused; the
size limit is ``settings.SEWERWORKS_MAX_UPLOAD_BYTES``. The file is stored under a random name with the
extension of its real type (:func:`sewerworks.enforcement.models.violations.evidence_path`) and read
back only through ``/files/evidence/<pk>/`` by a user who may view enforcement records.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from sewerworks.core.access.permissions import require
from sewerworks.core.attachments.files import JPEG, PDF, PNG, check_upload
from sewerworks.enforcement.models import Evidence, Violation

__all__ = ["EVIDENCE_KINDS", "do_add_evidence"]

EVIDENCE_KINDS = (JPEG, PNG, PDF)


def do_add_evidence(violation: Violation, *, file: Any, description: str = "", acting_user: Any) -> Evidence:
    """Attach a photograph or PDF to the violation, after checking its size and real type.

    Without a description, the evidence is described by the name the file was uploaded under (shown,
    escaped, on the violation page; never used to store it).
    """
    require(acting_user, "enforcement.add_evidence", "add evidence to a violation")
    checked = check_upload(file, allowed=EVIDENCE_KINDS, use="evidence")
    evidence = Evidence(
        violation=violation,
        file=file,
        content_type=checked.content_type,
        size=checked.size,
        description=(description.strip() or checked.given_name)[:200],
        uploaded_by=acting_user,
    )
    with transaction.atomic():
        evidence._history_user = acting_user  # type: ignore[attr-defined]
        evidence.save()
    return evidence
