"""Linking a Class 2 permit to the pretreatment program's industrial user from the permit's page (I-172)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from sewerworks.permits import actions
from sewerworks.permits.views.industrial_form import IndustrialUserForm
from sewerworks.permits.views.permit import _permit, posted, view_required


@require_POST
@view_required  # staff only, before the permit is looked up: no role, a 403 rather than a 404
def link_industrial_user(request: HttpRequest, pk: int) -> HttpResponse:
    form = IndustrialUserForm(request.POST, permit=_permit(pk))
    return posted(
        request,
        pk,
        form,
        "industrial",
        lambda p: actions.do_link_industrial_user(
            p, industrial_user=form.cleaned_data["industrial_user"], acting_user=request.user
        ),
        "Industrial user linked.",
    )
