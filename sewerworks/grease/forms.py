"""The grease screens' forms. They validate what a person typed; the ``do_*`` actions decide."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.utils import timezone

from sewerworks.enforcement.actions.common import happened
from sewerworks.enforcement.forms import DATE, TIME, StyledForm
from sewerworks.grease.choices import InterceptorKind
from sewerworks.grease.models import Hauler

NUMBER = {"inputmode": "decimal", "step": "0.1", "min": "0"}
YES_NO = [("yes", "Yes"), ("no", "No")]


def _styled_checkboxes(form: forms.Form) -> None:
    for field in form.fields.values():
        if isinstance(field.widget, forms.CheckboxInput):
            field.widget.attrs["class"] = "form-check-input"
        if isinstance(field.widget, forms.RadioSelect):
            field.widget.attrs["class"] = "form-check-input"


class InspectionForm(StyledForm):
    """What the inspector measured, at phone width: the moment, the layers (or pounds), performing or not."""

    inspected_on = forms.DateField(label="Date of the inspection", widget=DATE, validators=[happened("An inspection")])
    inspected_time = forms.TimeField(label="Time of the inspection", widget=TIME, help_text="The hours run from it.")
    grease_depth_in = forms.DecimalField(label="Grease layer (in)", required=False, min_value=0, max_digits=6,
                                         decimal_places=2, widget=forms.NumberInput(attrs=NUMBER))  # fmt: skip
    solids_depth_in = forms.DecimalField(label="Solids layer (in)", required=False, min_value=0, max_digits=6,
                                         decimal_places=2, widget=forms.NumberInput(attrs=NUMBER))  # fmt: skip
    grease_retained_lb = forms.DecimalField(label="Grease retained (lb)", required=False, min_value=0, max_digits=7,
                                            decimal_places=2, widget=forms.NumberInput(attrs=NUMBER))  # fmt: skip
    adequately_performing = forms.ChoiceField(
        label="Is it adequately performing its intended function?", choices=YES_NO, widget=forms.RadioSelect
    )
    log_made_available = forms.BooleanField(label="The pump-out log was made available", required=False, initial=True)
    notes = forms.CharField(label="Notes", required=False, widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args: Any, interceptor_kind: str = InterceptorKind.EXTERIOR, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        drop = (
            ("grease_retained_lb",)
            if interceptor_kind == InterceptorKind.EXTERIOR
            else ("grease_depth_in", "solids_depth_in")
        )
        for name in drop:
            del self.fields[name]
        now = timezone.localtime()
        self.fields["inspected_on"].initial = now.date()
        self.fields["inspected_time"].initial = now.strftime("%H:%M")
        _styled_checkboxes(self)

    def inspected_at(self) -> dt.datetime:
        combined = dt.datetime.combine(self.cleaned_data["inspected_on"], self.cleaned_data["inspected_time"])
        return timezone.make_aware(combined)


class PumpOutForm(StyledForm):
    pumped_on = forms.DateField(label="Pumped out on", widget=DATE, validators=[happened("A pump-out")])
    hauler = forms.ModelChoiceField(Hauler.objects.all(), label="Licensed hauler")
    volume_gal = forms.DecimalField(label="Volume (gal)", min_value=1, max_digits=7, decimal_places=0)
    disposal_facility = forms.CharField(label="Disposal facility", required=False, max_length=160)
    nysdec_approved_disposal = forms.BooleanField(label="The facility is NYSDEC-approved", required=False)
    manifest_number = forms.CharField(label="Manifest no.", required=False, max_length=40)
    receipt = forms.FileField(label="Hauler's receipt (PDF, JPEG or PNG)", required=False)
    receipt_service_date = forms.DateField(label="Service date on the receipt", required=False, widget=DATE)
    receipt_volume_gal = forms.DecimalField(label="Volume on the receipt (gal)", required=False, min_value=1,
                                            max_digits=7, decimal_places=0)  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _styled_checkboxes(self)


class ReceiptForm(StyledForm):
    receipt = forms.FileField(label="Hauler's receipt (PDF, JPEG or PNG)")
    receipt_service_date = forms.DateField(label="Service date on the receipt", widget=DATE)
    receipt_volume_gal = forms.DecimalField(label="Volume on the receipt (gal)", min_value=1, max_digits=7,
                                            decimal_places=0)  # fmt: skip


class InterceptorForm(StyledForm):
    kind = forms.ChoiceField(label="Kind", choices=InterceptorKind.choices)
    rated_gallons = forms.DecimalField(label="Rated capacity (gal)", required=False, min_value=1, max_digits=7,
                                       decimal_places=0, help_text="Exterior only.")  # fmt: skip
    working_depth_in = forms.DecimalField(label="Working liquid depth (in)", required=False, min_value=1,
                                          max_digits=5, decimal_places=1, help_text="Exterior only.")  # fmt: skip
    rated_pounds = forms.DecimalField(label="Rated capacity (lb)", required=False, min_value=1, max_digits=5,
                                      decimal_places=0, help_text="Interior only.")  # fmt: skip
    installed_on = forms.DateField(label="Installed on", widget=DATE, validators=[happened("An installation")])
    location = forms.CharField(label="Location", required=False, max_length=200)


class HaulerForm(StyledForm):
    name = forms.CharField(label="Name", max_length=120)
    license_number = forms.CharField(label="NYSDEC permit no.", max_length=40)
    license_expires_on = forms.DateField(label="Permit expires on", required=False, widget=DATE)
    phone = forms.CharField(label="Phone", required=False, max_length=30)
