"""The owners' petition for an extension the town builds (§118-30): the benefiting parcels, the signatures
matched to owners of record, the count (I-142), and the Board's decision that it warrants its cost."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.engineering import forms_construction as f
from sewerworks.engineering.actions import do_record_signature, do_record_warrant
from sewerworks.engineering.choices import Builder
from sewerworks.engineering.models import ExtensionProject
from sewerworks.engineering.petition import count
from sewerworks.engineering.views.common import submit, tabs, view_required


def _project(pk: int) -> ExtensionProject:
    project = get_object_or_404(ExtensionProject, pk=pk)
    if project.builder != Builder.TOWN:
        raise Http404("An owners' petition proposes an extension the town builds (§118-30).")
    return project


def _page(request: HttpRequest, project: ExtensionProject, status: int = 200, **bound: Any) -> HttpResponse:
    context = {
        "project": project, "tabs": tabs(project, "engineering:petition"),
        "tally": count(project, timezone.localdate()),
        "signatures": project.signatures.select_related("parcel", "owner").order_by("signed_on", "id"),
        "signature_form": bound.get("signature_form") or f.SignatureForm(prefix="sign"),
        "warrant_form": bound.get("warrant_form") or f.WarrantForm(prefix="warrant"),
        "can_record": request.user.has_perm("engineering.record_construction"),
    }  # fmt: skip
    return render(request, "engineering/petition.html", context, status=status)


@view_required
def petition(request: HttpRequest, pk: int) -> HttpResponse:
    return _page(request, _project(pk))


def _submit(request: HttpRequest, pk: int, name: str, form: Any, act: Any, done: str) -> HttpResponse:
    project = _project(pk)
    return submit(request, form, lambda d: act(project, d), done, back=("engineering:petition", pk),
                  again=lambda bound: _page(request, project, status=422, **{name: bound}))  # fmt: skip


@view_required
def add_signature(request: HttpRequest, pk: int) -> HttpResponse:
    require(request.user, "engineering.record_construction", "record a petition signature")

    def act(project: ExtensionProject, d: dict[str, Any]) -> Any:
        return do_record_signature(project=project, parcel=d["tax_map_number"], signer=d["signer"],
                                   signed_on=d["signed_on"], acting_user=request.user)  # fmt: skip

    return _submit(request, pk, "signature_form", f.SignatureForm(request.POST or None, prefix="sign"), act,
                   "The signature is recorded.")  # fmt: skip


@view_required
def record_warrant(request: HttpRequest, pk: int) -> HttpResponse:
    require(request.user, "engineering.record_construction", "record the Board's decision")
    return _submit(request, pk, "warrant_form", f.WarrantForm(request.POST or None, prefix="warrant"),
                   lambda p, d: do_record_warrant(project=p, acting_user=request.user, **d),
                   "The Board's decision is recorded: the town builds the extension.")  # fmt: skip
