"""Forms of the engineering screens: a design upload, the Town Engineer's review of future flows, an approval."""

from __future__ import annotations

from django import forms

from sewerworks.enforcement.actions.common import happened
from sewerworks.engineering.choices import Authority

MAX_DESIGN_BYTES = 20 * 1024 * 1024


class DesignUploadForm(forms.Form):
    file = forms.FileField(
        label="Design file", help_text="An EPA SWMM 5 input file (.inp) or a GeoJSON FeatureCollection (.geojson)."
    )
    crs = forms.CharField(
        label="Coordinate system", required=False, max_length=40,
        help_text="EPSG code of the coordinates, e.g. EPSG:4326 (default: as the file declares, else EPSG:2260).",
    )  # fmt: skip
    note = forms.CharField(label="What this revision changes", required=False, widget=forms.Textarea(attrs={"rows": 2}))

    def clean_file(self) -> object:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_DESIGN_BYTES:
            raise forms.ValidationError("A design file may be at most 20 MB.")
        if not upload.name.lower().endswith((".inp", ".geojson", ".json")):
            raise forms.ValidationError("Upload a .inp (EPA SWMM 5) or .geojson file.")
        return upload


class FutureFlowsForm(forms.Form):
    reviewed_on = forms.DateField(label="Reviewed on", validators=[happened("A review")],
                                  widget=forms.DateInput(attrs={"type": "date"}))  # fmt: skip
    note = forms.CharField(label="What the design allows for", widget=forms.Textarea(attrs={"rows": 2}))


class ApprovalForm(forms.Form):
    authority = forms.ChoiceField(label="Approved by", choices=Authority.choices)
    approved_on = forms.DateField(label="Approved on", validators=[happened("An approval")],
                                  widget=forms.DateInput(attrs={"type": "date"}))  # fmt: skip
    reference = forms.CharField(label="Letter or resolution", required=False, max_length=120)
