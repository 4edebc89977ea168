"""The Town's documents, whatever the program: typeset with no network, on the Town's letterhead.

A document may read ``data:`` URLs and the package's own static files; it never opens a connection and
never embeds another file of the server (its settings, its database, an uploaded attachment).
"""

from __future__ import annotations

import datetime as dt
import io
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from sewerworks.core.documents.render import PACKAGE_ROOT, RefusedURL, render_document, url_fetcher
from sewerworks.core.documents.responses import pdf_response
from sewerworks.core.documents.town import town
from sewerworks.core.documents.wording import money, spoken_day

STATIC_CSS = PACKAGE_ROOT / "core" / "static" / "core" / "sewerworks.css"


def text(document: Any) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(document.write_pdf())).pages)


@pytest.mark.parametrize(
    "url",
    ["http://example.com/logo.png", "https://fonts.example.com/serif.woff2", "ftp://example.com/x", "//example.com/x"],
)
def test_the_fetcher_refuses_the_network(url: str) -> None:
    with pytest.raises(RefusedURL, match="network"):
        url_fetcher(url)


@pytest.mark.parametrize(
    "path",
    [
        Path("/etc/passwd"),
        PACKAGE_ROOT / "settings.py",  # inside the package, outside static
        PACKAGE_ROOT / "core" / "static" / ".." / "documents" / "render.py",  # climbing out of static
    ],
)
def test_the_fetcher_refuses_files_outside_the_static_folders(path: Path) -> None:
    with pytest.raises(RefusedURL, match="static files inside sewerworks"):
        url_fetcher(path.absolute().as_uri())


def test_the_fetcher_reads_data_urls_and_static_files() -> None:
    assert url_fetcher("data:text/plain,ok").read() == b"ok"
    assert b"{" in url_fetcher(STATIC_CSS.as_uri()).read()


def test_a_minimal_document_prints_on_the_letterhead_and_reads_back(settings: Any) -> None:
    settings.SEWERWORKS_TOWN = {"phone": "(845) 555-0100"}
    document = render_document("core/documents/base.html", {"town": town(), "number": "DOC-1", "title": "Letter"})
    printed = text(document)
    assert "TOWN OF MARLBOROUGH" in printed and "Sewer Department" in printed
    assert "(845) 555-0100" in printed and "Page 1 of 1" in printed


def test_dates_and_money_are_printed_as_a_letter_writes_them() -> None:
    assert spoken_day(dt.date(2026, 6, 30)) == "Tuesday, June 30, 2026"
    assert money("1250") == "$1,250.00" and money(0) == "$0.00"


@pytest.mark.parametrize(
    ("given", "sent"),
    [
        ("NTC-2026-0001.pdf", "NTC-2026-0001.pdf"),
        ('a"; filename="evil.html', "a-filename-evil.html"),
        ("../../etc/passwd", "passwd"),
        ("line\r\nSet-Cookie: x=1.pdf", "line-Set-Cookie-x-1.pdf"),
        ("", "document.pdf"),
    ],
)
def test_a_pdf_response_names_its_file_safely(given: str, sent: str) -> None:
    response = pdf_response(b"%PDF-1.7", given)
    assert response["Content-Disposition"] == f'inline; filename="{sent}"'
    assert response["Content-Type"] == "application/pdf" and response["X-Content-Type-Options"] == "nosniff"
    assert pdf_response(b"%PDF-1.7", given, inline=False)["Content-Disposition"].startswith("attachment;")
