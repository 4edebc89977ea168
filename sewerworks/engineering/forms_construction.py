"""Forms of construction on record (§118-30, 31, 34, 35). They check what a person typed; the ``do_*`` actions
decide (a refusal comes back on the form, naming its field)."""

from __future__ import annotations

from typing import Any

from django import forms

from sewerworks.core.models import BoardResolution
from sewerworks.enforcement.actions.common import happened
from sewerworks.enforcement.forms import DATE, StyledForm
from sewerworks.engineering.choices import SecurityKind
from sewerworks.registry.models import Parcel

NUMBER = {"inputmode": "decimal"}


def _date(label: str, what: str, required: bool = True) -> forms.DateField:
    return forms.DateField(label=label, widget=DATE, required=required, validators=[happened(what)])


def _number(label: str, required: bool = False, help_text: str = "") -> forms.CharField:
    """A measurement as typed: the action reads it, checks its range and names the field."""
    return forms.CharField(label=label, required=required, max_length=20, help_text=help_text,
                           widget=forms.TextInput(attrs=NUMBER))  # fmt: skip


class ResolutionChoice(forms.ModelChoiceField):
    def label_from_instance(self, obj: Any) -> str:
        return f"{obj.instrument} ({obj.adopted_on:%Y-%m-%d}): {obj.title}"


def _resolutions() -> ResolutionChoice:
    return ResolutionChoice(queryset=BoardResolution.objects.order_by("-adopted_on"), label="Board resolution")


class LinkResolutionForm(StyledForm):
    resolution = _resolutions()
    security_demanded = forms.BooleanField(label="The resolution demands a guaranty security (§ 118-35)",
                                           required=False)  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["security_demanded"].widget.attrs["class"] = "form-check-input"


class SecurityForm(StyledForm):
    kind = forms.ChoiceField(label="Security", choices=SecurityKind.choices)
    amount = forms.CharField(label="Amount ($)", max_length=20, widget=forms.TextInput(attrs=NUMBER))
    issuer = forms.CharField(label="Issuer (surety or bank)", max_length=120)
    number = forms.CharField(label="Bond or check number", max_length=60)
    received_on = _date("Received on", "A security")
    expires_on = forms.DateField(label="Expires on", widget=DATE, required=False, help_text="Empty for a check.")


class StartForm(StyledForm):
    contractor = forms.CharField(label="Contractor", max_length=120)
    started_on = _date("Construction started on", "The start of construction")
    parcel = forms.CharField(label="Parcel of record (tax map number)", max_length=40, required=False,
                             help_text="The property billed for the Town Engineer's inspection (§ 118-31).")

    def clean_parcel(self) -> Parcel | None:
        number = self.cleaned_data["parcel"].strip()
        if not number:
            return None
        found = Parcel.objects.filter(tax_map_number=number).first()
        if found is None:
            raise forms.ValidationError(f"No parcel has tax map number {number}.")
        return found


class DailyReportForm(StyledForm):
    report_date = _date("Date", "A daily report")
    weather = forms.CharField(label="Weather", max_length=120)
    crew = forms.CharField(label="Crew", max_length=200)
    hours = _number("Inspection hours", required=True, help_text="0 to 24.")
    pipe = forms.ChoiceField(label="Pipe laid", required=False)
    station_from_ft = _number("From station (ft)")
    station_to_ft = _number("To station (ft)")
    trench_width_in = _number("Trench width (in)", help_text="Just above the crown (§ 118-32).")
    bedding_in = _number("Bedding (in)")
    notes = forms.CharField(label="Notes", required=False, widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args: Any, pipes: list[str] = (), **kwargs: Any) -> None:  # type: ignore[assignment]
        super().__init__(*args, **kwargs)
        self.fields["pipe"].choices = [("", "None laid"), *((p, p) for p in pipes)]  # type: ignore[attr-defined]


class StopWorkForm(StyledForm):
    reason = forms.CharField(label="Why the work stops", widget=forms.Textarea(attrs={"rows": 2}))


class RejectionForm(StyledForm):
    material = forms.CharField(label="Material rejected", max_length=200)
    reason = forms.CharField(label="Why", widget=forms.Textarea(attrs={"rows": 2}))


class LiftForm(StyledForm):
    lifted_on = _date("Lifted on", "Lifting a stop-work order")
    note = forms.CharField(label="Why the work may go on", widget=forms.Textarea(attrs={"rows": 2}))


class PhotoForm(StyledForm):
    file = forms.FileField(label="Photograph (JPEG or PNG)")
    caption = forms.CharField(label="Caption", max_length=200, required=False)


class BillMonthForm(StyledForm):
    month = forms.DateField(label="Month", widget=forms.DateInput(attrs={"type": "month"}), input_formats=["%Y-%m"],
                            help_text="A month that has ended.")  # fmt: skip


class PlanForm(StyledForm):
    run = forms.ChoiceField(label="Steep run (optional)", required=False)
    max_section_ft = _number("Longest section on it (ft)", help_text="Under 100 ft, with its reason.")
    reason = forms.CharField(label="Reason", max_length=300, required=False, help_text="A steep grade (§ 118-34).")

    def __init__(self, *args: Any, runs: list[str] = (), **kwargs: Any) -> None:  # type: ignore[assignment]
        super().__init__(*args, **kwargs)
        self.fields["run"].choices = [("", "None"), *((r, r) for r in runs)]  # type: ignore[attr-defined]

    def steep(self) -> dict[str, tuple[Any, str]]:
        run = self.cleaned_data.get("run")
        return {run: (self.cleaned_data["max_section_ft"], self.cleaned_data["reason"])} if run else {}


class ExfiltrationTestForm(StyledForm):
    tested_on = _date("Tested on", "An exfiltration test")
    filled_hours = _number("Filled before measuring (h)", required=True, help_text="At least 24 h (§ 118-34).")
    head_ft_above_crown = _number("Head above the crown (ft)", required=True)
    groundwater_ft_above_crown = _number("Groundwater above the crown (ft)", help_text="Negative if below it.")
    test_hours = _number("Test period (h)", required=True, help_text="At least 2 h.")
    water_added_gal = _number("Water added (gal)", required=True)


class RepairForm(StyledForm):
    repaired_on = _date("Repaired on", "A repair")
    description = forms.CharField(label="What was repaired or replaced", widget=forms.Textarea(attrs={"rows": 2}))


class SignatureForm(StyledForm):
    tax_map_number = forms.CharField(label="Parcel (tax map number)", max_length=40)
    signer = forms.CharField(label="Signed by", max_length=200)
    signed_on = _date("Signed on", "A signature")

    def clean_tax_map_number(self) -> Parcel:
        number = self.cleaned_data["tax_map_number"].strip()
        found = Parcel.objects.filter(tax_map_number=number).first()
        if found is None:
            raise forms.ValidationError(f"No parcel has tax map number {number}.")
        return found


class WarrantForm(StyledForm):
    resolution = _resolutions()
    decided_on = _date("Decided on", "The Board's decision")
