"""The permits screens' forms. They validate what a person typed; the review and the ``do_*`` actions decide."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from django import forms

from sewerworks.core.models import BoardResolution
from sewerworks.enforcement.actions.common import happened
from sewerworks.enforcement.forms import DATE, StyledForm
from sewerworks.permits.choices import AttachmentKind, DiscretionVerdict, Examiner, PaymentMethod, PermitClass
from sewerworks.registry.models import Parcel

NUMBER = {"inputmode": "decimal", "step": "any", "min": "0"}
MATERIALS = [
    ("pvc_sdr35", "PVC SDR 35"),
    ("ductile_iron_c151_class2", "Ductile iron AWWA C151 Class 2"),
    ("other_approved_by_town_engineer", "Other, approved by the Town Engineer"),
    ("other", "Other (needs the Town Engineer's approval)"),
]
KINDS = [
    ("building_sewer", "Building sewer permit (§118-15)"),
    ("opening", "Opening a public sewer (§118-14)"),
    ("old_sewer_reuse", "Reuse of an old building sewer (§118-18)"),
]
BEND = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(?:°|deg)?\s*(with cleanout|cleanout|yes)?\s*$", re.I)


def _checkboxes(form: forms.Form) -> None:
    for field in form.fields.values():
        if isinstance(field.widget, forms.CheckboxInput):
            field.widget.attrs["class"] = "form-check-input"


def _decimal(label: str, required: bool = True, **kw: Any) -> forms.DecimalField:
    return forms.DecimalField(
        label=label,
        required=required,
        min_value=0,
        max_digits=9,
        decimal_places=4,
        widget=forms.NumberInput(attrs=NUMBER),
        **kw,
    )


class ApplicationForm(StyledForm):
    kind = forms.ChoiceField(label="Kind of permit", choices=KINDS)
    permit_class = forms.ChoiceField(
        label="Class (building sewer permits)",
        required=False,
        choices=[("", "—"), *PermitClass.choices],
        help_text="I-01",
    )
    tax_map_number = forms.CharField(label="Tax map number of the property", max_length=40)
    applicant = forms.CharField(label="Applicant", max_length=120, help_text="The owner or the owner's agent.")
    applicant_is_agent = forms.BooleanField(label="The applicant is the owner's agent", required=False)
    filed_on = forms.DateField(label="Filed on", widget=DATE, validators=[happened("An application")])
    description = forms.CharField(label="Work described", required=False, widget=forms.Textarea(attrs={"rows": 2}))
    constituents = forms.CharField(
        label="Class 2: wastewater constituents", required=False, widget=forms.Textarea(attrs={"rows": 2})
    )
    characteristics = forms.CharField(
        label="Class 2: wastewater characteristics", required=False, widget=forms.Textarea(attrs={"rows": 2})
    )
    activity = forms.CharField(label="Class 2: type of activity", required=False, max_length=500)
    county_conditions = forms.CharField(
        label="County conditions (I-02)", required=False, widget=forms.Textarea(attrs={"rows": 2})
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _checkboxes(self)

    def clean_tax_map_number(self) -> Parcel:
        number = self.cleaned_data["tax_map_number"].strip()
        parcel = Parcel.objects.filter(tax_map_number=number).first()
        if parcel is None:
            raise forms.ValidationError(f"No parcel has tax map number {number}.")
        return parcel

    def action_kwargs(self) -> dict[str, Any]:
        data = dict(self.cleaned_data)
        data["parcel"] = data.pop("tax_map_number")
        if data["permit_class"] != PermitClass.CLASS_2:
            for key in ("constituents", "characteristics", "activity"):
                data.pop(key)
        return data


class DesignForm(StyledForm):
    """The building sewer as designed, with the lateral, a lift and a rear building if any: the review's facts."""

    diameter_in = _decimal("Building sewer diameter (in)")
    slope_in_per_ft = _decimal("Slope (inches of fall per foot)", help_text="§118-20: 1/8 to 1/2 for 4-inch pipe.")
    material = forms.ChoiceField(label="Pipe material", choices=MATERIALS)
    joints_gastight_watertight = forms.BooleanField(
        label="Joints gastight and watertight", required=False, initial=True
    )
    distance_to_water_service_ft = _decimal("Least distance to a water service pipe (ft)", required=False)
    distance_to_bearing_wall_ft = _decimal("Least distance to a bearing wall (ft)", required=False)
    parallel_to_bearing_wall = forms.BooleanField(label="Runs parallel to a bearing wall", required=False)
    filled_ground = forms.BooleanField(label="Laid in filled or unstable ground", required=False)
    concrete_cradle = forms.BooleanField(label="On a concrete bed or cradle", required=False)
    tree_roots_exposure = forms.BooleanField(label="Exposed to tree roots", required=False)
    bends = forms.CharField(
        label="Horizontal bends",
        required=False,
        max_length=300,
        help_text="One per line or comma: degrees, then “cleanout” if it has one (45 cleanout, 22.5).",
    )
    buildings_served = forms.IntegerField(label="Buildings the sewer serves", min_value=1, max_value=50, initial=1)
    rear_building_on_interior_lot = forms.BooleanField(
        label="The second building stands at the rear on an interior lot", required=False
    )
    lateral_exists = forms.ChoiceField(
        label="Lateral to the property line",
        required=False,
        choices=[("", "Not described"), ("yes", "Exists"), ("no", "None: the Sewer Department builds it")],
    )
    connection_at_property_line = forms.BooleanField(
        label="Connects at the property line", required=False, initial=True
    )
    rock_cut_required = forms.BooleanField(label="Rock cut required", required=False)
    curb_cut_required = forms.BooleanField(label="Curb cut required", required=False)
    drain_too_low_for_gravity = forms.BooleanField(label="A building drain is too low for gravity flow", required=False)
    drain_in_place_on = forms.DateField(label="That drain in place on", required=False, widget=DATE)
    public_sewer_installed_on = forms.DateField(label="Public sewer installed on", required=False, widget=DATE)
    # §118-36: the Building Inspector's referral of a building permit for a new dwelling or structure
    new_structure = forms.BooleanField(label="A building permit is asked for a new dwelling or structure",
                                       required=False)  # fmt: skip
    within_improvement = forms.BooleanField(label="It lies within the improvement boundaries", required=False,
                                            initial=True)  # fmt: skip
    requires_sanitary_facilities = forms.BooleanField(label="It requires sanitary facilities", required=False,
                                                      initial=True)  # fmt: skip
    proposed_method = forms.ChoiceField(label="Method of waste disposal proposed", required=False, choices=[
        ("public_sewer", "Connection to the public sewer"), ("private_system", "A private system"),
        ("none", "None proposed")])  # fmt: skip
    method_approved = forms.BooleanField(
        label="The method is approved (this building sewer permit, or the county's for a private system)",
        required=False,
    )
    distance_to_public_sewer_ft = _decimal("Private system: distance to the nearest public main (ft)", required=False)
    part_of_new_development = forms.BooleanField(label="Part of a new development of several lots", required=False)
    development_sewers_approved = forms.BooleanField(label="The development's sanitary sewers are approved",
                                                     required=False)  # fmt: skip

    NEW_STRUCTURE = ("new_structure", "within_improvement", "requires_sanitary_facilities", "proposed_method",
                     "method_approved", "distance_to_public_sewer_ft", "part_of_new_development",
                     "development_sewers_approved")  # fmt: skip

    def building_sewer_fields(self) -> list[Any]:
        return [f for f in self.visible_fields() if f.name not in self.NEW_STRUCTURE]

    def new_structure_fields(self) -> list[Any]:
        return [f for f in self.visible_fields() if f.name in self.NEW_STRUCTURE]

    def new_development(self) -> dict[str, Any] | None:
        """The ``new-development`` topic's facts (§118-36), when a building permit is asked for a new structure."""
        d = self.cleaned_data
        if not d.get("new_structure"):
            return None
        facts: dict[str, Any] = {
            k: bool(d.get(k)) for k in ("within_improvement", "requires_sanitary_facilities", "method_approved",
                                        "part_of_new_development", "development_sewers_approved")
        }  # fmt: skip
        facts["proposed_method"] = d.get("proposed_method") or "none"
        if d.get("distance_to_public_sewer_ft") is not None and facts["proposed_method"] == "private_system":
            facts["distance_to_public_sewer_ft"] = format(d["distance_to_public_sewer_ft"], "f")
        return facts

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _checkboxes(self)

    def clean_bends(self) -> list[dict[str, Any]]:
        bends = []
        for n, part in enumerate(re.split(r"[,\n]", self.cleaned_data.get("bends") or ""), start=1):
            if not part.strip():
                continue
            found = BEND.match(part)
            if found is None:
                raise forms.ValidationError(f"Bend {n} ({part.strip()}): write degrees, then “cleanout” if it has one.")
            bends.append({"angle_degrees": found.group(1), "has_cleanout": bool(found.group(2))})
        return bends

    def design(self) -> dict[str, Any]:
        d = self.cleaned_data

        def text(value: Decimal | None) -> str | None:
            return None if value is None else format(value, "f")

        sewer: dict[str, Any] = {
            "diameter_in": text(d["diameter_in"]),
            "slope_in_per_ft": text(d["slope_in_per_ft"]),
            "material": d["material"],
            "joints_gastight_watertight": d["joints_gastight_watertight"],
            "ground": "filled_or_unstable" if d["filled_ground"] else "normal",
            "concrete_cradle": d["concrete_cradle"],
            "tree_roots_exposure": d["tree_roots_exposure"],
            "parallel_to_bearing_wall": d["parallel_to_bearing_wall"],
            "bends": d["bends"],
        }
        for key in ("distance_to_water_service_ft", "distance_to_bearing_wall_ft"):
            if d[key] is not None:
                sewer[key] = text(d[key])
        design: dict[str, Any] = {"building-sewer": sewer}
        if d["buildings_served"] and d["buildings_served"] > 1:
            design["separate-building-sewer"] = {
                "buildings_served": d["buildings_served"],
                "rear_building_on_interior_lot": d["rear_building_on_interior_lot"],
                "private_sewer_to_rear": "none" if d["rear_building_on_interior_lot"] else "available",
            }
        if d["lateral_exists"]:
            design["lateral-connection"] = {
                "connection_at_property_line": d["connection_at_property_line"],
                "lateral_exists": d["lateral_exists"] == "yes",
                "lateral_builder": None if d["lateral_exists"] == "yes" else "sewer_department",
                "rock_cut_required": d["rock_cut_required"],
                "curb_cut_required": d["curb_cut_required"],
            }
        structure = self.new_development()
        if structure is not None:
            design["new-development"] = structure
        if d["drain_too_low_for_gravity"]:
            design["building-drain-lift"] = {
                "drain_too_low_for_gravity": True,
                "drain_in_place_on": d["drain_in_place_on"].isoformat() if d["drain_in_place_on"] else None,
                "public_sewer_installed_on": d["public_sewer_installed_on"].isoformat()
                if d["public_sewer_installed_on"]
                else None,
            }
        return design

    @staticmethod
    def initial_from(design: dict[str, Any]) -> dict[str, Any]:
        sewer = dict(design.get("building-sewer") or {})
        bends = ", ".join(
            f"{b['angle_degrees']}{' cleanout' if b.get('has_cleanout') else ''}" for b in sewer.pop("bends", [])
        )
        initial = {**sewer, "bends": bends, "filled_ground": sewer.get("ground") == "filled_or_unstable"}
        lateral = design.get("lateral-connection")
        if lateral:
            initial |= {
                k: v
                for k, v in lateral.items()
                if k in ("connection_at_property_line", "rock_cut_required", "curb_cut_required")
            }
            initial["lateral_exists"] = "yes" if lateral.get("lateral_exists") else "no"
        initial |= {k: v for k, v in (design.get("building-drain-lift") or {}).items()}
        initial |= {
            k: v for k, v in (design.get("separate-building-sewer") or {}).items() if k != "private_sewer_to_rear"
        }
        structure = design.get("new-development")
        if structure:
            initial |= {"new_structure": True, **structure}
        return initial


class FeeForm(StyledForm):
    amount = forms.DecimalField(label="Amount paid ($)", min_value=0, max_digits=9, decimal_places=2)
    receipt_number = forms.CharField(label="Receipt number", max_length=40)
    method = forms.ChoiceField(label="Method", choices=PaymentMethod.choices)
    paid_on = forms.DateField(label="Paid on", widget=DATE)


class MoveForm(StyledForm):
    to = forms.CharField(widget=forms.HiddenInput)
    why = forms.CharField(label="Why", required=False, max_length=100)
    occurred_on = forms.DateField(
        label="On",
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text="The day the step happened, if not today (I-114).",
    )


class DiscretionForm(StyledForm):
    topic = forms.CharField(widget=forms.HiddenInput)
    requirement = forms.CharField(widget=forms.HiddenInput)
    verdict = forms.ChoiceField(label="Decision", choices=DiscretionVerdict.choices)
    reason = forms.CharField(label="Reason", max_length=500)


class AttachmentForm(StyledForm):
    kind = forms.ChoiceField(label="Document", choices=AttachmentKind.choices)
    file = forms.FileField(label="File (PDF, PNG or JPEG)")


class ExaminationForm(StyledForm):
    examined_by = forms.ChoiceField(label="Examined and tested by", choices=Examiner.choices)
    examined_on = forms.DateField(label="Examined on", widget=DATE)
    finding = forms.ChoiceField(
        label="Finding",
        choices=[("meets_all_requirements", "Meets all requirements"), ("does_not_meet", "Does not meet them")],
    )
    test = forms.CharField(label="Test made", max_length=300)


class PrivateSystemForm(StyledForm):
    tax_map_number = forms.CharField(label="Tax map number of the property", max_length=40)
    applicant = forms.CharField(label="Owner", max_length=120)
    filed_on = forms.DateField(label="Recorded on", widget=DATE, validators=[happened("A private system")])
    description = forms.CharField(label="System described", required=False, widget=forms.Textarea(attrs={"rows": 2}))

    clean_tax_map_number = ApplicationForm.clean_tax_map_number


class CountyStepForm(StyledForm):
    """One of the county's steps: its permit (number, date, conditions), the notice or the final inspection."""

    step = forms.ChoiceField(
        widget=forms.HiddenInput, choices=[("permit", "permit"), ("notice", "notice"), ("inspection", "inspection")]
    )
    number = forms.CharField(label="County permit number", max_length=40, required=False)
    on = forms.DateField(label="Date", widget=DATE)
    at = forms.TimeField(label="Time", required=False, widget=forms.TimeInput(attrs={"type": "time"}))
    conditions = forms.CharField(
        label="County conditions (I-02)", required=False, widget=forms.Textarea(attrs={"rows": 2})
    )

    def moment(self) -> Any:
        import datetime as dt

        from django.utils import timezone

        at = self.cleaned_data.get("at") or dt.time(9, 0)
        return timezone.make_aware(dt.datetime.combine(self.cleaned_data["on"], at))


class GrantForm(StyledForm):
    resolution: forms.ModelChoiceField[BoardResolution] = forms.ModelChoiceField(
        label="Town Board resolution", queryset=BoardResolution.objects.order_by("-adopted_on")
    )
