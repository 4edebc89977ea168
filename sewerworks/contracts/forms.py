"""Forms of the contract-user screens: start a screen, record a petition, record the Board's decision."""

from __future__ import annotations

from typing import Any

from django import forms

from sewerworks.core.models import BoardResolution
from sewerworks.registry.models import Parcel, SewerAccount

DATE = forms.DateInput(attrs={"type": "date"})


class ScreenForm(forms.Form):
    as_of = forms.DateField(
        label="Apply the law in force on", widget=DATE, help_text="From 1996-04-22; 400 ft from 2000-07-24 (I-83)."
    )


class PetitionForm(forms.Form):
    account = forms.ModelChoiceField(queryset=SewerAccount.objects.none(), label="Sewer account")
    petitioner = forms.CharField(label="Petitioner (owner)", max_length=120)
    petitioned_on = forms.DateField(label="Petitioned on", widget=DATE)
    notes = forms.CharField(label="Notes", required=False, widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args: Any, parcel: Parcel, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["account"].queryset = SewerAccount.objects.filter(parcel=parcel)  # type: ignore[attr-defined]


class DecisionForm(forms.Form):
    decision = forms.ChoiceField(
        label="The Town Board", choices=[("approve", "approved the contract"), ("refuse", "refused it")]
    )
    resolution = forms.ModelChoiceField(queryset=BoardResolution.objects.all(), label="By resolution")
    decided_on = forms.DateField(label="Decided on", widget=DATE)
    legal_fees = forms.DecimalField(label="Town's legal fees ($)", required=False, decimal_places=2, min_value=0)
    assessment_share = forms.DecimalField(
        label="Share of the construction assessment ($)", required=False, decimal_places=2, min_value=0
    )
