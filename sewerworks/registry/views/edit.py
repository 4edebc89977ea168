"""Editing a parcel record: the form validates, ``do_save_parcel`` changes state (with history)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from sewerworks.core.access.permissions import require
from sewerworks.registry.actions import do_save_parcel
from sewerworks.registry.forms import ParcelForm
from sewerworks.registry.models import Parcel


def edit_parcel(request: HttpRequest, pk: int) -> HttpResponse:
    parcel = get_object_or_404(Parcel, pk=pk)
    require(request.user, "registry.change_parcel", "edit a parcel", parcel)
    form = ParcelForm(request.POST or None, instance=parcel)
    if request.method == "POST" and form.is_valid():
        reason = request.POST.get("reason", "").strip()[:100] or "Edited on the parcel page"
        data = {name: form.cleaned_data[name] for name in form.changed_data}
        try:
            do_save_parcel(Parcel.objects.get(pk=pk), data, acting_user=request.user, reason=reason)
        except ValidationError as exc:
            for field, errs in exc.message_dict.items():
                form.add_error(field if field in form.fields else None, errs)
        else:
            messages.success(request, f"Parcel {parcel.tax_map_number} saved.")
            return redirect("registry:parcel_detail", pk=pk)
    return render(request, "registry/parcel_edit.html", {"parcel": parcel, "form": form})
