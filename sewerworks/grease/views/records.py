"""Recording what happens at an establishment: an inspection, a pump-out, a receipt, an interceptor, a hauler."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from sewerworks.core.access.permissions import require
from sewerworks.enforcement.views.common import apply_errors, run_action
from sewerworks.grease import actions
from sewerworks.grease.forms import HaulerForm, InspectionForm, InterceptorForm, PumpOutForm, ReceiptForm
from sewerworks.grease.models import FoodServiceEstablishment, Hauler, PumpOut
from sewerworks.grease.status import establishments


def _with_interceptor(request: HttpRequest, pk: int) -> tuple[FoodServiceEstablishment, object | None]:
    establishment = get_object_or_404(establishments(), pk=pk)
    return establishment, establishment.current_interceptor()


def record_inspection(request: HttpRequest, pk: int) -> HttpResponse:
    require(request.user, "grease.record_inspection", "record a grease inspection")
    establishment, interceptor = _with_interceptor(request, pk)
    if interceptor is None:
        return render(request, "grease/no_interceptor.html", {"e": establishment}, status=409)
    form = InspectionForm(request.POST or None, interceptor_kind=interceptor.kind)  # type: ignore[attr-defined]
    if request.method == "POST":
        done = run_action(
            request,
            form,
            lambda: actions.do_record_inspection(
                interceptor=interceptor,  # type: ignore[arg-type]
                inspected_at=form.inspected_at(),
                adequately_performing=form.cleaned_data["adequately_performing"] == "yes",
                grease_depth_in=form.cleaned_data.get("grease_depth_in"),
                solids_depth_in=form.cleaned_data.get("solids_depth_in"),
                grease_retained_lb=form.cleaned_data.get("grease_retained_lb"),
                log_made_available=form.cleaned_data["log_made_available"],
                notes=form.cleaned_data["notes"],
                acting_user=request.user,
            ),
            "Inspection recorded.",
        )
        if done:
            return redirect("grease:establishment_detail", establishment.pk)
    return render(request, "grease/inspection_form.html", {"e": establishment, "i": interceptor, "form": form})


def record_pump_out(request: HttpRequest, pk: int) -> HttpResponse:
    require(request.user, "grease.record_pump_out", "record a pump-out")
    establishment, interceptor = _with_interceptor(request, pk)
    if interceptor is None:
        return render(request, "grease/no_interceptor.html", {"e": establishment}, status=409)
    form = PumpOutForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            entry = actions.do_record_pump_out(interceptor=interceptor, acting_user=request.user, **form.cleaned_data)  # type: ignore[arg-type]
        except ValidationError as exc:
            apply_errors(form, exc)
        else:  # the same form sent twice is the entry already in the log (I-175)
            said = "Pump-out entered in the log." if entry.entered else "This pump-out is already in the log."
            messages.success(request, said)
            return redirect("grease:establishment_detail", establishment.pk)
    return render(request, "grease/pump_out_form.html", {"e": establishment, "i": interceptor, "form": form})


@require_POST
def attach_receipt(request: HttpRequest, pk: int) -> HttpResponse:
    require(request.user, "grease.record_pump_out", "attach a hauler's receipt")
    pump_out = get_object_or_404(PumpOut.objects.select_related("interceptor"), pk=pk)
    form = ReceiptForm(request.POST, request.FILES)
    establishment_pk = pump_out.interceptor.establishment_id
    done = run_action(
        request,
        form,
        lambda: actions.do_attach_receipt(pump_out, acting_user=request.user, **form.cleaned_data),
        "Receipt kept with the log.",
    )
    if done:
        return redirect("grease:establishment_detail", establishment_pk)
    establishment = get_object_or_404(establishments(), pk=establishment_pk)
    context = {"e": establishment, "pump_out": pump_out, "form": form}
    return render(request, "grease/receipt_form.html", context, status=400)


def record_interceptor(request: HttpRequest, pk: int) -> HttpResponse:
    require(request.user, "grease.record_interceptor", "record a grease interceptor")
    establishment = get_object_or_404(establishments(), pk=pk)
    form = InterceptorForm(request.POST or None)
    if request.method == "POST":
        done = run_action(
            request,
            form,
            lambda: actions.do_record_interceptor(
                establishment=establishment, acting_user=request.user, **form.cleaned_data
            ),
            "Interceptor recorded.",
        )
        if done:
            return redirect("grease:establishment_detail", establishment.pk)
    return render(request, "grease/interceptor_form.html", {"e": establishment, "form": form})


@permission_required("grease.view_grease", raise_exception=True)
def hauler_list(request: HttpRequest) -> HttpResponse:
    form = HaulerForm(request.POST or None)
    if request.method == "POST":
        require(request.user, "grease.manage_haulers", "add a licensed hauler")
        if run_action(request, form, lambda: actions.do_add_hauler(acting_user=request.user, **form.cleaned_data),
                      "Hauler added."):  # fmt: skip
            return redirect("grease:hauler_list")
    context = {"haulers": Hauler.objects.all(), "form": form, "can_add": request.user.has_perm("grease.manage_haulers")}
    return render(request, "grease/hauler_list.html", context)
