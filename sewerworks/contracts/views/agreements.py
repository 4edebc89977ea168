"""The contract-user agreements: the list, a petition for a parcel, and the Town Board's decision."""

from __future__ import annotations

from django.contrib.auth.decorators import permission_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from sewerworks.contracts.actions import do_decide_agreement, do_petition
from sewerworks.contracts.forms import DecisionForm, PetitionForm
from sewerworks.contracts.models import ContractAgreement
from sewerworks.core.access.permissions import require
from sewerworks.core.models import PendingCharge
from sewerworks.enforcement.views.common import run_action
from sewerworks.registry.models import Parcel

view_required = permission_required("contracts.view_contracts", raise_exception=True)


@view_required
def agreement_list(request: HttpRequest) -> HttpResponse:
    rows = ContractAgreement.objects.select_related("parcel", "account", "resolution", "revenue_area")
    return render(request, "contracts/agreement_list.html", {"rows": rows})


def petition_new(request: HttpRequest, parcel_pk: int) -> HttpResponse:
    require(request.user, "contracts.record_petition", "record a contract-user petition")
    parcel = get_object_or_404(Parcel, pk=parcel_pk)
    form = PetitionForm(request.POST or None, parcel=parcel)
    if request.method == "POST":
        agreement = run_action(
            request,
            form,
            lambda: do_petition(
                parcel=parcel,
                account=form.cleaned_data["account"],
                petitioner=form.cleaned_data["petitioner"],
                petitioned_on=form.cleaned_data["petitioned_on"],
                notes=form.cleaned_data["notes"],
                acting_user=request.user,
            ),
            "Petition recorded, with the eligibility of its day.",
        )
        if agreement:
            return redirect("contracts:agreement_detail", agreement.pk)
    status = 422 if form.errors else 200
    return render(request, "contracts/petition_form.html", {"parcel": parcel, "form": form}, status=status)


def agreement_detail(request: HttpRequest, pk: int) -> HttpResponse:
    require(request.user, "contracts.view_contracts", "see contract-user agreements")
    agreement = get_object_or_404(
        ContractAgreement.objects.select_related("parcel", "account", "resolution", "revenue_area", "eligibility"),
        pk=pk,
    )
    form = DecisionForm(request.POST or None)
    if request.method == "POST":
        require(request.user, "contracts.record_board_decision", "record the Town Board's decision")
        done = run_action(
            request,
            form,
            lambda: do_decide_agreement(
                agreement,
                approve=form.cleaned_data["decision"] == "approve",
                resolution=form.cleaned_data["resolution"],
                decided_on=form.cleaned_data["decided_on"],
                legal_fees=form.cleaned_data["legal_fees"] or 0,
                assessment_share=form.cleaned_data["assessment_share"] or 0,
                acting_user=request.user,
            ),
            "The Town Board's decision is recorded.",
        )
        if done:
            return redirect("contracts:agreement_detail", agreement.pk)
    keys = [f"contracts.{kind}:{pk}" for kind in ("legal_fees", "assessment_share")]
    charges = PendingCharge.objects.filter(source_key__in=keys)
    context = {"a": agreement, "form": form, "charges": charges, "decision": agreement.eligibility.decision}
    return render(request, "contracts/agreement_detail.html", context, status=422 if form.errors else 200)
