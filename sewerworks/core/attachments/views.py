"""``/files/<kind>/<pk>/``: the one way an uploaded file leaves the server, after a permission check.

The record the file belongs to is looked up through the attachment owners the apps registered
(:mod:`sewerworks.core.attachments.files`); the user must hold the owner's permission on that record. The file
goes out as a download (``Content-Disposition: attachment``), typed by its content as sniffed now (never
by its stored name), with ``nosniff`` and a sandboxing Content-Security-Policy, so a file that is
something else than it claims cannot run as a page of this site.
"""

from __future__ import annotations

from django.apps import apps
from django.http import FileResponse, Http404, HttpRequest
from django.shortcuts import get_object_or_404

from sewerworks.core.access.permissions import require
from sewerworks.core.attachments.files import HEAD_BYTES, attachment_owner, sniff

FALLBACK_TYPE = "application/octet-stream"


def attachment_download(request: HttpRequest, kind: str, pk: int) -> FileResponse:
    """Send the file of record ``pk`` of ``kind`` to a user allowed to read that record (403 otherwise)."""
    require(request.user, "core.view_site", "read the department's files")  # before saying what kinds exist
    owner = attachment_owner(kind)
    if owner is None:
        raise Http404(f"No kind of attachment named {kind}.")
    require(request.user, owner.permission, f"read {kind} files")
    record = get_object_or_404(apps.get_model(owner.model), pk=pk)
    require(request.user, owner.permission, f"read this {kind} file", record)
    stored = getattr(record, owner.field)
    if not stored:
        raise Http404(f"This {kind} record has no file.")
    try:
        handle = stored.open("rb")
    except FileNotFoundError as exc:
        raise Http404(f"The file of this {kind} record is missing from storage.") from exc
    head = handle.read(HEAD_BYTES)
    handle.seek(0)
    file_kind = sniff(head)
    content_type = file_kind.content_type if file_kind else FALLBACK_TYPE
    if owner.download_name is not None:
        filename = owner.download_name(record, file_kind)
    else:
        filename = f"{kind}-{record.pk}{file_kind.extension if file_kind else ''}"
    response = FileResponse(handle, as_attachment=True, filename=filename, content_type=content_type)
    response["X-Content-Type-Options"] = "nosniff"
    response["Content-Security-Policy"] = "default-src 'none'; sandbox"
    response["Cache-Control"] = "private, no-store"
    return response
