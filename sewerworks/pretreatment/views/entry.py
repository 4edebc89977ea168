"""Entering the program's records by hand, from the industrial users' pages: a user, a sampling point, a special
agreement, preliminary treatment, a SPDES cooling-water permit, a visit with its checklist, one sample's results.
Each view checks the form and calls its ``do_*`` action (whose role check stays the gate); a refusal comes
back on the field it names; success returns to the user's page with a message."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.enforcement.views.common import apply_errors, run_action
from sewerworks.pretreatment import actions
from sewerworks.pretreatment import forms as f
from sewerworks.pretreatment.imports import check_sample
from sewerworks.pretreatment.models import IndustrialUser
from sewerworks.registry.models import SewerAccount

# A lab-results column -> the sample form's field (the others keep their names on the result rows).
SAMPLE_FIELDS = {
    "sample_id": "sample_id",
    "sampling_point": "point",
    "start": "started_at",
    "end": "ended_at",
    "sample_type": "kind",
    "lab": "lab",
    "flow_gal": "flow_gal",
}


def _user(pk: int) -> IndustrialUser:
    return get_object_or_404(IndustrialUser.objects.select_related("building__parcel"), pk=pk)


def _entry(
    request: HttpRequest,
    user: IndustrialUser,
    form: Form,
    action: Callable[[], Any],
    *,
    done: str,
    title: str,
    button: str,
    lead: str = "",
) -> HttpResponse:
    """Run ``action`` on a valid POST and go back to the user's page; otherwise show the form."""
    if request.method == "POST" and run_action(request, form, action, done):
        return redirect("pretreatment:user_detail", user.pk)
    context = {"u": user, "form": form, "title": title, "button": button, "lead": lead}
    return render(request, "pretreatment/entry_form.html", context)


def register_user(request: HttpRequest) -> HttpResponse:
    require(request.user, "pretreatment.register_user", "register an industrial user")
    form = f.IndustrialUserForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        account = None
        if data["account_number"].strip():
            account = SewerAccount.objects.filter(account_number=data["account_number"].strip()).first()
            if account is None:
                form.add_error("account_number", f"No sewer account {data['account_number'].strip()} is recorded.")
        if not form.errors:
            try:
                user = actions.do_register_industrial_user(
                    building=data["building"],
                    activity=data["activity"],
                    account=account,
                    average_daily_flow=data["average_daily_flow"],
                    acting_user=request.user,
                )
            except ValidationError as exc:
                _apply(form, exc, {"account": "account_number"})
            else:
                messages.success(request, f"{user} registered as an industrial user.")
                return redirect("pretreatment:user_detail", user.pk)
    context = {
        "u": None,
        "form": form,
        "title": "Register an industrial user",
        "button": "Register",
        "lead": "An establishment producing industrial wastes (§118-1, §118-37).",
    }
    return render(request, "pretreatment/entry_form.html", context)


def _apply(form: Form, exc: ValidationError, renamed: dict[str, str]) -> None:
    if hasattr(exc, "error_dict"):
        exc = ValidationError({renamed.get(k, k): v for k, v in exc.error_dict.items()})
    apply_errors(form, exc)


@dataclass(frozen=True)
class Entry:
    """One record entered from a user's page: the permission and what refusing it says, the form, the
    ``do_*`` action (called with the user, the acting user and the form's cleaned data) and the page's words."""

    permission: str
    refused: str
    form: type[Form]
    action: Callable[..., Any]
    done: str
    title: str
    button: str
    lead: str


def entry_view(entry: Entry) -> Callable[[HttpRequest, int], HttpResponse]:
    def view(request: HttpRequest, pk: int) -> HttpResponse:
        require(request.user, entry.permission, entry.refused)
        user = _user(pk)
        form = entry.form(request.POST or None)
        return _entry(
            request,
            user,
            form,
            lambda: entry.action(user=user, acting_user=request.user, **form.cleaned_data),
            done=entry.done,
            title=entry.title,
            button=entry.button,
            lead=entry.lead,
        )

    view.__name__ = view.__qualname__ = entry.action.__name__.removeprefix("do_")
    return view


add_point = entry_view(Entry(
    "pretreatment.register_user", "add a sampling point", f.SamplingPointForm, actions.do_add_sampling_point,
    done="Sampling point recorded.", title="Add a sampling point", button="Add the sampling point",
    lead="A control manhole the Town Engineer required (§118-41), or else the nearest downstream public "
    "manhole (§118-42).",
))  # fmt: skip
record_agreement = entry_view(Entry(
    "pretreatment.record_agreement", "record a special agreement", f.SpecialAgreementForm,
    actions.do_record_special_agreement,
    done="Special agreement recorded.", title="Record a special agreement", button="Record the agreement",
    lead="Waste of unusual strength accepted for treatment by special agreement, approved by the Board (§118-43).",
))  # fmt: skip
record_treatment = entry_view(Entry(
    "pretreatment.record_facility", "record preliminary treatment", f.PreliminaryTreatmentForm,
    actions.do_record_preliminary_treatment,
    done="Preliminary treatment recorded.", title="Record preliminary treatment", button="Record the facility",
    lead="Plans approved in writing by the Town Engineer and the State before any construction (§118-40).",
))  # fmt: skip
record_permit = entry_view(Entry(
    "pretreatment.record_facility", "record a SPDES cooling-water permit", f.CoolingWaterPermitForm,
    actions.do_record_cooling_water_permit,
    done="SPDES cooling-water permit recorded.", title="Record a SPDES cooling-water permit",
    button="Record the permit", lead="Cooling water or unpolluted process water to natural drainage (§118-28).",
))  # fmt: skip


def record_visit(request: HttpRequest, pk: int) -> HttpResponse:
    require(request.user, "pretreatment.record_visit", "record an inspection visit")
    user = _user(pk)
    form = f.VisitForm(request.POST or None, initial={"visited_on": timezone.localdate()})

    def record() -> Any:
        data = {k: v for k, v in form.cleaned_data.items() if not k.startswith("check_")}
        return actions.do_record_visit(user=user, checklist=form.checklist(), acting_user=request.user, **data)

    return _entry(
        request,
        user,
        form,
        record,
        done="Inspection visit recorded.",
        title="Record an inspection visit",
        button="Record the visit",
        lead="An entry under §118-45, with the prohibitions of §118-37 "
        "(and §118-2, §118-3) as seen, not seen or not checked.",
    )


def enter_sample(request: HttpRequest, pk: int) -> HttpResponse:
    require(request.user, "pretreatment.import_results", "enter lab results")
    user = _user(pk)
    if not user.points.exists():
        messages.error(request, "Add a sampling point first: a sample is taken at one (§118-41, §118-42).")
        return redirect("pretreatment:user_detail", user.pk)
    form = f.SampleForm(request.POST or None, user=user)
    results = f.ResultFormSet(request.POST or None, prefix="r")
    if request.method == "POST" and form.is_valid() and results.is_valid():
        filled = [r for r in results if r.filled()]
        if not filled:
            form.add_error(None, "Enter at least one result.")
        else:
            rows, errors = check_sample(form.cells(), [r.cells() for r in filled], as_of=timezone.localdate())
            for e in errors:
                target = form if e.field in SAMPLE_FIELDS else filled[(e.row or 1) - 1]
                name = SAMPLE_FIELDS.get(e.field, e.field)
                if e.message not in target.errors.get(name, []):
                    target.add_error(name if name in target.fields else None, e.message)
            if not errors:
                outcome = actions.do_record_results(rows, acting_user=request.user, reason=f"entered by hand: {user}")
                found = (
                    f"; {outcome.exceedances} limit{'s' if outcome.exceedances != 1 else ''} exceeded"
                    if (outcome.exceedances)
                    else ""
                )
                messages.success(request, f"Sample entered: {outcome.results} result(s){found}.")
                return redirect("pretreatment:user_detail", user.pk)
    return render(request, "pretreatment/sample_form.html", {"u": user, "form": form, "results": results})
