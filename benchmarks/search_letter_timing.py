"""Timing the search letter as the clerk gets it (I-124): the whole request through Django's test client, the PDF
alone, the queries of a request. Used by ``search_letter_bench`` for the parcel with history and for the floor."""

from __future__ import annotations

import datetime as dt
import statistics
import time
from dataclasses import dataclass
from typing import Any

from benchmarks.timing import percentile


@dataclass(frozen=True)
class LetterFigures:
    """``runs`` letters written for one parcel: the request (POST, the letter written and kept) and the PDF alone
    (the search, the template and WeasyPrint), in milliseconds; the queries of one request; what it states."""

    name: str
    request_ms: list[float]
    pdf_ms: list[float]
    page_ms: list[float]
    queries: int
    owed: str
    lines: int

    @property
    def median_ms(self) -> float:
        return statistics.median(self.request_ms)

    @property
    def p95_ms(self) -> float:
        return percentile(self.request_ms, 95)

    def row(self, floor: LetterFigures | None = None) -> str:
        ratio = f"{self.median_ms / floor.median_ms:6.2f}x" if floor else " " * 7
        pdf, page = statistics.median(self.pdf_ms), statistics.median(self.page_ms)
        return (f"{self.name:<26} {self.median_ms:9.1f} {self.p95_ms:9.1f} {pdf:9.1f} {page:9.1f} {self.queries:8d} "
                f"{ratio}  {self.lines} lines, owed ${self.owed}")  # fmt: skip


HEADER = f"{'letter':<26} {'median ms':>9} {'p95 ms':>9} {'pdf ms':>9} {'page ms':>9} {'queries':>8} {'÷ floor':>7}"


def lines_of(found: Any) -> int:
    """The letter's lines of substance: bills, relevied entries, connection charges, pending charges, violations
    with their notices and impositions, capital charges, meters."""
    return (sum(len(a.bills) + len(a.meters) for a in found.accounts) + len(found.relevied) + len(found.connections)
            + len(found.pending) + sum(1 + len(v.notices) + len(v.imposed) for v in found.violations)
            + len(found.capital))  # fmt: skip


def measure_letters(name: str, parcel: Any, clerk: Any, as_of: dt.date, runs: int) -> LetterFigures:
    """One untimed letter (warm-up), then ``runs`` of each: the clerk's POST (the letter written, numbered, its PDF
    kept; the redirect not followed), the parcel's letter page (GET, with its preview), the PDF alone."""
    from django.db import connection
    from django.test import Client
    from django.urls import reverse

    from sewerworks.billing.property.letter import TEMPLATE, letter_context, search
    from sewerworks.core.documents.render import render_document

    client = Client()
    client.force_login(clerk)
    url = reverse("billing:search_letter", args=[parcel.pk])
    data = {"as_of": as_of.isoformat(), "requested_by": "Hudson & Vale LLP, for the buyer"}

    def post() -> None:
        response = client.post(url, data)
        if response.status_code != 302:
            raise SystemExit(f"search_letter: the letter was not written ({response.status_code}): "
                             f"{response.content.decode()[:2000]}")  # fmt: skip

    def pdf() -> None:
        found = search(parcel, as_of=as_of)
        context = letter_context(found, number="SL-BENCH", requested_by="x", written_by=clerk)
        render_document(TEMPLATE, context).write_pdf()

    post()
    captured: list[str] = []

    def count(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        captured.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):  # the request's own queries (the query log is reset per request)
        post()
    request_ms, pdf_ms, page_ms = [], [], []
    for _ in range(runs):
        for call, samples in ((post, request_ms), (pdf, pdf_ms), (lambda: client.get(url), page_ms)):
            start = time.perf_counter()
            call()
            samples.append((time.perf_counter() - start) * 1000)
    found = search(parcel, as_of=as_of)
    return LetterFigures(name, request_ms, pdf_ms, page_ms, len(captured), f"{found.owed:,}", lines_of(found))
