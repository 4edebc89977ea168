"""The clerk's screens for Board resolutions: the list, recording one, and what one changed."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from sewerworks.core.determinations.run import today
from sewerworks.core.models import BoardResolution
from sewerworks.core.parameters import current_parameters
from sewerworks.core.resolutions.actions import do_record_resolution
from sewerworks.core.resolutions.changes import changes, known_parameters
from sewerworks.core.resolutions.forms import ResolutionForm


@permission_required("core.view_resolution", raise_exception=True)
def resolution_list(request: HttpRequest) -> HttpResponse:
    rows = BoardResolution.objects.prefetch_related("values").order_by("-adopted_on", "-pk")
    context = {
        "resolutions": rows,
        "problems": current_parameters().problems,
        "may_record": request.user.has_perm("core.record_resolution"),
    }
    return render(request, "core/resolutions/list.html", context)


@permission_required("core.record_resolution", raise_exception=True)
def resolution_new(request: HttpRequest) -> HttpResponse:
    form = ResolutionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            record = do_record_resolution(**form.action_arguments(), acting_user=request.user)
        except ValidationError as error:
            form.add_action_errors(error)
        else:
            messages.success(request, f"{record.instrument} recorded with {record.values.count()} value(s).")
            return redirect("core:resolution_detail", pk=record.pk)
    params = current_parameters()
    context = {"form": form, "known": known_parameters(params, today()), "today": today()}
    return render(request, "core/resolutions/form.html", context, status=400 if form.errors else 200)


@permission_required("core.view_resolution", raise_exception=True)
def resolution_detail(request: HttpRequest, pk: int) -> HttpResponse:
    resolution = get_object_or_404(BoardResolution, pk=pk)
    context = {"resolution": resolution, "changes": changes(resolution, current_parameters())}
    return render(request, "core/resolutions/detail.html", context)
