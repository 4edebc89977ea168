"""Photographs of inspections, served only to who may read inspections (``/files/inspection-photo/<pk>/``)."""

from __future__ import annotations

from typing import Any

from sewerworks.core.attachments.files import FileKind, register_attachment_owner


def _photo_name(photo: Any, kind: FileKind | None) -> str:
    return f"inspection-{photo.inspection_id}-photo-{photo.pk}{kind.extension if kind else ''}"


register_attachment_owner(
    "inspection-photo",
    model="inspections.InspectionPhoto",
    permission="inspections.view_inspections",
    download_name=_photo_name,
)
