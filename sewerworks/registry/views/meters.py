"""The parcel page's meter forms. Replacing a meter: the form checks what was typed, ``do_replace_meter``
records the old meter's final read, the new meter and its initial read, all at once (§118-52, I-60).
Certifying one: the Water Superintendent's act of §118-25 (``do_certify_meter``: I-49, I-50)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.registry.actions import do_certify_meter, require_certifier
from sewerworks.registry.choices import ReadSource
from sewerworks.registry.meters import do_replace_meter
from sewerworks.registry.models import WaterMeter

READ_SOURCES = [
    (ReadSource.MANUAL.value, ReadSource.MANUAL.label),
    (ReadSource.WATER_DISTRICT.value, ReadSource.WATER_DISTRICT.label),
]


class MeterReplaceForm(forms.Form):
    """What the meter reader wrote down when the meter was changed."""

    replaced_on = forms.DateField(
        label="Day of the change",
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text="Both reads are dated this day; the old meter is removed and the new one installed on it.",
    )
    final_reading = forms.IntegerField(
        label="Final read of the old meter",
        min_value=0,
        max_value=10**18,
        help_text="The old register as read when it came out, in its unit.",
    )
    new_serial = forms.CharField(label="New meter's serial no.", max_length=40)
    initial_reading = forms.IntegerField(
        label="Initial read of the new meter",
        min_value=0,
        max_value=10**18,
        initial=0,
        help_text="The new register when it went in (usually 0).",
    )
    source = forms.ChoiceField(label="Read by", choices=READ_SOURCES, initial=ReadSource.MANUAL.value)
    reason = forms.CharField(
        label="Reason",
        max_length=100,
        required=False,
        help_text="e.g. Register stuck; meter replaced by the Water District.",
    )

    def clean_new_serial(self) -> str:
        return str(self.cleaned_data["new_serial"]).strip().upper()


@permission_required("registry.replace_watermeter", raise_exception=True)  # before the meter is looked up
def replace_meter(request: HttpRequest, pk: int) -> HttpResponse:
    meter = get_object_or_404(WaterMeter.objects.select_related("account__parcel"), pk=pk)
    require(request.user, "registry.replace_watermeter", "replace a water meter", meter)
    form = MeterReplaceForm(request.POST or None, initial={"replaced_on": timezone.localdate()})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            change = do_replace_meter(
                meter,
                new_serial=data["new_serial"],
                replaced_on=data["replaced_on"],
                final_reading=data["final_reading"],
                initial_reading=data["initial_reading"],
                source=data["source"],
                acting_user=request.user,
                reason=data["reason"].strip(),
            )
        except ValidationError as exc:
            for field, errs in exc.message_dict.items():
                form.add_error(field if field in form.fields else None, errs)
        else:
            messages.success(
                request, f"Meter {change.old.serial} replaced by {change.new.serial} on {change.new.installed_on}."
            )
            return redirect("registry:parcel_detail", pk=meter.account.parcel_id)
    return render(request, "registry/meter_replace.html", {"meter": meter, "form": form})


class MeterCertifyForm(forms.Form):
    certified_on = forms.DateField(
        label="Day certified",
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text="The day the meter was found installed and working properly: on or after its installation, "
        "never a day still to come.",
    )


@permission_required("registry.change_watermeter", raise_exception=True)  # before the meter is looked up
def certify_meter(request: HttpRequest, pk: int) -> HttpResponse:
    """§118-25: "Prior to connection, the Water Superintendent or assistant shall certify that the meter is
    installed and working properly.\""""
    meter = get_object_or_404(WaterMeter.objects.select_related("account__parcel"), pk=pk)
    require_certifier(request.user)
    form = MeterCertifyForm(request.POST or None, initial={"certified_on": timezone.localdate()})
    if request.method == "POST" and form.is_valid():
        try:
            do_certify_meter(meter, form.cleaned_data["certified_on"], acting_user=request.user)
        except ValidationError as exc:
            for field, errs in exc.message_dict.items():
                form.add_error(field if field in form.fields else None, errs)
        else:
            messages.success(request, f"Meter {meter.serial} certified on {meter.certified_on} (§118-25).")
            return redirect("registry:parcel_detail", pk=meter.account.parcel_id)
    return render(request, "registry/meter_certify.html", {"meter": meter, "form": form})
