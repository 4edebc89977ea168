"""The ordinance browser's screens: Chapter 118 by article with each section's grade, one section with its
text, its requirements (each linked to its screen, action and test), the determinations and parameters that
apply it and our readings of it, and the list of what is not complete with what the department does meanwhile.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import permission_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone

from sewerworks.core.models import BoardResolution
from sewerworks.core.ordinance_browser.coverage import Grade, SectionCoverage, coverage, summarise
from sewerworks.core.ordinance_browser.links import links
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
UNFINISHED = (Grade.PARTIAL, Grade.RULE_ONLY, Grade.NONE, Grade.UNLISTED)


@permission_required("core.view_site", raise_exception=True)
def ordinance_index(request: HttpRequest) -> HttpResponse:
    """Every article and section of Chapter 118 with its grade, the headline, a filter by grade."""
    entries = coverage()
    summary = summarise(entries)
    by_number = {entry.number: entry for entry in entries}
    wanted = request.GET.get("state", "")
    error = ""
    if wanted and wanted not in {g.value for g in Grade}:
        error = f"There is no state {wanted!r}; showing every section."
        wanted = ""
    listed: list[dict[str, Any]] = []
    shown = 0
    for article in articles():
        rows = [by_number[n] for n in article.sections if not wanted or by_number[n].grade == wanted]
        if rows:
            listed.append({"article": article, "rows": rows})
            shown += len(rows)
    context = {
        "articles": listed,
        "summary": summary,
        "grades": [{"grade": g, "count": summary.counts[g]} for g in Grade if summary.counts[g] or g != Grade.UNLISTED],
        "chosen": wanted,
        "error": error,
        "shown": shown,
        "articles_interpretation": (ARTICLES_INTERPRETATION, INTERPRETATIONS[ARTICLES_INTERPRETATION]),
    }
    return render(request, "core/ordinance/index.html", context)


def _requirement_rows(entry: SectionCoverage) -> list[dict[str, Any]]:
    return [{"requirement": r, "links": links(r)} for r in entry.requirements]


@permission_required("core.view_site", raise_exception=True)
def ordinance_unfinished(request: HttpRequest) -> HttpResponse:
    """Every section not complete, grade by grade, with the requirements it still lacks and what the
    department does by hand meanwhile."""
    entries = coverage()
    groups = [
        {"grade": grade, "sections": [e for e in entries if e.grade is grade]}
        for grade in UNFINISHED
    ]
    context = {"groups": [g for g in groups if g["sections"]], "summary": summarise(entries)}
    return render(request, "core/ordinance/unfinished.html", context)


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
    """One section: its text as printed, amendments, grade and requirements, topics, parameters and readings."""
    try:
        printed = section(number)
    except UnknownSection as error:
        raise Http404(str(error)) from None
    entry = next(e for e in coverage() if e.number == printed.number)
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
        "requirements": _requirement_rows(entry),
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
