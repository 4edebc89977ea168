"""What every import's upload form checks first: the file's name, size and that it is not empty."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.core.files.uploadedfile import UploadedFile

from sewerworks.core.text import has_nul


def megabytes(n: int) -> str:
    return f"{n / (1024 * 1024):.1f} MB"


def read_upload(upload: UploadedFile, extensions: tuple[str, ...], what: str) -> bytes:
    """The uploaded bytes, or a ValidationError naming the file and the rule (type, size, empty)."""
    name = upload.name or ""
    limit = settings.SEWERWORKS_MAX_UPLOAD_BYTES
    if not name.lower().endswith(extensions):
        raise forms.ValidationError(f"{name} is not {what}: the file name must end in {' or '.join(extensions)}.")
    if upload.size is not None and upload.size > limit:
        raise forms.ValidationError(
            f"{name} is {megabytes(upload.size)}; the largest file accepted is {megabytes(limit)}."
        )
    data: bytes = upload.read(limit + 1)
    if len(data) > limit:
        raise forms.ValidationError(f"{name} is larger than {megabytes(limit)}, the largest file accepted.")
    if not data.strip():
        raise forms.ValidationError(f"{name} is empty.")
    return data


def decode_csv_upload(upload: UploadedFile, data: bytes, what: str = "the file") -> str:
    """The CSV as text (UTF-8, with or without a byte-order mark), or a ValidationError saying how to save it."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise forms.ValidationError(
            f"{upload.name} is not UTF-8 text (byte {exc.start} cannot be read): save {what} as "
            "'CSV UTF-8' and upload it again."
        ) from exc
    if has_nul(text):
        raise forms.ValidationError(f"{upload.name} is not a CSV text file (it contains binary data).")
    return text
