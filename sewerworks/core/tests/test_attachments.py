"""Attachments are judged by their content and stored under names of our own (core's part, no program)."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import get_resolver

from sewerworks.core.attachments.files import (
    JPEG,
    PDF,
    PNG,
    check_upload,
    register_attachment_owner,
    sniff,
    stored_name,
)


@pytest.mark.parametrize(
    ("head", "kind"),
    [
        (b"\xff\xd8\xff\xe0\x00\x10JFIF", JPEG),
        (b"\x89PNG\r\n\x1a\n\x00\x00", PNG),
        (b"%PDF-1.7\n", PDF),
        (b"%PDF", None),  # one byte short of the magic
        (b"MZ\x90\x00", None),  # a Windows executable
        (b"<html>", None),
        (b"", None),
    ],
)
def test_the_kind_of_a_file_is_read_from_its_first_bytes(head: bytes, kind: Any) -> None:
    assert sniff(head) == kind


def test_a_use_accepts_only_its_own_kinds(settings: Any) -> None:
    settings.SEWERWORKS_MAX_UPLOAD_BYTES = 1024
    pdf = SimpleUploadedFile("plan.png", b"%PDF-1.4\n...")
    assert check_upload(pdf, allowed=(JPEG, PNG, PDF), use="evidence").kind == PDF
    with pytest.raises(ValidationError) as refused:
        check_upload(pdf, allowed=(JPEG, PNG), use="photographs", field="photo")
    assert refused.value.message_dict == {
        "photo": [
            "plan.png is not a JPEG photograph or PNG image (judged by its content, not its name); "
            "other kinds of file are not accepted as photographs."
        ]
    }


def test_the_size_limit_is_inclusive_and_an_empty_file_is_refused(settings: Any) -> None:
    settings.SEWERWORKS_MAX_UPLOAD_BYTES = 16
    at = SimpleUploadedFile("a.pdf", b"%PDF-" + b"0" * 11)
    assert check_upload(at, allowed=(PDF,), use="evidence").size == 16
    with pytest.raises(ValidationError, match="b.pdf is 17 bytes; evidence files may be at most 16 bytes"):
        check_upload(SimpleUploadedFile("b.pdf", b"%PDF-" + b"0" * 12), allowed=(PDF,), use="evidence")
    with pytest.raises(ValidationError, match="is empty"):
        check_upload(SimpleUploadedFile("c.pdf", b""), allowed=(PDF,), use="evidence")
    assert check_upload(at, allowed=(PDF,), use="plans", max_bytes=16).size == 16


def test_a_plain_file_object_is_measured(settings: Any) -> None:
    settings.SEWERWORKS_MAX_UPLOAD_BYTES = 8
    with pytest.raises(ValidationError, match="upload is 17 bytes; evidence files may be at most 8 bytes"):
        check_upload(io.BytesIO(b"%PDF-1.7 and more"), allowed=(PDF,), use="evidence")
    assert check_upload(io.BytesIO(b"%PDF-1.7"), allowed=(PDF,), use="evidence").size == 8


def test_a_checked_file_is_left_at_its_start() -> None:
    upload = SimpleUploadedFile("a.png", b"\x89PNG\r\n\x1a\n" + b"1" * 20)
    check_upload(upload, allowed=(PNG,), use="evidence")
    assert upload.read(4) == b"\x89PNG"


def test_the_stored_name_takes_nothing_from_the_uploader() -> None:
    first, second = stored_name("evidence/7", "application/pdf"), stored_name("evidence/7/", "application/pdf")
    assert first.startswith("evidence/7/") and first.endswith(".pdf") and first != second
    assert len(first.rsplit("/", 1)[1]) == 32 + 4
    assert stored_name("evidence/7", "text/html").rsplit("/", 1)[1].isalnum()  # unknown type: no extension


def test_one_kind_of_attachment_belongs_to_one_model(monkeypatch: Any) -> None:
    from sewerworks.core.attachments import files as attachments

    monkeypatch.setattr(attachments, "_OWNERS", dict(attachments._OWNERS))
    register_attachment_owner("test-plans", model="core.Job", field="file", permission="core.view_job")
    register_attachment_owner("test-plans", model="core.Job", field="file", permission="core.view_job")
    with pytest.raises(ValueError, match="already registered"):
        register_attachment_owner("test-plans", model="core.AuditEvent", field="file", permission="core.view_job")


def test_no_url_serves_the_media_folder() -> None:
    def patterns(resolver: Any, prefix: str = "") -> list[str]:
        found = []
        for p in resolver.url_patterns:
            found.append(prefix + str(p.pattern))
            if hasattr(p, "url_patterns"):
                found.extend(patterns(p, prefix + str(p.pattern)))
        return found

    assert not [p for p in patterns(get_resolver()) if p.lstrip("^/").startswith("media")]
