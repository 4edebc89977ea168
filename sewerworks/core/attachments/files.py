"""Attachments: files people upload (evidence photographs, reports, plans), checked by their content.

- **Type from content.** A file's type is judged by its first bytes (its "magic"), never by its name or
  the browser's claim: an executable renamed ``photo.jpg`` is refused, and a PDF named ``poly.html`` is
  stored as ``.pdf``. Each use names the kinds it accepts (:data:`JPEG`, :data:`PNG`, :data:`PDF`; evidence
  takes all three) and is held to ``settings.SEWERWORKS_MAX_UPLOAD_BYTES`` unless it sets its own limit.
- **A stored name of our own.** :func:`stored_name` is a folder chosen by the program, a random name and
  the extension of the sniffed type: nothing of the uploaded name reaches the disk.
- **Served only through a permission check.** Nothing serves ``MEDIA_URL`` (no static route, and the
  web server must not either: ``docs/operations.md``). Each program registers the records that own files
  (:func:`register_attachment_owner`: the model, its file field, the permission that may read the record);
  ``/files/<kind>/<pk>/`` (:func:`sewerworks.core.attachments.views.attachment_download`) checks it and sends the
  file as a download, with the sniffed type and ``X-Content-Type-Options: nosniff``.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.urls import reverse

from sewerworks.core.text import without_nul

__all__ = [
    "JPEG",
    "PDF",
    "PNG",
    "AttachmentOwner",
    "CheckedFile",
    "FileKind",
    "attachment_owner",
    "attachment_url",
    "check_upload",
    "register_attachment_owner",
    "sniff",
    "stored_name",
]

HEAD_BYTES = 16  # enough for every magic below


@dataclass(frozen=True)
class FileKind:
    """A kind of file we accept: how its content begins, its content type, extension and everyday name."""

    content_type: str
    extension: str
    label: str
    magic: tuple[bytes, ...]

    def matches(self, head: bytes) -> bool:
        return any(head.startswith(m) for m in self.magic)


JPEG = FileKind("image/jpeg", ".jpg", "JPEG photograph", (b"\xff\xd8\xff",))
PNG = FileKind("image/png", ".png", "PNG image", (b"\x89PNG\r\n\x1a\n",))
PDF = FileKind("application/pdf", ".pdf", "PDF document", (b"%PDF-",))
KINDS: tuple[FileKind, ...] = (JPEG, PNG, PDF)


def sniff(head: bytes, allowed: Iterable[FileKind] = KINDS) -> FileKind | None:
    """The kind of file the first bytes show, among ``allowed``; None if it is none of them."""
    return next((kind for kind in allowed if kind.matches(head)), None)


def _megabytes(n: int) -> str:
    """ "12.5 MB", or "17 bytes" below a megabyte (a limit of 0.0 MB would say nothing)."""
    return f"{n / (1024 * 1024):.1f} MB" if n >= 1024 * 1024 else f"{n:,} bytes"


def _accepted(allowed: tuple[FileKind, ...]) -> str:
    labels = [k.label for k in allowed]
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " or " + labels[-1]


@dataclass(frozen=True)
class CheckedFile:
    """An upload that passed: its kind (by content), its size and the name it was given (for display only)."""

    kind: FileKind
    size: int
    given_name: str

    @property
    def content_type(self) -> str:
        return self.kind.content_type


def check_upload(
    file: Any,
    *,
    allowed: Iterable[FileKind],
    use: str,
    field: str = "file",
    max_bytes: int | None = None,
) -> CheckedFile:
    """Check an uploaded file's size and real type for ``use`` ("evidence"); ValidationError names ``field``.

    The file is left at its start, ready to be saved.
    """
    allowed = tuple(allowed)
    name = without_nul(str(getattr(file, "name", "") or "upload"))[-200:]
    size = getattr(file, "size", None)
    if size is None:  # a plain file object (a CLI or a test): measure it
        size = file.seek(0, 2)
    size = int(size or 0)
    limit = int(max_bytes if max_bytes is not None else settings.SEWERWORKS_MAX_UPLOAD_BYTES)
    if size == 0:
        raise ValidationError({field: f"{name} is empty."})
    if size > limit:
        raise ValidationError({field: f"{name} is {_megabytes(size)}; {use} files may be at most {_megabytes(limit)}."})
    file.seek(0)
    head = file.read(HEAD_BYTES)
    file.seek(0)
    kind = sniff(head, allowed)
    if kind is None:
        raise ValidationError(
            {
                field: f"{name} is not a {_accepted(allowed)} (judged by its content, not its name); "
                f"other kinds of file are not accepted as {use}."
            }
        )
    return CheckedFile(kind=kind, size=size, given_name=name)


def stored_name(folder: str, content_type: str) -> str:
    """``folder/<32 random hex digits><extension of content_type>``: no part of it comes from the uploader.

    ``folder`` is the program's own ("evidence/12"); an unknown content type is stored with no extension.
    """
    extension = next((k.extension for k in KINDS if k.content_type == content_type), "")
    return f"{folder.strip('/')}/{secrets.token_hex(16)}{extension}"


# --- who owns files, and who may read them -------------------------------------------------------------


@dataclass(frozen=True)
class AttachmentOwner:
    """A model whose records hold a file, and the permission that lets a user read one of them.

    ``kind`` is the URL's name for it (``/files/evidence/7/``); ``model`` a label ("enforcement.Evidence");
    ``permission`` is asked with the record (``user.has_perm(permission, record)``), so a rule may look at
    the record; ``download_name`` names the file the browser saves (default ``<kind>-<pk><extension>``).
    """

    kind: str
    model: str
    field: str
    permission: str
    download_name: Callable[[Any, FileKind | None], str] | None = None


_OWNERS: dict[str, AttachmentOwner] = {}


def register_attachment_owner(
    kind: str,
    *,
    model: str,
    permission: str,
    field: str = "file",
    download_name: Callable[[Any, FileKind | None], str] | None = None,
) -> AttachmentOwner:
    """Declare that ``model``'s ``field`` holds attachments served at ``/files/<kind>/<pk>/`` to ``permission``.

    Called once per kind from the owning app's ``attachments.py`` (imported when the app is ready); a second
    registration of a kind for another model is a programming error.
    """
    owner = AttachmentOwner(kind=kind, model=model, field=field, permission=permission, download_name=download_name)
    existing = _OWNERS.get(kind)
    if existing is not None and (existing.model, existing.field) != (model, field):
        raise ValueError(f"Attachment kind {kind!r} is already registered for {existing.model}.{existing.field}.")
    _OWNERS[kind] = owner
    return owner


def attachment_owner(kind: str) -> AttachmentOwner | None:
    return _OWNERS.get(kind)


def attachment_url(kind: str, pk: int) -> str:
    """Where a user downloads the file of record ``pk`` of ``kind`` (after the permission check)."""
    return reverse("core:attachment", args=[kind, pk])
