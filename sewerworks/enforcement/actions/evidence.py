"""Evidence of a violation: photographs (JPEG, PNG) and PDF documents, checked by their content.

The type is judged by the file's first bytes, never by its name or the browser's claim, so an
executable renamed ``photo.jpg`` is refused; the size limit is ``settings.SEWERWORKS_MAX_UPLOAD_BYTES``.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction

from sewerworks.enforcement.actions.common import require
from sewerworks.enforcement.models import Evidence, Violation

__all__ = ["ALLOWED", "do_add_evidence", "sniff_type"]

# magic bytes -> (content type, what a person calls it)
ALLOWED: tuple[tuple[bytes, str, str], ...] = (
    (b"\xff\xd8\xff", "image/jpeg", "JPEG photograph"),
    (b"\x89PNG\r\n\x1a\n", "image/png", "PNG image"),
    (b"%PDF-", "application/pdf", "PDF document"),
)


def sniff_type(head: bytes) -> str | None:
    """The content type the first bytes of a file show, or None if not an accepted kind."""
    for magic, content_type, _label in ALLOWED:
        if head.startswith(magic):
            return content_type
    return None


def _megabytes(n: int) -> str:
    return f"{n / (1024 * 1024):.1f} MB"


def do_add_evidence(violation: Violation, *, file: Any, description: str = "", acting_user: Any) -> Evidence:
    """Attach a photograph or PDF to the violation, after checking its size and real type."""
    require(acting_user, "enforcement.add_evidence", "add evidence to a violation")
    name = getattr(file, "name", "") or "upload"
    size = int(getattr(file, "size", 0) or 0)
    limit = int(settings.SEWERWORKS_MAX_UPLOAD_BYTES)
    if size == 0:
        raise ValidationError({"file": f"{name} is empty."})
    if size > limit:
        raise ValidationError(
            {"file": f"{name} is {_megabytes(size)}; evidence files may be at most {_megabytes(limit)}."}
        )
    file.seek(0)
    head = file.read(16)
    file.seek(0)
    content_type = sniff_type(head)
    if content_type is None:
        raise ValidationError(
            {
                "file": f"{name} is not a JPEG or PNG photograph or a PDF document (judged by its content, "
                "not its name); other kinds of file are not accepted as evidence."
            }
        )
    evidence = Evidence(
        violation=violation,
        file=file,
        content_type=content_type,
        size=size,
        description=description.strip()[:200],
        uploaded_by=acting_user,
    )
    with transaction.atomic():
        evidence._history_user = acting_user  # type: ignore[attr-defined]
        evidence.save()
    return evidence
