"""The Town's written notices and fine statements as PDF (WeasyPrint), on the Town's letterhead.

Each document is a plain Django template under ``templates/enforcement/documents/`` (staff can read
and edit them, see ``docs/notices.md``), rendered to HTML and typeset by WeasyPrint. Rendering never
touches the network: the URL fetcher refuses everything but ``data:`` URLs and files inside the
sewerworks package, so a template that names an outside image or font prints without it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit
from urllib.request import url2pathname

from django.template.loader import render_to_string
from weasyprint import HTML, Document
from weasyprint.urls import URLFetcher, URLFetcherResponse

from sewerworks.enforcement.choices import NoticeKind
from sewerworks.enforcement.documents.context import TEMPLATES, notice_context
from sewerworks.enforcement.documents.statement import fine_statement_context
from sewerworks.enforcement.models import Notice, Violation

PACKAGE_ROOT = Path(__file__).resolve().parents[2]
TEMPLATE_DIR = Path(__file__).resolve().parents[1] / "templates" / "enforcement" / "documents"
FINE_STATEMENT_TEMPLATE = "enforcement/documents/fine_statement.html"


class RefusedURL(ValueError):
    """A notice asked for something outside the sewerworks package (the network, or another file)."""


class LocalOnlyFetcher(URLFetcher):
    """WeasyPrint's URL fetcher limited to ``data:`` URLs and files inside the sewerworks package."""

    def __init__(self, root: Path = PACKAGE_ROOT) -> None:
        super().__init__(allowed_protocols=("data", "file"), allow_redirects=False)
        self.root = root.resolve()

    def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
        scheme = url.split(":", 1)[0].lower() if ":" in url else ""
        if scheme == "data":
            return super().fetch(url, headers)
        if scheme == "file":
            path = Path(url2pathname(urlsplit(url).path)).resolve()
            if path.is_relative_to(self.root):
                return super().fetch(url, headers)
            raise RefusedURL(f"Notices read only files inside sewerworks; {url} refused.")
        raise RefusedURL(f"Notices fetch nothing from the network; {url} refused.")


def url_fetcher(url: str) -> URLFetcherResponse:
    """Fetch ``url`` for a notice if it is a ``data:`` URL or a sewerworks file; raise RefusedURL otherwise."""
    return LocalOnlyFetcher().fetch(url)


def render_document(template: str, context: dict[str, Any]) -> Document:
    """Typeset one document (its pages numbered on their own: "page 1 of 2")."""
    html = render_to_string(template, context)
    return HTML(string=html, base_url=TEMPLATE_DIR.as_uri() + "/", url_fetcher=LocalOnlyFetcher()).render()


def notice_document(notice: Notice, *, appear_on: dt.datetime | dt.date | None = None) -> Document:
    return render_document(TEMPLATES[NoticeKind(notice.kind)], notice_context(notice, appear_on=appear_on))


def notice_pdf(notice: Notice, *, appear_on: dt.datetime | dt.date | None = None) -> bytes:
    """The notice as the Town mails or serves it, as PDF bytes.

    ``appear_on`` is the court date of an appearance ticket; without it the ticket uses an "Appear on:
    2026-05-12 17:00" line of its facts, or leaves a line for the Building Inspector to write the date on.
    """
    return bytes(notice_document(notice, appear_on=appear_on).write_pdf())


def notices_pdf(notices: Iterable[Notice]) -> bytes:
    """One PDF of many notices (a mailing run): each notice on its own pages, numbered on their own."""
    documents = [notice_document(n) for n in notices]
    if not documents:
        raise ValueError("There are no notices to print.")
    pages = [page for document in documents for page in document.pages]
    return bytes(documents[0].copy(pages).write_pdf())


def fine_statement_pdf(violation: Violation, *, as_of: dt.date | None = None) -> bytes:
    """The statement of the §118-5 abandonment fine (day by day), court fines and §118-47 charges, as PDF."""
    return bytes(render_document(FINE_STATEMENT_TEMPLATE, fine_statement_context(violation, as_of=as_of)).write_pdf())
