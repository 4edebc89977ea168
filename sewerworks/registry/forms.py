"""The staff UI's forms for the registry's editable records.

A form validates what a clerk typed (labels and help text in the ordinance's words, geometry as WKT
in EPSG:2260 feet, checked for type and plausible coordinates); the view then hands
``form.cleaned_data`` to the action in ``registry.actions`` that saves it. The record a form belongs to
(the parcel of a building, the account of a meter) comes from the page it is added on, not a list of a
million choices.
"""

from __future__ import annotations

from typing import Any

from django import forms

from sewerworks.registry.actions import portable_errors
from sewerworks.registry.models import Building, ImprovementArea, Owner, Parcel, SewerAccount, WaterMeter

_WKT_ATTRS = {"rows": 3, "spellcheck": "false", "autocapitalize": "off", "class": "font-monospace"}


class RegistryForm(forms.ModelForm):  # type: ignore[type-arg]
    """A ModelForm that also makes the checks every database would (whole numbers within their column,
    geometry of the declared type), so that a bad value is a field error, not a failed save."""

    def _post_clean(self) -> None:
        super()._post_clean()  # type: ignore[misc]
        for name, messages in portable_errors(self.instance, only=set(self.fields)).items():
            for message in messages:
                if name in self.fields and message not in self.errors.get(name, []):
                    self.add_error(name, message)


class ParcelForm(RegistryForm):
    """A tax parcel: where it is, what it is used for, and its shape on the map."""

    class Meta:
        model = Parcel
        fields = [
            "tax_map_number", "street_number", "street_name", "improvement_area", "land_use_class", "polygon",
            "discharge_point",
        ]
        labels = {"street_name": "Street name", "land_use_class": "Land-use (property) class"}
        help_texts = {
            "tax_map_number": "Section.block-lot as on the assessor's roll, e.g. 108.12-3-45.",
            "improvement_area": "The Sewer Improvement Area it lies in (§118-1); leave empty if outside both.",
            "land_use_class": "The three-digit New York property class code, e.g. 210 for a one-family home.",
            "polygon": (
                "The parcel boundary as WKT in EPSG:2260 feet, e.g. POLYGON ((x y, x y, …)): drawn on the map above,"
                " or typed or pasted here (the map follows)."
            ),
            "discharge_point": (
                "Where its sewage leaves (or would leave) the property: WKT POINT (x y) in EPSG:2260 feet, placed on"
                " the map above or typed here."
            ),
        }
        # data-draw: registry/static/registry/draw.js keeps these texts and the map in step; without JavaScript
        # they are plain text fields, validated the same way.
        widgets = {
            "polygon": forms.Textarea(attrs={**_WKT_ATTRS, "data-draw": "polygon"}),
            "discharge_point": forms.TextInput(attrs={**_WKT_ATTRS, "data-draw": "discharge_point"}),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        area = self.fields["improvement_area"]
        assert isinstance(area, forms.ModelChoiceField)
        area.queryset = ImprovementArea.objects.order_by("name")
        area.empty_label = "Outside both improvement areas"

    def clean_tax_map_number(self) -> str:
        return str(self.cleaned_data["tax_map_number"]).strip()

    def clean_land_use_class(self) -> str:
        value = str(self.cleaned_data.get("land_use_class") or "").strip()
        if value and not value.isdigit():
            raise forms.ValidationError("A property class code is three digits, e.g. 210.")
        return value


class OwnerForm(RegistryForm):
    """An owner (§118-1 "person"), with the mailing address notices and bills are sent to."""

    class Meta:
        model = Owner
        fields = ["name", "mailing_address", "city", "state", "postal_code"]
        labels = {"name": "Owner's name", "mailing_address": "Mailing address (street or PO box)"}
        help_texts = {
            "name": "As on the assessor's roll: an individual, firm, company, association or corporation.",
            "state": "Two-letter postal abbreviation.",
            "postal_code": "ZIP or ZIP+4.",
        }

    def clean_state(self) -> str:
        return str(self.cleaned_data.get("state") or "").strip().upper()


class BuildingForm(RegistryForm):
    """A building on the parcel whose page it is added from (§118-17: each has its own building sewer)."""

    class Meta:
        model = Building
        fields = ["name", "use", "dwelling_units", "seats", "established_on"]
        labels = {"name": "Name or description", "established_on": "Use established on"}
        help_texts = {
            "use": "Decides which programs apply: food service (§118-38), car wash (§118-6), industrial (§118-37..43).",
            "seats": "Seating capacity of a restaurant or commercial kitchen (§118-38); empty otherwise.",
        }
        widgets = {"established_on": forms.DateInput(attrs={"type": "date"})}


class SewerAccountForm(RegistryForm):
    """A sewer user's account on the parcel whose page it is opened from (§118-49, 52)."""

    class Meta:
        model = SewerAccount
        fields = ["account_number", "user_class", "metered", "in_water_district", "contract_user", "opened_on",
                  "closed_on"]
        help_texts = {
            "metered": "Uncheck for an unmetered user: billed on the class estimate (§118-52, I-27).",
            "contract_user": "A property outside the improvement area served by contract (§118-29.1, I-10).",
        }
        widgets = {"opened_on": forms.DateInput(attrs={"type": "date"}),
                   "closed_on": forms.DateInput(attrs={"type": "date"})}

    def clean_account_number(self) -> str:
        return str(self.cleaned_data["account_number"]).strip().upper()

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        opened, closed = data.get("opened_on"), data.get("closed_on")
        if opened and closed and closed < opened:
            self.add_error("closed_on", "An account cannot close before it opened.")
        return data


class WaterMeterForm(RegistryForm):
    """A water meter on the account whose page it is added from. Certification (§118-25) is a separate
    step for the Water Superintendent, so it is not on this form."""

    class Meta:
        model = WaterMeter
        fields = ["serial", "size_in", "dials", "unit", "installed_on", "removed_on", "defective_since"]
        labels = {"size_in": "Size (inches)", "dials": "Dials on the register"}
        help_texts = {
            "dials": "Number of digits the register shows; a reading rolls over to 0 at 10^dials.",
            "defective_since": "From this date it is billed on the average of its last two good bills (I-26).",
        }
        widgets = {f: forms.DateInput(attrs={"type": "date"}) for f in ("installed_on", "removed_on",
                                                                        "defective_since")}

    def clean_serial(self) -> str:
        return str(self.cleaned_data["serial"]).strip().upper()

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        installed, removed = data.get("installed_on"), data.get("removed_on")
        if installed and removed and removed < installed:
            self.add_error("removed_on", "A meter cannot be removed before it was installed.")
        return data
