"""The Town's written notices and fine statements as PDF, on the Town's letterhead.

Each document is a plain Django template under ``templates/enforcement/documents/`` (staff can read
and edit them, see ``docs/notices.md``), extending the letterhead of ``core/documents/base.html``,
typeset by :func:`sewerworks.core.documents.render.render_document`, which never touches the network.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from weasyprint import Document

from sewerworks.core.documents.render import render_document
from sewerworks.enforcement.choices import NoticeKind
from sewerworks.enforcement.documents.context import TEMPLATES, notice_context
from sewerworks.enforcement.documents.statement import fine_statement_context
from sewerworks.enforcement.models import Notice, Violation

FINE_STATEMENT_TEMPLATE = "enforcement/documents/fine_statement.html"


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
