"""The pages anyone may read without signing in (each limited per client address): the home page, whether a
public sewer is available to a property (I-162), the fees in force, Chapter 118, and a design checked against it
(a determination topic's facts in, its Decision out; no record is read or written)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_not_required
from django.http import Http404, HttpRequest, HttpResponse

from sewerworks.core.determinations import forms
from sewerworks.core.determinations.run import LawNotInForce, run_determination, today
from sewerworks.ordinance.chapter import catalogue
from sewerworks.ordinance.interpretations import RECORD
from sewerworks.ordinance.topics import FactsError, topics
from sewerworks.public.fees import fees_in_force
from sewerworks.public.lookup import lookup
from sewerworks.public.ratelimit import limited
from sewerworks.public.views.common import page


@login_not_required
@limited
def home(request: HttpRequest) -> HttpResponse:
    return page(request, "public/home.html")


@login_not_required
@limited
def availability(request: HttpRequest) -> HttpResponse:
    query = str(request.GET.get("q", ""))[:80]
    return page(request, "public/availability.html", {"q": query, "found": lookup(query) if query else None})


@login_not_required
@limited
def fees(request: HttpRequest) -> HttpResponse:
    return page(request, "public/fees.html", {"fees": fees_in_force(today()), "today": today()})


@login_not_required
@limited
def ordinance(request: HttpRequest) -> HttpResponse:
    articles = [(a, [catalogue.section(n) for n in a.sections]) for a in catalogue.articles()]
    return page(request, "public/ordinance.html", {"articles": articles})


@login_not_required
@limited
def section(request: HttpRequest, number: str) -> HttpResponse:
    if not catalogue.exists(number):
        raise Http404("Chapter 118 has no such section.")
    sec = catalogue.section(number)
    readings = [r for r in RECORD.values() if sec.number in r.sections]
    paragraphs = [p for p in sec.text.splitlines() if p.strip()]
    return page(request, "public/section.html", {"section": sec, "readings": readings, "paragraphs": paragraphs})


@login_not_required
@limited
def check(request: HttpRequest) -> HttpResponse:
    return page(request, "public/check.html", {"topics": topics()})


@login_not_required
@limited
def check_topic(request: HttpRequest, topic: str) -> HttpResponse:
    chosen = next((t for t in topics() if t.name == topic), None)
    if chosen is None:
        raise Http404("There is no such check.")
    fields = forms.form_fields(chosen.json_schema())
    context: dict[str, Any] = {"topic": chosen}
    errors: dict[str, list[str]] = {}
    status = 200
    values: dict[str, str] = {}
    if request.method == "POST":
        values = {k: str(request.POST.get(k, ""))[:200] for k in request.POST if not k.startswith(("csrf", "_"))}
        values.pop("as_of", None)
        try:
            context["decision"] = run_determination(topic, forms.facts_from_values(fields, values), as_of=today())
        except FactsError as exc:
            context["error"], errors, status = "Some facts are missing or do not fit: see the fields marked.", \
                forms.errors_by_field(exc.errors), 400  # fmt: skip
        except (LawNotInForce, ValueError) as exc:
            context["error"], status = str(exc), 400
    elif "example" in request.GET:
        try:
            values = forms.values_from_facts(fields, dict(chosen.examples[int(request.GET["example"])].facts))
        except (ValueError, IndexError):
            raise Http404("No such example.") from None
    bound = forms.bind(fields, values, {})
    placed = forms.place_errors(errors, forms.field_names(bound))
    context.update(fields=forms.bind(fields, values, placed), facts_errors=placed.get("", []), today=today())
    return page(request, "public/check_topic.html", context, status=status)


