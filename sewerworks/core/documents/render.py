"""Typeset a Django template as a PDF document (WeasyPrint), never touching the network.

The URL fetcher refuses everything but ``data:`` URLs and files inside a ``static`` folder of the
sewerworks package (the letterhead's and the charts' assets), so a template that names an outside image
or font prints without it, and no template can embed a file of the server (settings, the database,
uploaded attachments) in a document.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit
from urllib.request import url2pathname

from django.template.loader import render_to_string
from weasyprint import HTML, Document
from weasyprint.urls import URLFetcher, URLFetcherResponse

__all__ = ["PACKAGE_ROOT", "STATIC_ROOTS", "LocalOnlyFetcher", "RefusedURL", "render_document", "url_fetcher"]

PACKAGE_ROOT = Path(__file__).resolve().parents[2]
STATIC_ROOTS: tuple[Path, ...] = tuple(sorted(p.resolve() for p in PACKAGE_ROOT.glob("*/static") if p.is_dir()))
BASE_URL = (PACKAGE_ROOT / "core" / "static").as_uri() + "/"


class RefusedURL(ValueError):
    """A document asked for something outside the package's static files (the network, or another file)."""


class LocalOnlyFetcher(URLFetcher):
    """WeasyPrint's URL fetcher limited to ``data:`` URLs and files inside the package's ``static`` folders."""

    def __init__(self, roots: tuple[Path, ...] = STATIC_ROOTS) -> None:
        super().__init__(allowed_protocols=("data", "file"), allow_redirects=False)
        self.roots = tuple(r.resolve() for r in roots)

    def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
        scheme = url.split(":", 1)[0].lower() if ":" in url else ""
        if scheme == "data":
            return super().fetch(url, headers)
        if scheme == "file":
            path = Path(url2pathname(urlsplit(url).path)).resolve()
            if any(path.is_relative_to(root) for root in self.roots):
                return super().fetch(url, headers)
            raise RefusedURL(f"Documents read only static files inside sewerworks; {url} refused.")
        raise RefusedURL(f"Documents fetch nothing from the network; {url} refused.")


def url_fetcher(url: str) -> URLFetcherResponse:
    """Fetch ``url`` for a document if it is a ``data:`` URL or a static file of sewerworks; else RefusedURL."""
    return LocalOnlyFetcher().fetch(url)


def render_document(template: str, context: dict[str, Any], *, base_url: str = BASE_URL) -> Document:
    """Typeset one document (its pages numbered on their own: "page 1 of 2"); ``.write_pdf()`` gives bytes."""
    html = render_to_string(template, context)
    return HTML(string=html, base_url=base_url, url_fetcher=LocalOnlyFetcher()).render()
