"""The forms of the charges that run with the property: a connection charge and its payment, a search letter,
a sale, and the capital charge's run and exclusions."""

from __future__ import annotations

from django import forms
from django.utils import timezone

from sewerworks.billing.views.counter import PaymentForm

DATE = forms.DateInput(attrs={"type": "date"})


def _today() -> object:
    return timezone.localdate()


class ConnectionChargeForm(forms.Form):
    diameter_in = forms.DecimalField(
        label="Building sewer diameter (inches)",
        max_digits=5,
        decimal_places=2,
        min_value=0,
        help_text="§118-54: four inches is the minimum; the Board's schedule sets the charge by diameter.",
        widget=forms.NumberInput(attrs={"class": "form-control", "step": "any", "inputmode": "decimal"}),
    )
    offered_on = forms.DateField(label="Bill offered on", initial=_today, widget=DATE)
    installed_by_town_ft = forms.DecimalField(
        label="Feet of building sewer built under the town's contract",
        required=False,
        max_digits=8,
        decimal_places=2,
        min_value=0,
        help_text="Only when the Town Board contracted for the building sewer.",
        widget=forms.NumberInput(attrs={"class": "form-control", "step": "any", "inputmode": "decimal"}),
    )

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["offered_on"].widget.attrs["class"] = "form-control"


class ConnectionPaymentForm(PaymentForm):
    """The counter's payment form, toward one connection charge's bill."""


class SearchLetterForm(forms.Form):
    as_of = forms.DateField(
        label="As of", initial=_today, widget=forms.DateInput(attrs={"type": "date", "class": "form-control"})
    )
    requested_by = forms.CharField(
        label="Requested by",
        max_length=200,
        help_text="The attorney or firm the letter is for.",
        widget=forms.TextInput(attrs={"class": "form-control", "autocomplete": "organization"}),
    )


class SaleForm(forms.Form):
    buyer = forms.CharField(
        label="Buyer (owner of record from the day of sale)",
        max_length=200,
        widget=forms.TextInput(attrs={"class": "form-control"}),
    )
    buyer_mailing_address = forms.CharField(
        label="Buyer's mailing address",
        max_length=200,
        required=False,
        widget=forms.TextInput(attrs={"class": "form-control"}),
    )
    sold_on = forms.DateField(label="Sold on", widget=forms.DateInput(attrs={"type": "date", "class": "form-control"}))
    final_reading = forms.IntegerField(
        label="Final read of the meter",
        min_value=0,
        help_text="The register on the day of sale (a special read).",
        widget=forms.NumberInput(attrs={"class": "form-control", "inputmode": "numeric"}),
    )


class CapitalRunForm(forms.Form):
    tax_year = forms.IntegerField(
        label="Tax year",
        min_value=1900,
        max_value=2999,
        widget=forms.NumberInput(attrs={"class": "form-control"}),
    )


class ExcludeForm(forms.Form):
    reason = forms.CharField(
        label="Why it is left out", max_length=200, widget=forms.TextInput(attrs={"class": "form-control"})
    )


__all__ = [
    "CapitalRunForm",
    "ConnectionChargeForm",
    "ConnectionPaymentForm",
    "ExcludeForm",
    "SaleForm",
    "SearchLetterForm",
]
