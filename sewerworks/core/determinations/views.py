"""Determinations as forms: each topic's facts asked for field by field (generated from its facts schema),
the Decision shown as a page with its citations linked to the ordinance browser, and the same facts and
Decision as JSON for the API's users. A parcel's page opens a topic with the parcel's facts filled in."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from django.contrib.auth.decorators import permission_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from sewerworks.core.determinations import forms
from sewerworks.core.determinations.prefill import parcel_fact_topics, parcel_facts, parcel_label
from sewerworks.core.determinations.run import LawNotInForce, run_determination, today
from sewerworks.ordinance.topics import FactsError, topics


def _topic(name: str) -> Any:
    found = next((t for t in topics() if t.name == name), None)
    if found is None:
        raise Http404(f"There is no determination topic called {name!r}.")
    return found


def _start(request: HttpRequest, topic: Any) -> tuple[dict[str, Any], str]:
    """The facts a GET opens with and where they came from: an example, a parcel, or the defaults."""
    if "example" in request.GET:
        try:
            example = topic.examples[int(request.GET["example"])]
        except (ValueError, IndexError):
            raise Http404("No such example.") from None
        return dict(example.facts), f"the worked example “{example.title}”"
    if "parcel" in request.GET:
        source = parcel_facts(topic.name)
        try:
            parcel_id = int(request.GET["parcel"])
        except ValueError:
            raise Http404("No such parcel.") from None
        label = parcel_label(parcel_id) if 1 <= parcel_id <= 2**63 - 1 else None
        if source is None or label is None:
            raise Http404(f"No facts of that parcel are known for {topic.name}.")
        return source.source(parcel_id), f"{source.said} of {label}"
    return {}, ""


def _edit_rows(values: dict[str, str], request: HttpRequest) -> bool:
    """Add or remove a row of a list (the form's "Add a row" and "Remove" buttons); True when one did."""
    if add := request.POST.get("_add"):
        values[f"{add}.{forms.ROWS}"] = str(forms.row_count(values, add) + 1)
        return True
    if remove := request.POST.get("_remove"):
        name, _, index = remove.rpartition(".")
        count = forms.row_count(values, name)
        if not index.isdigit() or int(index) >= count:
            return True
        for i in range(int(index), count - 1):  # later rows move up one
            for key in [k for k in values if k.startswith(f"{name}.{i + 1}.")]:
                values[f"{name}.{i}.{key.removeprefix(f'{name}.{i + 1}.')}"] = values.pop(key)
        for key in [k for k in values if k.startswith(f"{name}.{count - 1}.")]:
            values.pop(key)
        values[f"{name}.{forms.ROWS}"] = str(count - 1)
        return True
    return False


@permission_required("core.run_determination", raise_exception=True)
def determination_topic(request: HttpRequest, topic: str) -> HttpResponse:
    chosen = _topic(topic)
    fields = forms.form_fields(chosen.json_schema())
    context: dict[str, Any] = {"topic": chosen, "today": today(), "has_parcel_facts": parcel_facts(topic) is not None}
    errors: dict[str, list[str]] = {}
    status = 200
    if request.method == "POST":
        values: dict[str, str] = {
            k: str(request.POST.get(k, "")) for k in request.POST if not k.startswith(("csrf", "_"))
        }
        as_of_text = values.pop("as_of", "").strip()
        context["as_of_text"] = as_of_text
        if not _edit_rows(values, request):
            facts = forms.facts_from_values(fields, values)
            context["facts_json"] = json.dumps(facts, indent=2, default=str)
            try:
                as_of = dt.date.fromisoformat(as_of_text) if as_of_text else None
                decision = run_determination(topic, facts, as_of=as_of)
            except FactsError as exc:
                context["error"] = "Some facts are missing or do not fit: see the fields marked below."
                errors = forms.errors_by_field(exc.errors)
                status = 400
            except LawNotInForce as exc:
                context["error"] = str(exc)
                status = 400
            except ValueError as exc:
                context["error"] = (
                    f"As of: {as_of_text!r} is not a date of the form YYYY-MM-DD."
                    if "fromisoformat" in str(exc) or "Invalid isoformat" in str(exc)
                    else str(exc)
                )
                status = 400
            else:
                context["decision"] = decision
                context["decision_json"] = decision.model_dump_json(indent=2)
    else:
        facts, context["started_from"] = _start(request, chosen)
        values = forms.values_from_facts(fields, facts)
    bound = forms.bind(fields, values, {})
    placed = forms.place_errors(errors, forms.field_names(bound))
    context["fields"] = forms.bind(fields, values, placed)
    context["facts_errors"] = placed.get("", [])
    return render(request, "core/determination_topic.html", context, status=status)


@permission_required("core.run_determination", raise_exception=True)
def determinations_for_parcel(request: HttpRequest, pk: int) -> HttpResponse:
    """The topics that can be opened with this parcel's facts filled in."""
    label = parcel_label(pk) if 1 <= pk <= 2**63 - 1 else None
    if label is None:
        raise Http404(f"No parcel {pk}.")
    by_name = {t.name: t for t in topics()}
    offered = [(by_name[s.topic], s) for s in parcel_fact_topics() if s.topic in by_name]
    context = {"parcel_id": pk, "parcel_label": label, "offered": offered}
    return render(request, "core/determinations_for_parcel.html", context)
