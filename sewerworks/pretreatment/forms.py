"""The pretreatment screens' forms. They check what a person typed; the ``do_*`` actions decide (and their
role checks stay the gate). Each help text names the section the field answers to."""

from __future__ import annotations

from typing import Any

from django import forms

from sewerworks.core.models import BoardResolution
from sewerworks.enforcement.actions.common import happened
from sewerworks.enforcement.forms import DATE, StyledForm
from sewerworks.pretreatment.choices import (
    CHECKLIST,
    PARAMETER_CHOICES,
    Agency,
    Observed,
    PointKind,
    Qualifier,
    SampleKind,
)
from sewerworks.pretreatment.models import SamplingPoint
from sewerworks.registry.choices import BuildingUse
from sewerworks.registry.models import Building

NUMBER = {"inputmode": "decimal", "min": "0", "step": "any"}
MOMENT = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")
# The units a lab reports in, as the import reads them (imports.UNIT_ALIASES): the form offers them plainly.
UNITS = [("mg/L", "mg/L"), ("ug/L", "µg/L"), ("pH", "pH units"), ("degF", "°F"), ("degC", "°C"), ("gal/min", "gal/min")]
RESULT_ROWS = 6


def _styled(form: forms.Form) -> None:
    for field in form.fields.values():
        if isinstance(field.widget, forms.CheckboxInput | forms.RadioSelect):
            field.widget.attrs["class"] = "form-check-input"


class IndustrialUserForm(StyledForm):
    building = forms.ModelChoiceField(
        Building.objects.none(),
        label="Building",
        help_text="An industrial building with no industrial user yet (one per building; §118-37 to 118-43).",
    )
    activity = forms.CharField(
        label="Type of activity",
        max_length=200,
        help_text="What the plant does, as its Class 2 application describes it.",
    )
    account_number = forms.CharField(
        label="Sewer account no.",
        max_length=30,
        required=False,
        help_text="The account billed the §118-52 strength surcharge, if any.",
    )
    average_daily_flow = forms.DecimalField(
        label="Average daily flow (gal/day)",
        required=False,
        min_value=0,
        max_digits=12,
        decimal_places=1,
        widget=forms.NumberInput(attrs=NUMBER),
        help_text="Compared with 2% of the town's flow (§118-39, I-32).",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        free = Building.objects.filter(use=BuildingUse.INDUSTRIAL, industrial_user__isnull=True)
        self.fields["building"].queryset = free.select_related("parcel").order_by("name")  # type: ignore[attr-defined]


class SamplingPointForm(StyledForm):
    code = forms.CharField(label="Code", max_length=30, help_text="As the lab's files name it, e.g. CM-1.")
    kind = forms.ChoiceField(label="Kind", choices=PointKind.choices, widget=forms.RadioSelect)
    location = forms.CharField(
        label="Location", max_length=200, help_text="Where it is: accessibly and safely located (§118-41)."
    )
    required_on = forms.DateField(
        label="Required by the Town Engineer on",
        required=False,
        widget=DATE,
        help_text="A control manhole only (§118-41).",
    )
    plans_approved_on = forms.DateField(
        label="Plans approved on", required=False, widget=DATE, help_text="A control manhole only (§118-41)."
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _styled(self)


class SpecialAgreementForm(StyledForm):
    resolution = forms.ModelChoiceField(
        BoardResolution.objects.order_by("-adopted_on"),
        label="Approved by the Board's resolution",
        help_text="A special agreement is made with the Town Board's approval (§118-43).",
    )
    parameter = forms.ChoiceField(label="Parameter", choices=PARAMETER_CHOICES)
    limit = forms.DecimalField(
        label="Accepted strength (in the limit's unit: mg/L for concentrations)",
        min_value=0,
        max_digits=12,
        decimal_places=3,
        widget=forms.NumberInput(attrs=NUMBER),
        help_text="The unusual strength accepted for treatment (§118-43, I-71).",
    )
    starts_on = forms.DateField(label="From", widget=DATE, help_text="Not before the resolution was adopted.")
    ends_on = forms.DateField(label="Until", required=False, widget=DATE, help_text="Empty: until the Board ends it.")
    terms = forms.CharField(
        label="Terms",
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="The payment by the industrial concern and other terms (§118-43).",
    )


class PreliminaryTreatmentForm(StyledForm):
    description = forms.CharField(
        label="Facility", max_length=200, help_text="e.g. pH neutralization, equalization tank (§118-40)."
    )
    plans_submitted_on = forms.DateField(label="Plans submitted on", widget=DATE, validators=[happened("A submission")])
    town_engineer_approved_on = forms.DateField(
        label="Approved in writing by the Town Engineer on", required=False, widget=DATE
    )
    state_approved_on = forms.DateField(
        label="Approved by the Water Resources Commission and NYSDEC on", required=False, widget=DATE
    )
    construction_started_on = forms.DateField(
        label="Construction started on",
        required=False,
        widget=DATE,
        help_text="No construction before both written approvals (§118-40).",
    )


class CoolingWaterPermitForm(StyledForm):
    spdes_number = forms.CharField(
        label="SPDES permit no.",
        max_length=30,
        help_text="Cooling water to natural drainage needs a SPDES permit (§118-28).",
    )
    town_engineer_approved_on = forms.DateField(label="Approved by the Town Engineer on", widget=DATE)
    issued_on = forms.DateField(label="Issued by NYSDEC on", widget=DATE)
    expires_on = forms.DateField(label="Expires on", widget=DATE)
    outfall = forms.CharField(label="Natural drainage it discharges to", max_length=200)


class VisitForm(StyledForm):
    """A §118-45 entry, with each narrative prohibition of §118-37 (and §118-2, 3) as seen or not."""

    visited_on = forms.DateField(label="Visited on", widget=DATE, validators=[happened("A visit")])
    visitor = forms.CharField(label="Visitor", max_length=120)
    agency = forms.ChoiceField(label="Agency", choices=Agency.choices, help_text="Who §118-45 lets enter.")
    credentials = forms.CharField(
        label="Credentials shown", max_length=120, help_text="Proper credentials and identification (§118-45)."
    )
    reason = forms.CharField(
        label="Reason for inspection",
        max_length=200,
        help_text="Inspection, observation, measurement, sampling or testing (§118-45).",
    )
    notes = forms.CharField(label="Notes", required=False, widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for key, words in CHECKLIST.items():
            self.fields[f"check_{key}"] = forms.ChoiceField(
                label=words, choices=Observed.choices, initial=Observed.NOT_CHECKED, widget=forms.RadioSelect
            )
        _styled(self)

    def checklist(self) -> dict[str, str]:
        return {key: self.cleaned_data[f"check_{key}"] for key in CHECKLIST}


class SampleForm(StyledForm):
    """One sample as the lab reported it; its results are the :class:`ResultForm` rows below it."""

    point = forms.ModelChoiceField(
        SamplingPoint.objects.none(), label="Sampling point", help_text="Where it was taken (§118-42)."
    )
    sample_id = forms.CharField(label="Lab sample id", max_length=60)
    lab = forms.CharField(label="Laboratory", max_length=120)
    kind = forms.ChoiceField(
        label="Kind",
        choices=SampleKind.choices,
        widget=forms.RadioSelect,
        help_text="A 24-hour composite is that day's 24-hour average (I-31).",
    )
    started_at = forms.DateTimeField(label="Started at", widget=MOMENT, help_text="The Town's time.")
    ended_at = forms.DateTimeField(label="Ended at", widget=MOMENT, help_text="A grab: the same moment.")
    flow_gal = forms.DecimalField(
        label="Flow over the sample (gal)",
        required=False,
        min_value=0,
        max_digits=12,
        decimal_places=1,
        widget=forms.NumberInput(attrs=NUMBER),
        help_text="Weights the composite in the period's strength (I-31).",
    )

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["point"].queryset = user.points.all()  # type: ignore[attr-defined]
        _styled(self)

    def cells(self) -> dict[str, str]:
        """The sample's columns of the lab-results layout (``imports.check_sample``)."""
        data = self.cleaned_data
        flow = data.get("flow_gal")
        return {
            "sample_id": data["sample_id"].strip(),
            "sampling_point": data["point"].code,
            "start": data["started_at"].isoformat(),
            "end": data["ended_at"].isoformat(),
            "sample_type": data["kind"],
            "lab": data["lab"].strip(),
            "flow_gal": "" if flow is None else str(flow),
        }


class ResultForm(StyledForm):
    """One result of the sample; a row left empty is not entered."""

    parameter = forms.ChoiceField(label="Parameter", choices=[("", "—"), *PARAMETER_CHOICES], required=False)
    result = forms.DecimalField(
        label="Result",
        required=False,
        min_value=0,
        max_digits=20,
        decimal_places=9,
        widget=forms.NumberInput(attrs=NUMBER),
    )
    qualifier = forms.ChoiceField(
        label="Qualifier",
        choices=Qualifier.choices,
        required=False,
        help_text="< : below the detection limit, counted as zero (I-31).",
    )
    detection_limit = forms.DecimalField(
        label="Detection limit",
        required=False,
        min_value=0,
        max_digits=20,
        decimal_places=9,
        widget=forms.NumberInput(attrs=NUMBER),
    )
    unit = forms.ChoiceField(
        label="Unit", choices=UNITS, initial="mg/L", help_text="Converted exactly to the limit's unit (I-31)."
    )
    method = forms.CharField(label="Method", max_length=60, required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        row = str(self.prefix or "").rsplit("-", 1)[-1]
        number = int(row) + 1 if row.isdigit() else 0
        for field in self.fields.values():  # the table's cells have no label of their own
            field.widget.attrs["aria-label"] = f"{field.label}, result {number}" if number else str(field.label)

    def filled(self) -> bool:
        return bool(self.cleaned_data.get("parameter") or self.cleaned_data.get("result") is not None)

    def cells(self) -> dict[str, str]:
        data = self.cleaned_data
        limit, value = data.get("detection_limit"), data.get("result")
        return {
            "parameter": data.get("parameter") or "",
            "result": "" if value is None else str(value),
            "qualifier": data.get("qualifier") or "",
            "detection_limit": "" if limit is None else str(limit),
            "unit": data["unit"],
            "method": (data.get("method") or "").strip(),
        }


ResultFormSet = forms.formset_factory(ResultForm, extra=RESULT_ROWS, max_num=40)
