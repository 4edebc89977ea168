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
    cpu_ms: list[float]  # the request's CPU time in this process (a shared machine's load does not count)
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
        pdf, page, cpu = (statistics.median(x) for x in (self.pdf_ms, self.page_ms, self.cpu_ms))
        return (f"{self.name:<26} {self.median_ms:9.1f} {self.p95_ms:9.1f} {cpu:9.1f} {pdf:9.1f} {page:9.1f} "
                f"{self.queries:8d} {ratio}  {self.lines} lines, owed ${self.owed}")  # fmt: skip


HEADER = (f"{'letter':<26} {'median ms':>9} {'p95 ms':>9} {'cpu ms':>9} {'pdf ms':>9} {'page ms':>9} {'queries':>8} "
          f"{'÷ floor':>7}")  # fmt: skip


def lines_of(found: Any) -> int:
    """The letter's lines of substance: bills, relevied entries, connection charges, pending charges, violations
    with their notices and impositions, capital charges, meters."""
    return (sum(len(a.bills) + len(a.meters) for a in found.accounts) + len(found.relevied) + len(found.connections)
            + len(found.pending) + sum(1 + len(v.notices) + len(v.imposed) for v in found.violations)
            + len(found.capital))  # fmt: skip


class _Letters:
    """One parcel's letters: the clerk's client, the calls timed and their samples."""

    def __init__(self, name: str, parcel: Any, clerk: Any, as_of: dt.date) -> None:
        from django.test import Client
        from django.urls import reverse

        self.name, self.parcel, self.clerk, self.as_of = name, parcel, clerk, as_of
        self.client = Client()
        self.client.force_login(clerk)
        self.url = reverse("billing:search_letter", args=[parcel.pk])
        self.samples: dict[str, list[float]] = {"request": [], "pdf": [], "page": [], "cpu": []}

    def post(self) -> None:
        data = {"as_of": self.as_of.isoformat(), "requested_by": "Hudson & Vale LLP, for the buyer"}
        response = self.client.post(self.url, data)
        if response.status_code != 302:
            raise SystemExit(f"search_letter: the letter was not written ({response.status_code}): "
                             f"{response.content.decode()[:2000]}")  # fmt: skip

    def pdf(self) -> None:
        from sewerworks.billing.property.letter import TEMPLATE, letter_context, search
        from sewerworks.core.documents.render import render_document

        found = search(self.parcel, as_of=self.as_of)
        context = letter_context(found, number="SL-BENCH", requested_by="x", written_by=self.clerk)
        render_document(TEMPLATE, context).write_pdf()

    def page(self) -> None:
        self.client.get(self.url)

    def queries(self) -> int:
        """The queries of one request (the query log is reset per request: counted by a wrapper)."""
        from django.db import connection

        captured: list[str] = []

        def count(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
            captured.append(sql)
            return execute(sql, params, many, context)

        with connection.execute_wrapper(count):
            self.post()
        return len(captured)

    def run_once(self) -> None:
        for name in ("request", "pdf", "page"):
            call = {"request": self.post, "pdf": self.pdf, "page": self.page}[name]
            start, cpu = time.perf_counter(), time.process_time()
            call()
            self.samples[name].append((time.perf_counter() - start) * 1000)
            if name == "request":
                self.samples["cpu"].append((time.process_time() - cpu) * 1000)

    def figures(self, queries: int) -> LetterFigures:
        from sewerworks.billing.property.letter import search

        found = search(self.parcel, as_of=self.as_of)
        return LetterFigures(self.name, self.samples["request"], self.samples["pdf"], self.samples["page"],
                             self.samples["cpu"], queries, f"{found.owed:,}", lines_of(found))  # fmt: skip


def measure_letters(parcels: list[tuple[str, Any]], clerk: Any, as_of: dt.date, runs: int) -> list[LetterFigures]:
    """For each parcel one untimed letter (warm-up) and one counted (its queries), then ``runs`` rounds in which
    each parcel in turn has its clerk's POST (the letter written, numbered, its PDF kept; the redirect not
    followed), its PDF alone and its letter page (GET, with its preview) timed: the parcels alternate, so a change
    of the shared machine's load falls on all of them."""
    letters = [_Letters(name, parcel, clerk, as_of) for name, parcel in parcels]
    queries = []
    for letter in letters:
        letter.post()
        queries.append(letter.queries())
    for _ in range(runs):
        for letter in letters:
            letter.run_once()
    return [letter.figures(n) for letter, n in zip(letters, queries, strict=True)]
