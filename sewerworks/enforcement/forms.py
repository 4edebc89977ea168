"""The enforcement screens' forms. They validate what a person typed; the ``do_*`` actions decide."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms

from sewerworks.core.money import MoneyFormField
from sewerworks.enforcement.actions.common import happened
from sewerworks.enforcement.choices import Discovery, NoticeKind, Program, ServiceMethod
from sewerworks.enforcement.models import Violation
from sewerworks.enforcement.models.sections import validate_section

DATE = forms.DateInput(attrs={"type": "date"})
TIME = forms.TimeInput(attrs={"type": "time"})


class StyledForm(forms.Form):
    """Bootstrap classes on every widget."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            widget = field.widget
            if isinstance(widget, forms.HiddenInput):
                continue
            css = "form-select" if isinstance(widget, forms.Select) else "form-control"
            widget.attrs.setdefault("class", css)


def _section(value: str) -> str:
    """'§ 118-5' or '118-5' -> '118-5', if Chapter 118 has it."""
    cleaned = value.replace("§", "").strip()
    validate_section(cleaned)
    return cleaned


class ViolationForm(StyledForm):
    """Record a violation of a section of Chapter 118 on a property."""

    section = forms.CharField(label="Section violated", max_length=12, help_text="e.g. 118-5 or 118-38.")
    program = forms.ChoiceField(label="Program", choices=Program.choices, initial=Program.GENERAL)
    description = forms.CharField(
        label="Nature of the violation",
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=2000,
        help_text="Stated in the written notice (§118-47).",
    )
    discovered_on = forms.DateField(label="Discovered on", widget=DATE, validators=[happened("A violation")])
    how_discovered = forms.ChoiceField(label="How discovered", choices=Discovery.choices, initial=Discovery.INSPECTION)

    def clean_section(self) -> str:
        return _section(self.cleaned_data["section"])



class NoticeForm(StyledForm):
    """Issue a written notice on a property (it is served later, and its clock starts then)."""

    kind = forms.ChoiceField(label="Kind of notice", choices=NoticeKind.choices)
    violation = forms.ModelChoiceField(
        label="Violation", queryset=Violation.objects.none(), required=False, empty_label="(none)"
    )
    facts = forms.CharField(
        label="Facts",
        widget=forms.Textarea(attrs={"rows": 5}),
        max_length=4000,
        help_text="What was found, in plain words.",
    )
    correction_days = forms.IntegerField(
        label="Time limit for correction (days)",
        min_value=1,
        max_value=365,
        required=False,
        help_text="For a notice of violation: the reasonable time limit of §118-47.",
    )
    correction_hours = forms.IntegerField(
        label="or time limit in hours",
        min_value=1,
        max_value=8760,
        required=False,
        help_text="Instead of days, e.g. 72 hours for a maintenance noncompliance at an interceptor (I-36). "
        "Counted from the moment of service.",
    )
    addressee_name = forms.CharField(
        label="Address to (if not the owner of record)",
        max_length=200,
        required=False,
        help_text="The plumber holding the permit, the developer, the industrial user's operator.",
    )
    addressee_block = forms.CharField(
        label="Their mailing address",
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=1000,
        required=False,
    )

    def __init__(self, *args: Any, parcel: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if parcel is not None:
            field = self.fields["violation"]
            assert isinstance(field, forms.ModelChoiceField)
            field.queryset = Violation.objects.filter(parcel=parcel).exclude(status="closed")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        kind = data.get("kind")
        if kind and kind != NoticeKind.NOTICE_TO_CONNECT and not data.get("violation"):
            self.add_error("violation", "This kind of notice names a violation: record the violation first.")
        days, hours = data.get("correction_days"), data.get("correction_hours")
        if kind == NoticeKind.NOTICE_OF_VIOLATION and not days and not hours:
            self.add_error("correction_days", "A notice of violation states a time limit for correction (§118-47).")
        if days and hours:
            self.add_error("correction_hours", "Give the time limit in days or in hours, not both.")
        if bool(data.get("addressee_name", "").strip()) != bool(data.get("addressee_block", "").strip()):
            self.add_error("addressee_block", "Give both the name and the mailing address of the person addressed.")
        return data


class ServiceForm(StyledForm):
    """Record how, when and by whom a notice was served."""

    method = forms.ChoiceField(label="Method of service", choices=ServiceMethod.choices)
    served_on = forms.DateField(label="Served on", widget=DATE, validators=[happened("Service")])
    served_time = forms.TimeField(
        label="Time of service", required=False, widget=TIME, help_text="Needed for limits counted in hours."
    )
    served_by_name = forms.CharField(label="Served by (person)", max_length=120)



class MoveForm(StyledForm):
    """Move a violation along its pipeline, saying why."""

    target = forms.CharField(widget=forms.HiddenInput, max_length=10)
    why = forms.CharField(label="Why", max_length=500, widget=forms.Textarea(attrs={"rows": 2}))
    occurred_on = forms.DateField(
        label="On",
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text="The day it happened, if not today (I-114).",
    )


class EvidenceForm(StyledForm):
    """A photograph (JPEG, PNG) or PDF that shows the violation."""

    file = forms.FileField(label="File (JPEG, PNG or PDF)")
    description = forms.CharField(label="Description", max_length=200, required=False)


class CorrectionForm(StyledForm):
    """The day the violation was found corrected."""

    corrected_on = forms.DateField(label="Corrected on", widget=DATE, validators=[happened("A correction")])
    why = forms.CharField(label="How it was corrected", max_length=500, required=False)



class CourtFineForm(StyledForm):
    """A fine a court imposed on conviction (§118-47, I-22)."""

    imposed_on = forms.DateField(label="Imposed on", widget=DATE)
    amount = MoneyFormField(label="Amount ($)", help_text="Dollars and cents, e.g. 1,250.00.")
    court = forms.CharField(label="Court", max_length=120, required=False, initial="Town of Marlborough Justice Court")
    docket = forms.CharField(label="Docket no.", max_length=60, required=False)


class ChargeForm(StyledForm):
    """An expense, loss or damage the Town incurred by reason of the violation (§118-47)."""

    description = forms.CharField(label="Expense, loss or damage", max_length=200)
    amount = MoneyFormField(label="Amount ($)", min_value=Decimal("0.01"), help_text="Dollars and cents, e.g. 412.50.")
    incurred_on = forms.DateField(label="Incurred on", widget=DATE)


class MeetDeadlineForm(StyledForm):
    """Mark a deadline met: when, and how (the pump-out hauler's manifest, the meter's serial, ...)."""

    met_on = forms.DateField(label="Met on", widget=DATE, validators=[happened("Meeting a deadline")])
    why = forms.CharField(
        label="How it was met",
        max_length=100,
        help_text="e.g. pumped out by a licensed hauler, manifest 4471; meter WM-88120 installed.",
    )
