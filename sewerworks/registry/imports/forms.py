"""The upload form: the roll (CSV) and/or the parcel polygons (GeoJSON), checked for size and type."""

from __future__ import annotations

import json
from typing import Any

from django import forms

from sewerworks.core.imports.forms import decode_csv_upload, read_upload

ROLL_EXTENSIONS = (".csv",)
POLYGON_EXTENSIONS = (".geojson", ".json")


class ImportUploadForm(forms.Form):
    """Upload the assessor's roll, the parcel polygons, or both (the roll is imported first)."""

    roll_file = forms.FileField(
        label="Assessor's roll (CSV)", required=False,
        help_text="One row per parcel with a header row: tax_map_number, street_number, street_name, hamlet, "
                  "land_use_class, roll_year, assessed_value, owner_name, owner_mailing_address, owner_city, "
                  "owner_state, owner_postal_code; optionally taxable_value (for town and county purposes). UTF-8.",
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,text/csv"}),
    )
    polygons_file = forms.FileField(
        label="Parcel polygons (GeoJSON)", required=False,
        help_text="A FeatureCollection, one Polygon per parcel with properties.tax_map_number; EPSG:2260 feet "
                  "or WGS84 longitude/latitude.",
        widget=forms.ClearableFileInput(attrs={"accept": ".geojson,.json,application/geo+json,application/json"}),
    )

    def clean_roll_file(self) -> bytes | None:
        upload = self.cleaned_data.get("roll_file")
        if not upload:
            return None
        data = read_upload(upload, ROLL_EXTENSIONS, "a CSV file")
        decode_csv_upload(upload, data, "the roll")
        self.roll_name = upload.name
        return data

    def clean_polygons_file(self) -> bytes | None:
        upload = self.cleaned_data.get("polygons_file")
        if not upload:
            return None
        data = read_upload(upload, POLYGON_EXTENSIONS, "a GeoJSON file")
        try:
            doc = json.loads(data.decode("utf-8-sig"))
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
            raise forms.ValidationError(f"{upload.name} is not JSON text: GeoJSON is UTF-8 JSON.") from exc
        if not isinstance(doc, dict) or doc.get("type") != "FeatureCollection":
            raise forms.ValidationError(f"{upload.name} is JSON but not a GeoJSON FeatureCollection.")
        self.polygons_name = upload.name
        return data

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if not self.errors and not cleaned.get("roll_file") and not cleaned.get("polygons_file"):
            raise forms.ValidationError("Choose the roll, the polygons, or both to upload.")
        return cleaned


class KindUploadForm(forms.Form):
    """Upload one file of a registered import kind (the water district's meter reads...): the kind gives
    the field's label, help text and the file endings it accepts."""

    file = forms.FileField(label="File")

    def __init__(self, kind: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.kind = kind
        field = self.fields["file"]
        field.label = kind.upload_label or kind.label
        field.help_text = kind.upload_help
        field.widget.attrs["accept"] = ",".join(kind.extensions)
        self.file_name = ""

    def clean_file(self) -> bytes:
        upload = self.cleaned_data["file"]
        csv_file = ".csv" in self.kind.extensions
        data = read_upload(upload, self.kind.extensions, "a CSV file" if csv_file else self.kind.label)
        if csv_file:
            decode_csv_upload(upload, data, self.kind.label)
        self.file_name = upload.name
        return data
