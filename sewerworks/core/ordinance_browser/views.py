"""The ordinance browser's screens: Chapter 118 by article with each section's status, and one section
with its text, amendments, the determinations and parameters that implement it and our readings of it.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import permission_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone

from sewerworks.core.models import BoardResolution
from sewerworks.core.ordinance_browser.coverage import Status, coverage, section_coverage, summarise
from sewerworks.core.ordinance_browser.presentation import interpretations_for, parameter_rows, text_blocks
from sewerworks.core.parameters import current_parameters
from sewerworks.ordinance.chapter.catalogue import (
    DEFINITION_HEADWORDS_INTERPRETATION,
    UnknownSection,
    articles,
    definitions,
    section,
    sections,
)
from sewerworks.ordinance.interpretations import INTERPRETATIONS
from sewerworks.ordinance.parameters import ParameterError, ParameterSet, load_jurisdiction
from sewerworks.ordinance.topics import topics

ARTICLES_INTERPRETATION = "I-07"


@permission_required("core.view_site", raise_exception=True)
def ordinance_index(request: HttpRequest) -> HttpResponse:
    """Every article and section of Chapter 118 with its status, the coverage figure, a status filter."""
    entries = coverage()
    summary = summarise(entries)
    by_number = {entry.number: entry for entry in entries}
    titles = {s.number: s.title for s in sections()}
    wanted = request.GET.get("status", "")
    error = ""
    if wanted and wanted not in {s.value for s in Status}:
        error = f"There is no status {wanted!r}; showing every section."
        wanted = ""
    listed: list[dict[str, Any]] = []
    shown = 0
    for article in articles():
        rows = [
            {"number": n, "title": titles[n], "coverage": by_number[n]}
            for n in article.sections
            if not wanted or by_number[n].status == wanted
        ]
        if rows:
            listed.append({"article": article, "rows": rows})
            shown += len(rows)
    context = {
        "articles": listed,
        "summary": summary,
        "statuses": [{"status": s, "count": summary.counts[s]} for s in Status],
        "chosen": wanted,
        "error": error,
        "shown": shown,
        "articles_interpretation": (ARTICLES_INTERPRETATION, INTERPRETATIONS[ARTICLES_INTERPRETATION]),
    }
    return render(request, "core/ordinance/index.html", context)


def _parameters() -> tuple[ParameterSet, str]:
    """The parameters in force with recorded resolutions, and what was set aside (the browser still shows
    the law; a recorded value the loader refuses is named, with why)."""
    try:
        params = current_parameters()
    except ParameterError as error:  # the packaged files themselves: shown, never a 500
        return load_jurisdiction(), f"The parameters could not be loaded ({error})."
    if params.problems:
        listed = "; ".join(params.problems)
        return params, f"A recorded Board resolution value is set aside, packaged values apply there: {listed}."
    return params, ""


def _resolution_links() -> dict[str, str]:
    rows = BoardResolution.objects.values_list("instrument", "pk")
    return {instrument: reverse("core:resolution_detail", args=[pk]) for instrument, pk in rows}


@permission_required("core.view_site", raise_exception=True)
def ordinance_section(request: HttpRequest, number: str) -> HttpResponse:
    """One section: its text as printed, amendments, status, topics, parameters and interpretations."""
    try:
        printed = section(number)
    except UnknownSection as error:
        raise Http404(str(error)) from None
    entry = section_coverage(printed.number)
    citing_topics = [t for t in topics() if printed.number in t.sections]
    params, params_error = _parameters()
    today = timezone.localdate()
    rows = parameter_rows(params.for_section(printed.number), today, _resolution_links())
    related = [i for t in citing_topics for i in t.interpretations]
    related += [i for row in rows for i in row.interpretations]
    related += [v.reference.interpretation for row in rows for v in row.values if v.reference.interpretation]
    order = [s.number for s in sections()]
    index = order.index(printed.number)
    context: dict[str, Any] = {
        "section": printed,
        "coverage": entry,
        "blocks": text_blocks(printed.text),
        "topics": citing_topics,
        "parameters": rows,
        "parameters_error": params_error,
        "today": today,
        "interpretations": interpretations_for(printed.number, related),
        "previous": section(order[index - 1]) if index > 0 else None,
        "next": section(order[index + 1]) if index + 1 < len(order) else None,
        "articles_interpretation": ARTICLES_INTERPRETATION,
    }
    if printed.number == "118-1":
        context["definitions_interpretation"] = DEFINITION_HEADWORDS_INTERPRETATION
        try:
            context["definitions"] = definitions()
        except ValueError as error:  # the text and I-06 disagree: show the text alone, and say why
            context["definitions_error"] = str(error)
    return render(request, "core/ordinance/section.html", context)
