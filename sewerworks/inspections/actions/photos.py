"""Photographs taken at an inspection: JPEG, PNG or PDF judged by content (``core.attachments``), checked all
before any is stored, so a result with one bad file writes nothing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from sewerworks.core.access.permissions import require
from sewerworks.core.attachments.files import JPEG, PDF, PNG, CheckedFile, check_upload, stored_name
from sewerworks.core.text import check_text
from sewerworks.inspections.models import Inspection, InspectionPhoto

__all__ = ["PHOTO_KINDS", "check_photos", "do_add_photo", "store_photos"]

PHOTO_KINDS = (JPEG, PNG, PDF)
MAX_PHOTOS = 20


def check_photos(files: Sequence[Any]) -> list[CheckedFile]:
    """Every file checked (size, real type) before any is stored; the error names the field ``photos``."""
    if len(files) > MAX_PHOTOS:
        raise ValidationError({"photos": f"At most {MAX_PHOTOS} photographs with one result."})
    return [check_upload(f, allowed=PHOTO_KINDS, use="inspection photographs", field="photos") for f in files]


def store_photos(
    inspection: Inspection, files: Sequence[Any], checked: Sequence[CheckedFile], *, caption: str, acting_user: Any
) -> list[InspectionPhoto]:
    saved = []
    for file, found in zip(files, checked, strict=True):
        photo = InspectionPhoto(
            inspection=inspection,
            content_type=found.content_type,
            size=found.size,
            given_name=found.given_name,
            caption=caption[:200],
            uploaded_by=acting_user,
        )
        photo.file.save(stored_name(f"inspections/{inspection.pk}", found.content_type), file, save=False)
        photo._history_user = acting_user  # type: ignore[attr-defined]
        photo._change_reason = "Photograph taken at the inspection"  # type: ignore[attr-defined]
        photo.save()
        saved.append(photo)
    return saved


def do_add_photo(inspection: Inspection, *, file: Any, acting_user: Any, caption: str = "") -> InspectionPhoto:
    """Add a photograph (or PDF) to an inspection after it was recorded."""
    require(acting_user, "inspections.add_photo", "add a photograph to an inspection")
    checked = check_photos([file])
    text = check_text("caption", caption, max_length=200).strip()
    with transaction.atomic():
        return store_photos(inspection, [file], checked, caption=text, acting_user=acting_user)[0]
