"""Typeset one chunk's HTML to a PDF file: the part of a batch that runs in a worker process.

Kept free of the database and the settings so that a process pool can run it (``.batch``); the URL
fetcher is core's, so a chunk fetches nothing from the network and no file outside the static folders.
"""

from __future__ import annotations

from weasyprint import HTML

from sewerworks.core.documents.render import BASE_URL, LocalOnlyFetcher


def typeset_part(html: str, path: str) -> int:
    """Write the PDF of ``html`` to ``path``; the number of pages."""
    document = HTML(string=html, base_url=BASE_URL, url_fetcher=LocalOnlyFetcher()).render()
    document.write_pdf(path)
    return len(document.pages)
